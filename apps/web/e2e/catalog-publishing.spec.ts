import { expect, SUPER_ADMIN, test } from './fixtures';
import { signIn } from './helpers';

// Publishing to the web channel: a channel limited to one brand, published from the screen; a product edited;
// published again; and the second snapshot's diff read on the Snapshots tab.
test('publishes the web channel, then reads the diff of the second snapshot after an edit', async ({ page, admin, sfx }) => {
  test.setTimeout(60_000);
  const brand = await admin.post('/brands', { code: `pub_${sfx}`, nameEn: `Pub ${sfx}`, nameAr: `نشر ${sfx}` });
  const honey = await admin.post<{ id: string; version: number }>('/products', {
    sku: `PUB-HONEY-${sfx}`,
    nameEn: `Honey ${sfx}`,
    nameAr: `عسل ${sfx}`,
    status: 'active',
    priceMinor: 1250,
    brandId: brand.id,
  });
  await admin.post('/products', { sku: `PUB-JAR-${sfx}`, nameEn: `Jar ${sfx}`, status: 'active', priceMinor: 300, brandId: brand.id });
  const channel = await admin.post('/catalog-publishing/channels', {
    kind: 'web',
    name: `Web ${sfx}`,
    locales: ['en', 'ar'],
    rules: { activeOnly: true, minCompleteness: 0, categoryIds: [], brandIds: [brand.id], vendorIds: [] },
  });

  await signIn(page, SUPER_ADMIN);
  await page.goto(`/catalog-publishing?channel=${channel.id}`);
  const detail = page.getByRole('article', { name: `Web ${sfx}` });
  await detail.getByRole('tab', { name: 'Preview' }).click();
  // The demo organization's other products are out: they are not of this brand.
  await expect(detail.getByText(/^2 in, [\d,]+ out$/)).toBeVisible();
  await detail.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('Snapshot 1 published with 2 items')).toBeVisible();

  await admin.patch(`/products/${honey.id}`, { nameEn: `Wild honey ${sfx}`, expectedVersion: honey.version });
  await detail.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('Snapshot 2 published with 2 items')).toBeVisible();

  await detail.getByRole('tab', { name: 'Snapshots' }).click();
  const diff = page.getByTestId('snapshot-diff');
  await expect(diff.getByText('Snapshot 2 against the one before')).toBeVisible();
  await expect(diff.getByText('Changed (1)')).toBeVisible();
  await expect(diff.getByText(`PUB-HONEY-${sfx}`)).toBeVisible();
  await expect(diff.getByText(/name/)).toBeVisible();
});
