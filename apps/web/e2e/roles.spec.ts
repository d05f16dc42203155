import { effectiveRole, isVendorRole, STORED_ROLES } from '@market/contracts';
import { expect, test } from '@playwright/test';
import { signIn, sidebarLabels } from './helpers';

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

const accounts = [
  ...STORED_ROLES.map((role) => ({ email: `${role.replace(/_/g, '-')}@demo.market`, role: role as string | null })),
  { email: 'no-role@demo.market', role: null },
];

test('the table names every stored role and the user without membership', () => {
  expect(Object.keys(EXPECTED_SIDEBAR).sort()).toEqual([...STORED_ROLES, 'none'].sort());
});

for (const { email, role } of accounts) {
  test(`${role ?? 'no membership'} sees exactly its sidebar`, async ({ page }) => {
    await signIn(page, email);
    if (role && isVendorRole(effectiveRole(role))) {
      // Vendor accounts land on their own dashboard; the staff shell still shows them their sidebar.
      await expect(page).toHaveURL(/\/vendor-dashboard$/);
      await page.goto('/dashboard');
    }
    expect(await sidebarLabels(page)).toEqual(EXPECTED_SIDEBAR[role ?? 'none']);
  });
}
