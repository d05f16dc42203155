import { effectiveRole, isVendorRole, permissionsFor, STORED_ROLES, SHELL_TRANSLATIONS } from '@market/contracts';
import { expect, test } from '@playwright/test';
import { NAV_GROUPS } from '../src/components/layout/nav-items';
import { signIn, sidebarLabels } from './helpers';

/** What the spec's sidebar table gives a stored role: items whose permission the role holds; Locations for super_admin only. */
function expectedSidebar(stored: string | null): string[] {
  const eff = effectiveRole(stored);
  const perms = permissionsFor(eff, []);
  return NAV_GROUPS.flatMap((g) => g.items)
    .filter((i) => (!i.permission || perms.includes(i.permission)) && (!i.superAdminOnly || eff === 'super_admin'))
    .map((i) => SHELL_TRANSLATIONS[i.key]!.en);
}

const accounts = [
  ...STORED_ROLES.map((role) => ({ email: `${role.replace(/_/g, '-')}@demo.market`, role: role as string | null })),
  { email: 'no-role@demo.market', role: null },
];

for (const { email, role } of accounts) {
  test(`${role ?? 'no membership'} sees exactly its sidebar`, async ({ page }) => {
    await signIn(page, email);
    if (role && isVendorRole(effectiveRole(role))) {
      // Vendor accounts land on their own dashboard; the staff shell still shows them their sidebar.
      await expect(page).toHaveURL(/\/vendor-dashboard$/);
      await page.goto('/dashboard');
    }
    const expected = expectedSidebar(role);
    expect(await sidebarLabels(page)).toEqual(expected);
    // The spec's Locations item is the super admin's alone.
    expect(expected.includes('Locations')).toBe(role === 'super_admin');
  });
}
