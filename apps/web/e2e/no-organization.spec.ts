import { createUser, expect, test } from './fixtures';
import { signIn } from './helpers';

// An account no organization has added (signed in, no membership): the server refuses every area's data, so
// every page says plainly what that means, whom to ask and what the account can do. The sidebar keeps the
// content set (spec section 6: no membership gets the content permissions; roles.spec checks its items).
test('an account of no organization gets a plain explanation instead of staff pages that fail', async ({ page, request, sfx }) => {
  const account = await createUser(request, `no-organization-${sfx}@example.test`, 'Nour Without');
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  const serverErrors: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/v1/') && r.status() >= 500) serverErrors.push(`${r.status()} ${r.url()}`);
  });

  await signIn(page, account);
  for (const path of ['/dashboard', '/products']) {
    await page.goto(path);
    const explanation = page.getByTestId('no-organization');
    await expect(explanation.getByRole('heading', { level: 1, name: 'Your account is not part of an organization' })).toBeVisible();
    await expect(explanation.getByText(`You are signed in as ${account.email}`)).toBeVisible();
    await expect(explanation.getByText(/Ask an administrator of your organization/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'New product' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'New product' })).toHaveCount(0);
    await expect(page.getByTestId('sidebar')).toHaveCount(1);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByText(/could not be loaded|failed/i)).toHaveCount(0);
  }

  // In Arabic too.
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitemradio', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'حسابك غير مرتبط بأي مؤسسة' })).toBeVisible();
  await page.getByRole('button', { name: 'اللغة' }).click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');

  // The profile is theirs to keep up to date; signing out goes back to the sign-in page.
  await page.getByRole('button', { name: 'Profile' }).click();
  const profile = page.getByRole('dialog', { name: 'User Profile' });
  await expect(profile.getByLabel('Full Name')).toHaveValue('Nour Without');
  await profile.getByRole('button', { name: 'Cancel' }).click();
  await expect(profile).toHaveCount(0);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/auth/);

  expect(serverErrors).toEqual([]);
  expect(pageErrors).toEqual([]);
});
