import { expect, SUPER_ADMIN, test } from './fixtures';
import { signIn, wcagViolations } from './helpers';

// API keys (decision 023): a key made on /integrations, its secret copied from the dialog that shows it once,
// used as a bearer credential on /api/v1 from outside the browser, then revoked and refused.
test('makes an API key, calls the API with the copied secret, revokes it, and is refused after', async ({ page, request, sfx }) => {
  test.setTimeout(90_000);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, SUPER_ADMIN);
  await page.goto('/integrations');
  await expect(page.getByRole('heading', { name: 'Integrations', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'API keys' })).toHaveAttribute('aria-selected', 'true');

  await page.getByTestId('api-key-new').click();
  const form = page.getByTestId('api-key-form');
  // Sent empty: the name and the scopes say what is missing.
  await page.getByRole('button', { name: 'Make the key' }).click();
  await expect(form.getByText('Enter a name.')).toBeVisible();
  await expect(form.getByText('Choose at least one scope.')).toBeVisible();
  await form.getByLabel('Name').fill(`Shop ${sfx}`);
  await form.getByLabel('Products', { exact: true }).selectOption('read');
  await page.getByRole('button', { name: 'Make the key' }).click();

  const secretBox = page.getByTestId('api-key-secret');
  await expect(page.getByRole('dialog', { name: 'Copy your new API key' })).toBeVisible();
  await expect(page.getByText('This is the only time the whole key is shown.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(page.getByText('Key copied')).toBeVisible();
  const secret = await page.evaluate(() => navigator.clipboard.readText());
  expect(secret).toMatch(/^mbo_live_[a-z0-9]{8}_[A-Za-z0-9]{40}$/);
  await expect(secretBox).toHaveText(secret);
  await page.getByRole('button', { name: 'I have stored it' }).click();

  // The list shows the prefix only, never the secret.
  const row = page.getByTestId('api-key-row').filter({ hasText: `Shop ${sfx}` });
  await expect(row).toContainText(secret.slice(0, 'mbo_live_'.length + 8));
  await expect(row).not.toContainText(secret.slice('mbo_live_'.length + 9));
  await expect(row).toContainText('Products: Read');
  await expect(row.getByTestId('api-key-status')).toHaveText('Active');

  const call = () => request.get('/api/v1/products?limit=1', { headers: { authorization: `Bearer ${secret}` } });
  expect((await call()).status()).toBe(200);
  // Read only: a write is refused.
  const write = await request.post('/api/v1/products', {
    headers: { authorization: `Bearer ${secret}` },
    data: { sku: `KEY-${sfx}`, nameEn: 'Refused' },
  });
  expect(write.status()).toBe(403);

  // The use shows in the list once it is reloaded.
  await page.reload();
  await expect(row).not.toContainText('Not used yet');

  await row.getByRole('button', { name: `Revoke the key “Shop ${sfx}”` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke', exact: true }).click();
  await expect(page.getByText('The key was revoked.')).toBeVisible();
  await expect(row.getByTestId('api-key-status')).toHaveText('Revoked');
  expect((await call()).status()).toBe(401);
});

for (const lang of ['en', 'ar']) {
  test(`the integrations page meets WCAG A and AA (${lang})`, async ({ page, admin, sfx }) => {
    await admin.post('/api-keys', { name: `A11y ${sfx}`, scopes: [{ permission: 'products', access: 'read' }] });
    await signIn(page, SUPER_ADMIN, { language: lang });
    await page.goto('/integrations');
    await expect(page.getByTestId('api-key-row').first()).toBeVisible();
    expect(await wcagViolations(page)).toEqual([]);
    await page.getByTestId('api-key-new').click();
    await expect(page.getByTestId('api-key-form')).toBeVisible();
    expect(await wcagViolations(page)).toEqual([]);
  });
}
