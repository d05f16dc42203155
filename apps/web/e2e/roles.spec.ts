import { effectiveRole, isVendorRole, STORED_ROLES, type StoredRole } from '@market/contracts';
import { type APIRequestContext } from '@playwright/test';
import { createVendorAccount } from './application-helpers';
import { createUser, expect, seeded, test, type Account, type Api } from './fixtures';
import { signIn, sidebarLabels } from './helpers';
import { createMarket } from './market-helpers';

// Each role's sidebar spelled out from the specification's tables (sidebar items with their permission, the
// static permission sets, Locations for super_admin only), not computed from what the sidebar itself renders.
const STAFF_CATALOGUE = ['Dashboard', 'Products', 'Product Variants', 'Assets'];
const MARKET = [
  'Order Management',
  'Order History',
  'Vendor Applications',
  'Categories',
  'Slots',
  'Market Days',
  'Workshop Applications',
  'POS Register',
  'POS Management',
  'Sessions',
  'Reports',
];
const CONTENT = [...STAFF_CATALOGUE, 'Tasks', 'Workflows'];
const EXPECTED_SIDEBAR: Record<string, string[]> = {
  super_admin: [
    'Dashboard',
    'Products',
    'Product Variants',
    'Assets',
    'Import',
    'Order Management',
    'Order History',
    'Vendor Applications',
    'Categories',
    'Slots',
    'Market Days',
    'Locations',
    'Workshop Applications',
    'POS Register',
    'POS Management',
    'Sessions',
    'Reports',
    'Tasks',
    'Workflows',
    'Flow Builder',
    'Users',
    'Master Data',
    'Integrations',
    'Catalog Publishing',
    'Settings',
  ],
  marketing: CONTENT,
  // product_team is inventory: import instead of assets.
  product_team: ['Dashboard', 'Products', 'Product Variants', 'Import', 'Tasks', 'Workflows'],
  // operation_manager is content.
  operation_manager: CONTENT,
  vendor_manager: ['Dashboard', ...MARKET],
  vendor_manager_plus: [...STAFF_CATALOGUE, ...MARKET, 'Tasks', 'Workflows'],
  market_vendor: ['Dashboard', 'Vendor Portal'],
  junior_vendor: ['Dashboard', 'Vendor Portal'],
  normal_vendor: ['Dashboard', 'Vendor Portal'],
  // No membership: the content set.
  none: CONTENT,
};

/**
 * An account holding the role, made by the test where a public surface can make one: an account of no organization
 * through the auth admin API, vendors through an approved application. No surface gives a staff role or
 * normal_vendor (no application stream leads to it), so those come from the seeded organization.
 */
async function accountFor(role: StoredRole | null, request: APIRequestContext, admin: Api, sfx: string): Promise<Account> {
  if (role === null) return createUser(request, `no-role-${sfx}@example.test`);
  if (role === 'market_vendor' || role === 'junior_vendor')
    return createVendorAccount(request, admin, await createMarket(admin, sfx), role, sfx);
  return seeded(role);
}

test('the table names every stored role and the user without membership', () => {
  expect(Object.keys(EXPECTED_SIDEBAR).sort()).toEqual([...STORED_ROLES, 'none'].sort());
});

for (const role of [...STORED_ROLES, null]) {
  test(`${role ?? 'no membership'} sees exactly its sidebar`, async ({ page, request, admin, sfx }) => {
    await signIn(page, await accountFor(role, request, admin, sfx));
    if (role && isVendorRole(effectiveRole(role))) {
      // Vendor accounts land on their own dashboard; the staff shell still shows them their sidebar.
      await expect(page).toHaveURL(/\/vendor-dashboard$/);
      await page.goto('/dashboard');
    }
    expect(await sidebarLabels(page)).toEqual(EXPECTED_SIDEBAR[role ?? 'none']);
  });
}
