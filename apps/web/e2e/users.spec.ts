import type { Browser, Page } from '@playwright/test';
import { linkIn, newestMail } from './application-helpers';
import { apiAs, expect, SUPER_ADMIN, test, type Account, type Api } from './fixtures';
import { signIn, wcagViolations } from './helpers';

const PASSWORD = 'E2e-Users-Invited-2026!';

/** A super admin invites someone from /users; the invitee follows the e-mailed link and chooses a password. */
async function inviteThroughUsers(
  page: Page,
  browser: Browser,
  email: string,
  name: string,
  role: string,
): Promise<{ account: Account; page: Page }> {
  await page.goto('/users');
  await page.getByRole('button', { name: 'Invite user' }).click();
  const form = page.getByTestId('users-invite-form');
  await form.getByLabel('E-mail address').fill(email);
  await form.getByLabel('Full name (optional)').fill(name);
  await form.getByLabel('Role').selectOption({ label: role });
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();

  const mail = await newestMail(page.request, email, 'invite');
  const link = linkIn(mail.textBody, '/auth?mode=confirm');
  const invitee = await (await browser.newContext({ locale: 'en-US' })).newPage();
  await invitee.goto(link);
  await invitee.getByRole('button', { name: 'Accept the invitation and choose a password' }).click();
  const accept = invitee.getByTestId('invite-form');
  await accept.locator('input[type="password"]').fill(PASSWORD);
  await accept.getByRole('button').last().click();
  await expect(invitee).not.toHaveURL(/\/auth/);
  return { account: { email, password: PASSWORD }, page: invitee };
}

async function setMarketingImport(admin: Api, enabled: boolean) {
  const { version } = await admin.get<{ version: string }>('/users/permission-matrix');
  await admin.put('/users/permission-matrix', {
    changes: [{ role: 'marketing', permission: 'import', enabled }],
    expectedVersion: version,
  });
}

test('a super admin invites a marketing user, grants import through the matrix, and the signed-in user sees Import at once', async ({
  page,
  browser,
  admin,
  sfx,
}) => {
  test.setTimeout(90_000);
  await signIn(page, SUPER_ADMIN);
  const email = `marketer-${sfx}@example.test`;
  const { page: marketer } = await inviteThroughUsers(page, browser, email, `Marketer ${sfx}`, 'Marketing');
  const sidebar = marketer.getByTestId('sidebar');
  await expect(sidebar).toHaveAttribute('data-ready', 'true');
  await expect(sidebar.getByRole('link', { name: 'Products', exact: true })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Import', exact: true })).toHaveCount(0);

  // The list finds the new user; their details say where each permission comes from.
  await page.goto('/users');
  await page.getByLabel('Search by name or e-mail').fill(email);
  await page.getByRole('button', { name: `Marketer ${sfx}` }).click();
  const details = page.getByRole('dialog');
  await expect(details.getByText('Effective permissions')).toBeVisible();
  await expect(details.getByRole('listitem').filter({ hasText: 'Products' }).getByText('fixed for Marketing')).toBeVisible();
  await details.getByRole('button', { name: 'Close' }).first().click();

  try {
    await page.getByRole('tab', { name: 'Permission matrix' }).click();
    const matrix = page.getByTestId('permission-matrix');
    await matrix.getByRole('checkbox', { name: 'Import for Marketing', exact: true }).check();
    await expect(page.getByText('1 unsaved changes')).toBeVisible();
    await page.getByRole('button', { name: 'Review and save' }).click();
    const preview = page.getByTestId('matrix-preview');
    await expect(preview.getByText('Grant Import to Marketing')).toBeVisible();
    await expect(preview.getByText(`Marketer ${sfx}`)).toBeVisible();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Permissions saved; signed-in users get them at once.')).toBeVisible();

    // The marketing user's open page gains Import without signing out or reloading.
    await expect(sidebar.getByRole('link', { name: 'Import', exact: true })).toBeVisible({ timeout: 15_000 });

    // And loses it again the same way when the grant is cleared.
    await matrix.getByRole('checkbox', { name: 'Import for Marketing', exact: true }).uncheck();
    await page.getByRole('button', { name: 'Review and save' }).click();
    await expect(page.getByTestId('matrix-preview').getByText('Remove Import from Marketing')).toBeVisible();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(sidebar.getByRole('link', { name: 'Import', exact: true })).toHaveCount(0, { timeout: 15_000 });
  } finally {
    // The demo organization is shared with the other specs: whatever happened above, marketing's matrix goes back.
    await setMarketingImport(admin, false);
  }
});

test('an admin cannot raise themselves: Users is hidden and the API refuses', async ({ page, browser, request, sfx }) => {
  test.setTimeout(90_000);
  await signIn(page, SUPER_ADMIN);
  const email = `admin-${sfx}@example.test`;
  const { account, page: adminPage } = await inviteThroughUsers(page, browser, email, `Admin ${sfx}`, 'Admin');
  const sidebar = adminPage.getByTestId('sidebar');
  await expect(sidebar).toHaveAttribute('data-ready', 'true');
  await expect(sidebar.getByRole('link', { name: 'Settings', exact: true })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Users', exact: true })).toHaveCount(0);
  await adminPage.goto('/users');
  await expect(adminPage.getByRole('heading', { name: 'Invite user' })).toHaveCount(0);
  await expect(adminPage.getByRole('button', { name: 'Invite user' })).toHaveCount(0);

  const self = await apiAs(request, account);
  const me = await self.get<{ user: { id: string } }>('/me');
  const superAdmin = await apiAs(request, SUPER_ADMIN);
  const { updatedAt } = await superAdmin.get<{ updatedAt: string }>(`/users/${me.user.id}`);
  await expect(self.patch(`/users/${me.user.id}`, { role: 'super_admin', expectedUpdatedAt: updatedAt })).rejects.toThrow(/403/);
  await expect(self.get('/users')).rejects.toThrow(/403/);
  expect((await superAdmin.get<{ role: string }>(`/users/${me.user.id}`)).role).toBe('admin');
});

for (const lang of ['en', 'ar']) {
  test(`/users has no serious or critical accessibility violations (${lang})`, async ({ page }) => {
    await signIn(page, SUPER_ADMIN, { language: lang });
    await page.goto('/users');
    await expect(page.locator('table tbody tr').first()).toBeVisible();
    const serious = (found: string[]) => found.filter((v) => /\((serious|critical)\)/.test(v));
    expect(serious(await wcagViolations(page))).toEqual([]);
    await page.goto('/users?tab=matrix');
    await expect(page.getByTestId('permission-matrix')).toBeVisible();
    expect(serious(await wcagViolations(page))).toEqual([]);
  });
}
