import type { PermissionKey } from '@market/contracts';

export interface StaffRoute {
  path: string;
  titleKey: string;
  permission: PermissionKey | null;
  superAdminOnly?: boolean;
  /** Which page renders it; areas not built yet use 'not-available'. */
  page: 'dashboard' | 'not-available';
}

/** Every staff route of the specification with the sidebar table's permission. */
export const STAFF_ROUTES: StaffRoute[] = [
  { path: '/dashboard', titleKey: 'route.dashboard', permission: null, page: 'dashboard' },
  { path: '/products', titleKey: 'route.products', permission: 'products', page: 'not-available' },
  { path: '/product-variants', titleKey: 'route.productVariants', permission: 'products', page: 'not-available' },
  { path: '/products/:id', titleKey: 'route.productDetails', permission: 'products', page: 'not-available' },
  { path: '/product-import', titleKey: 'route.productImport', permission: 'import', page: 'not-available' },
  { path: '/assets', titleKey: 'route.assets', permission: 'assets', page: 'not-available' },
  { path: '/users', titleKey: 'route.users', permission: 'users', page: 'not-available' },
  { path: '/workflows', titleKey: 'route.workflows', permission: 'workflows', page: 'not-available' },
  { path: '/workflow-builder', titleKey: 'route.workflowBuilder', permission: 'workflowBuilder', page: 'not-available' },
  { path: '/tasks', titleKey: 'route.tasks', permission: 'tasks', page: 'not-available' },
  { path: '/integrations', titleKey: 'route.integrations', permission: 'integrations', page: 'not-available' },
  { path: '/settings', titleKey: 'route.settings', permission: 'settings', page: 'not-available' },
  { path: '/catalog-publishing', titleKey: 'route.catalogPublishing', permission: 'catalog_publishing', page: 'not-available' },
  { path: '/api-docs', titleKey: 'route.apiDocs', permission: null, page: 'not-available' },
  { path: '/market-vendor-management', titleKey: 'route.marketVendorManagement', permission: 'vendor_management', page: 'not-available' },
  { path: '/junior-vendor-management', titleKey: 'route.juniorVendorManagement', permission: 'vendor_management', page: 'not-available' },
  { path: '/workshop-applications', titleKey: 'route.workshopApplications', permission: 'vendor_management', page: 'not-available' },
  { path: '/market-locations', titleKey: 'route.marketLocations', permission: 'vendor_management', superAdminOnly: true, page: 'not-available' },
  { path: '/market-slots', titleKey: 'route.marketSlots', permission: 'vendor_management', page: 'not-available' },
  { path: '/market-categories', titleKey: 'route.marketCategories', permission: 'vendor_management', page: 'not-available' },
  { path: '/market-events', titleKey: 'route.marketEvents', permission: 'vendor_management', page: 'not-available' },
  { path: '/payment-management/:assignmentId', titleKey: 'route.paymentManagement', permission: 'vendor_management', page: 'not-available' },
  { path: '/master-data', titleKey: 'route.masterData', permission: 'master_data', page: 'not-available' },
  { path: '/orders', titleKey: 'route.orders', permission: 'vendor_management', page: 'not-available' },
  { path: '/orders/history', titleKey: 'route.orderHistory', permission: 'vendor_management', page: 'not-available' },
  { path: '/pos/register', titleKey: 'route.posRegister', permission: 'vendor_management', page: 'not-available' },
  { path: '/pos/management', titleKey: 'route.posManagement', permission: 'vendor_management', page: 'not-available' },
  { path: '/pos/sessions', titleKey: 'route.posSessions', permission: 'vendor_management', page: 'not-available' },
  { path: '/pos/reports', titleKey: 'route.posReports', permission: 'vendor_management', page: 'not-available' },
  { path: '/vendor-portal', titleKey: 'route.vendorPortal', permission: 'vendor_dashboard', page: 'not-available' },
];

export const PUBLIC_NOT_AVAILABLE: { path: string; titleKey: string }[] = [
  { path: '/map', titleKey: 'route.map' },
  { path: '/market-vendor-application', titleKey: 'route.marketVendorApplication' },
  { path: '/junior-vendor-application', titleKey: 'route.juniorVendorApplication' },
  { path: '/workshop-application', titleKey: 'route.workshopApplication' },
  { path: '/vendor-dashboard', titleKey: 'route.vendorDashboard' },
];
