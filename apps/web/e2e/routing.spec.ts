import { expect, test } from './fixtures';

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('a staff route without a session redirects to /auth, replacing history', async ({ page }) => {
  await page.goto('/first-page');
  await page.goto('/market-categories');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  // The guarded entry was replaced by /auth, so going back returns to the page before it.
  await page.goBack();
  await expect(page).toHaveURL(/\/first-page$/);
});

test('a hash route becomes a normal path', async ({ page }) => {
  await page.goto('/#/no-such-hash-page');
  await expect(page).toHaveURL(/\/no-such-hash-page$/);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('on the vendor host the staff routes do not exist and / goes to the application form', async ({ page, baseURL }) => {
  const vendor = baseURL!.replace('localhost', 'vendors.localhost');
  await page.goto(`${vendor}/`);
  await expect(page).toHaveURL(/\/market-vendor-application$/);
  await page.goto(`${vendor}/dashboard`);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
