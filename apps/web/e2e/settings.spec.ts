import { expect, SUPER_ADMIN, test } from './fixtures';
import { signIn, wcagViolations } from './helpers';

type Settings = { updatedAt: string | null; profile: Record<string, unknown> & { name: string; currency: string; timeZone: string } };
const profileBody = (p: Settings['profile']) => ({
  name: p.name,
  logoUrl: p.logoUrl ?? null,
  address: p.address ?? null,
  contactEmail: p.contactEmail ?? null,
  contactPhone: p.contactPhone ?? null,
  timeZone: p.timeZone,
  currency: p.currency,
  defaultLanguage: p.defaultLanguage ?? null,
});

// The organization's profile on /settings: a changed time zone and contact survive a reload. The demo organization
// is shared with the other specs, so its profile is put back as it was.
test('changes the time zone and contact of the organization, and they are there after a reload', async ({ page, admin, sfx }) => {
  test.setTimeout(60_000);
  const original = await admin.get<Settings>('/settings');
  const contact = `ops-${sfx}@demo.market`;
  try {
    await signIn(page, SUPER_ADMIN);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    const form = page.getByTestId('settings-profile-form');
    await form.getByLabel('Time zone').fill('Asia/Dubai');
    await form.getByLabel('Contact e-mail').fill(contact);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();

    await page.reload();
    await expect(form.getByLabel('Time zone')).toHaveValue('Asia/Dubai');
    await expect(form.getByLabel('Contact e-mail')).toHaveValue(contact);

    // A wrong time zone is refused with the field's own message.
    await form.getByLabel('Time zone').fill('Mars/Olympus');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('must be an IANA time zone such as Asia/Qatar')).toBeVisible();
    expect(await wcagViolations(page)).toEqual([]);
  } finally {
    const now = await admin.get<Settings>('/settings');
    await admin.put('/settings/profile', { ...profileBody(original.profile), expectedUpdatedAt: now.updatedAt });
  }
});

test('the settings page in Arabic has no accessibility violations', async ({ page }) => {
  // Four full axe scans, like the other axe tests.
  test.setTimeout(90_000);
  await signIn(page, SUPER_ADMIN, { language: 'ar' });
  await page.goto('/settings');
  await expect(page.getByTestId('settings-profile-form')).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
  for (const tab of ['email', 'security', 'data']) {
    await page.getByTestId(`settings-tab-${tab}`).click();
    expect(await wcagViolations(page), tab).toEqual([]);
  }
});
