import { readFile } from 'node:fs/promises';
import { expect, SUPER_ADMIN, test } from './fixtures';
import { signIn } from './helpers';

// A supplier's file from upload to the web channel (issue 18): an English and Arabic CSV with an error row, the dry
// run's totals and the field-by-field diff of an existing product, the error file downloaded and its row fixed, the
// run, the fixed row imported from the error file; then the imported products published to a web channel, one edited,
// published again, and the second snapshot's diff read on the Snapshots tab.
test('a CSV with an error row: dry run diff, run, error file fixed and imported, then published and republished after an edit', async ({
  page,
  admin,
  sfx,
}) => {
  test.setTimeout(120_000);
  const brand = await admin.post<{ id: string; code: string }>('/brands', {
    code: `sup_${sfx}`,
    nameEn: `Supplier ${sfx}`,
    nameAr: `مورد ${sfx}`,
  });
  const existing = await admin.post<{ id: string; sku: string }>('/products', {
    sku: `IMP-OLD-${sfx}`,
    nameEn: 'Old honey',
    priceMinor: 900,
  });
  const fresh = `IMP-NEW-${sfx}`;
  const broken = `IMP-BAD-${sfx}`;
  const csv = [
    'SKU,Name,الاسم,Price,Brand,Status',
    `${existing.sku},Wildflower honey,عسل زهور برية,12.50,${brand.code},active`,
    `${fresh},Date syrup,دبس التمر,8,${brand.code},active`,
    `${broken},Olive oil,زيت زيتون,abc,${brand.code},active`,
  ].join('\n');

  await signIn(page, SUPER_ADMIN);
  await page.goto('/product-import');
  await page
    .getByTestId('import-file-input')
    .setInputFiles({ name: `supplier-${sfx}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByRole('heading', { name: `supplier-${sfx}.csv` })).toBeVisible();
  // The columns were recognised from their English and Arabic names.
  await expect(page.getByRole('combobox', { name: 'Target of column الاسم' })).toHaveValue('nameAr');

  await page.getByRole('button', { name: 'Dry run', exact: true }).last().click();
  const total = (outcome: string) => page.getByTestId(`import-total-${outcome}`);
  await expect(total('create')).toContainText('1', { timeout: 30_000 });
  await expect(total('update')).toContainText('1');
  await expect(total('error')).toContainText('1');
  const rows = page.getByRole('table').first();
  await expect(rows).toContainText('must be an amount such as 12.50');
  // The existing product's diff, field by field.
  await rows
    .getByRole('row', { name: new RegExp(existing.sku) })
    .getByRole('button', { name: /Changes/ })
    .click();
  await expect(page.getByText('Old honey', { exact: true })).toBeVisible();
  await expect(page.getByText('Wildflower honey', { exact: true }).first()).toBeVisible();

  // The error file: the original columns and the reason; its row fixed.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download error file' }).click();
  const errors = await readFile((await (await downloading).path())!, 'utf8');
  expect(errors).toContain('Reason');
  expect(errors).toContain(`${broken},Olive oil,زيت زيتون,abc,${brand.code},active,Price: must be an amount such as 12.50`);

  await page.getByRole('button', { name: 'Run import' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Run import' }).click();
  await expect(page.getByText('The import is complete.')).toBeVisible({ timeout: 30_000 });
  await expect(total('create')).toContainText('Created');
  await expect(total('create')).toContainText('1');
  await expect(total('update')).toContainText('1');
  await expect(total('error')).toContainText('1');

  const fixedCsv = errors.replace(`${broken},Olive oil,زيت زيتون,abc`, `${broken},Olive oil,زيت زيتون,4.75`);
  await page.getByText('All imports').click();
  await page
    .getByTestId('import-file-input')
    .setInputFiles({ name: `fixed-${sfx}.csv`, mimeType: 'text/csv', buffer: Buffer.from(fixedCsv) });
  await expect(page.getByRole('heading', { name: `fixed-${sfx}.csv` })).toBeVisible();
  await page.getByRole('button', { name: 'Dry run', exact: true }).last().click();
  await expect(total('create')).toContainText('1', { timeout: 30_000 });
  await expect(total('error')).toContainText('0');
  await page.getByRole('button', { name: 'Run import' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Run import' }).click();
  await expect(page.getByText('The import is complete.')).toBeVisible({ timeout: 30_000 });

  const found = await admin.get<{ items: { id: string; sku: string }[] }>(`/products?q=${broken}`);
  const made = found.items.find((p) => p.sku === broken);
  expect(made).toBeTruthy();
  expect(await admin.get(`/products/${made!.id}`)).toMatchObject({ nameAr: 'زيت زيتون', priceMinor: 475 });
  const updated = await admin.get<{ nameEn: string; priceMinor: number }>(`/products/${existing.id}`);
  expect(updated).toMatchObject({ nameEn: 'Wildflower honey', priceMinor: 1250, status: 'active' });

  // The three products of the file go to a web channel for the supplier's brand.
  const channel = await admin.post<{ id: string }>('/catalog-publishing/channels', {
    kind: 'web',
    name: `Web ${sfx}`,
    locales: ['en', 'ar'],
    rules: { activeOnly: true, minCompleteness: 0, categoryIds: [], brandIds: [brand.id], vendorIds: [] },
  });
  await page.goto(`/catalog-publishing?channel=${channel.id}`);
  const detail = page.getByRole('article', { name: `Web ${sfx}` });
  await detail.getByRole('tab', { name: 'Preview' }).click();
  // The demo organization's other products are out: they are not of this brand.
  await expect(detail.getByText(/^3 in, [\d,]+ out$/)).toBeVisible();
  await detail.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('Snapshot 1 published with 3 items')).toBeVisible();

  const syrup = await admin.get<{ items: { id: string; sku: string; version: number }[] }>(`/products?q=${fresh}`);
  const made2 = syrup.items.find((p) => p.sku === fresh)!;
  const current = await admin.get<{ version: number }>(`/products/${made2.id}`);
  await admin.patch(`/products/${made2.id}`, { nameEn: `Date syrup, dark ${sfx}`, expectedVersion: current.version });
  await detail.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('Snapshot 2 published with 3 items')).toBeVisible();

  await detail.getByRole('tab', { name: 'Snapshots' }).click();
  const diff = page.getByTestId('snapshot-diff');
  await expect(diff.getByText('Snapshot 2 against the one before')).toBeVisible();
  await expect(diff.getByText('Changed (1)')).toBeVisible();
  await expect(diff.getByText(fresh)).toBeVisible();
  await expect(diff.getByText(/name/)).toBeVisible();
});
