import { expect, seeded, SUPER_ADMIN, test } from './fixtures';
import { signIn } from './helpers';

test('the guard returns to the requested page after sign-in', async ({ page }) => {
  await page.goto('/pos/sessions?register=1');
  await expect(page).toHaveURL(/\/auth$/);
  await signIn(page, seeded('vendor_manager'));
  await expect(page).toHaveURL(/\/pos\/sessions\?register=1$/);
  await expect(page.getByRole('heading', { name: 'POS Sessions' })).toBeVisible();
});

test('a route without the permission shows "no access", not the page', async ({ page }) => {
  await signIn(page, seeded('marketing'));
  await page.goto('/market-categories');
  await expect(page.getByTestId('no-access')).toBeVisible();
  await expect(page.getByTestId('no-access')).toContainText('Vendor management');
});

test('the theme persists across a reload', async ({ page }) => {
  await signIn(page, SUPER_ADMIN);
  await page.getByRole('button', { name: 'Theme' }).click();
  await page.getByRole('menuitemradio', { name: 'Ocean Breeze' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'ocean-breeze');
  await expect(page.locator('html')).toHaveClass(/theme-ocean-breeze/);
  expect(await page.evaluate(() => localStorage.getItem('pim-theme'))).toBe('ocean-breeze');
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/theme-ocean-breeze/);
  await page.getByRole('button', { name: 'Theme' }).click();
  await page.getByRole('menuitemradio', { name: 'Default' }).click();
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', /.+/);
  await expect(page.locator('html')).not.toHaveClass(/theme-|dark/);
});

test('Ctrl+B collapses the sidebar and the cookie keeps it collapsed for 7 days', async ({ page, context }) => {
  await signIn(page, SUPER_ADMIN);
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');
  expect((await sidebar.boundingBox())!.width).toBeCloseTo(256, 0);
  await page.keyboard.press('Control+b');
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
  await expect.poll(async () => (await sidebar.boundingBox())!.width).toBeCloseTo(48, 0);
  // The version stays inside the icon rail.
  const version = page.getByTestId('sidebar-version');
  expect(await version.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  const cookie = (await context.cookies()).find((c) => c.name === 'sidebar_state');
  expect(cookie?.value).toBe('false');
  const days = (cookie!.expires - Date.now() / 1000) / 86400;
  expect(days).toBeGreaterThan(6.9);
  expect(days).toBeLessThan(7.1);
  await page.reload();
  await expect(page.getByTestId('sidebar')).toHaveAttribute('data-state', 'collapsed');
  await page.keyboard.press('Meta+b');
  await expect(page.getByTestId('sidebar')).toHaveAttribute('data-state', 'expanded');
});

test('below 768 px the sidebar is an 18rem sheet', async ({ page }) => {
  await page.setViewportSize({ width: 700, height: 900 });
  await signIn(page, SUPER_ADMIN);
  await expect(page.getByTestId('sidebar')).toHaveCount(0);
  await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
  const sheet = page.getByTestId('sidebar-sheet');
  await expect(sheet).toBeVisible();
  expect((await sheet.boundingBox())!.width).toBeCloseTo(288, 0);
  await sheet.getByRole('link', { name: 'Products', exact: true }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(sheet).toHaveCount(0);
});

test('the profile dialog saves and says so', async ({ page, sfx }) => {
  await signIn(page, seeded('product_team'));
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'User Profile' });
  await expect(dialog.getByTestId('role-badge')).toHaveText('Inventory');
  await expect(dialog.getByLabel('Email')).toHaveValue(seeded('product_team').email);
  await dialog.getByLabel('Full Name').fill(`Rania Product ${sfx}`);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menu')).toContainText(`Rania Product ${sfx}`);
  await page.keyboard.press('Escape');
  // The server refuses a malformed avatar URL: the dialog stays open and the failure toast shows.
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await dialog.getByLabel('Avatar URL').fill('not a url');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Failed to update profile')).toBeVisible();
  await expect(dialog).toBeVisible();
});

test('switching to Arabic mirrors the shell and translates it', async ({ page }) => {
  await signIn(page, SUPER_ADMIN);
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitemradio', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByTestId('sidebar').getByRole('link', { name: 'لوحة التحكم' })).toBeVisible();
  const box = (await page.getByTestId('sidebar').boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x + box.width).toBeCloseTo(width, 0);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
});

test('log out clears storage and cookies and goes to /auth', async ({ page, context }) => {
  await signIn(page, seeded('marketing'));
  await page.evaluate(() => sessionStorage.setItem('scratch', '1'));
  await expect(page.getByTestId('sidebar')).toHaveAttribute('data-state', 'expanded');
  await page.keyboard.press('Control+b');
  await expect.poll(async () => (await context.cookies()).some((c) => c.name === 'sidebar_state')).toBe(true);
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  // Everything was cleared; the sign-in page then keeps only the public texts it loaded (no one's data).
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => !k.startsWith('market-dictionary')))).toEqual([]);
  expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
  expect((await context.cookies()).filter((c) => c.name === 'sidebar_state')).toHaveLength(0);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth$/);
});

test('Refresh refetches the active queries and fires the refresh event', async ({ page }) => {
  await signIn(page, SUPER_ADMIN);
  await expect(page.getByTestId('members-count')).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { refreshed: number }).refreshed = 0;
    window.addEventListener('app:refresh', () => (window as unknown as { refreshed: number }).refreshed++);
  });
  const refetch = page.waitForRequest((r) => r.url().endsWith('/api/v1/dashboard'));
  await page.getByRole('button', { name: 'Refresh' }).click();
  await refetch;
  await expect.poll(() => page.evaluate(() => (window as unknown as { refreshed: number }).refreshed)).toBe(1);
});
