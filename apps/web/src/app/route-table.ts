import type { PermissionKey } from '@market/contracts';
import type { ComponentType } from 'react';

/** A lazily loaded page module; areas not built yet have none and show the "not available" page. */
export type PageLoader = () => Promise<{ default: ComponentType }>;

export interface StaffRoute {
  path: string;
  titleKey: string;
  permission: PermissionKey | null;
  superAdminOnly?: boolean;
  load?: PageLoader;
}

/** Every staff route of the specification with the sidebar table's permission. */
export const STAFF_ROUTES: StaffRoute[] = [
  { path: '/dashboard', titleKey: 'route.dashboard', permission: null, load: () => import('../features/dashboard/dashboard-page') },
  { path: '/today', titleKey: 'route.today', permission: null, load: () => import('../features/today/today-page') },
  { path: '/products', titleKey: 'route.products', permission: 'products', load: () => import('../features/products/products-page') },
  {
    path: '/product-variants',
    titleKey: 'route.productVariants',
    permission: 'products',
    load: () => import('../features/product-variants/product-variants-page'),
  },
  {
    path: '/products/:id',
    titleKey: 'route.productDetails',
    permission: 'products',
    load: () => import('../features/products/product-details-page'),
  },
  {
    path: '/product-import',
    titleKey: 'route.productImport',
    permission: 'import',
    load: () => import('../features/product-import/product-import-page'),
  },
  { path: '/assets', titleKey: 'route.assets', permission: 'assets', load: () => import('../features/assets/assets-page') },
  { path: '/users', titleKey: 'route.users', permission: 'users', load: () => import('../features/users/users-page') },
  { path: '/workflows', titleKey: 'route.workflows', permission: 'workflows' },
  { path: '/workflow-builder', titleKey: 'route.workflowBuilder', permission: 'workflowBuilder' },
  { path: '/tasks', titleKey: 'route.tasks', permission: 'tasks' },
  {
    path: '/integrations',
    titleKey: 'route.integrations',
    permission: 'integrations',
    load: () => import('../features/integrations/integrations-page'),
  },
  { path: '/settings', titleKey: 'route.settings', permission: 'settings', load: () => import('../features/settings/settings-page') },
  {
    path: '/catalog-publishing',
    titleKey: 'route.catalogPublishing',
    permission: 'catalog_publishing',
    load: () => import('../features/catalog-publishing/catalog-publishing-page'),
  },
  { path: '/api-docs', titleKey: 'route.apiDocs', permission: null, load: () => import('../features/api-docs/api-docs-page') },
  {
    path: '/market-vendor-management',
    titleKey: 'route.marketVendorManagement',
    permission: 'vendor_management',
    load: () => import('../features/vendors/market-vendors-page'),
  },
  {
    path: '/junior-vendor-management',
    titleKey: 'route.juniorVendorManagement',
    permission: 'vendor_management',
    load: () => import('../features/vendors/junior-vendors-page'),
  },
  {
    path: '/market-vendor-management/applications/:id',
    titleKey: 'route.marketVendorManagement',
    permission: 'vendor_management',
    load: () => import('../features/applications/application-page'),
  },
  {
    path: '/junior-vendor-management/applications/:id',
    titleKey: 'route.juniorVendorManagement',
    permission: 'vendor_management',
    load: () => import('../features/applications/application-page'),
  },
  {
    path: '/workshop-applications',
    titleKey: 'route.workshopApplications',
    permission: 'vendor_management',
    load: () => import('../features/applications/workshop-applications-page'),
  },
  {
    path: '/workshop-applications/:id',
    titleKey: 'route.workshopApplications',
    permission: 'vendor_management',
    load: () => import('../features/applications/application-page'),
  },
  {
    path: '/market-locations',
    titleKey: 'route.marketLocations',
    permission: 'vendor_management',
    superAdminOnly: true,
    load: () => import('../features/market-locations/market-locations-page'),
  },
  {
    path: '/market-slots',
    titleKey: 'route.marketSlots',
    permission: 'vendor_management',
    load: () => import('../features/market-slots/market-slots-page'),
  },
  {
    path: '/market-categories',
    titleKey: 'route.marketCategories',
    permission: 'vendor_management',
    load: () => import('../features/market-categories/market-categories-page'),
  },
  {
    path: '/market-events',
    titleKey: 'route.marketEvents',
    permission: 'vendor_management',
    load: () => import('../features/market-days/market-days-page'),
  },
  {
    path: '/payment-management/:assignmentId',
    titleKey: 'route.paymentManagement',
    permission: 'vendor_management',
    load: () => import('../features/payment-management/payment-management-page'),
  },
  {
    path: '/master-data',
    titleKey: 'route.masterData',
    permission: 'master_data',
    load: () => import('../features/master-data/master-data-page'),
  },
  { path: '/orders', titleKey: 'route.orders', permission: 'vendor_management', load: () => import('../features/pos/orders/orders-page') },
  {
    path: '/orders/history',
    titleKey: 'route.orderHistory',
    permission: 'vendor_management',
    load: () => import('../features/pos/orders/order-history-page'),
  },
  {
    path: '/pos/register',
    titleKey: 'route.posRegister',
    permission: 'vendor_management',
    load: () => import('../features/pos/register/register-page'),
  },
  {
    path: '/pos/management',
    titleKey: 'route.posManagement',
    permission: 'vendor_management',
    load: () => import('../features/pos/pos-management-page'),
  },
  {
    path: '/pos/sessions',
    titleKey: 'route.posSessions',
    permission: 'vendor_management',
    load: () => import('../features/pos/sessions/sessions-page'),
  },
  {
    path: '/pos/reports',
    titleKey: 'route.posReports',
    permission: 'vendor_management',
    load: () => import('../features/pos/reports/reports-page'),
  },
  { path: '/vendor-portal', titleKey: 'route.vendorPortal', permission: 'vendor_dashboard' },
];

/** The command palette's records (features/search), loaded lazily: components/ cannot import a feature itself. */
export const loadSearchResults = () => import('../features/search/search-results');

export const PUBLIC_PAGES: { path: string; titleKey: string; load?: PageLoader }[] = [
  { path: '/map', titleKey: 'route.map', load: () => import('../features/public-map/map-page') },
  {
    path: '/market-vendor-application',
    titleKey: 'route.marketVendorApplication',
    load: () => import('../features/applications/public/market-vendor-application-page'),
  },
  {
    path: '/junior-vendor-application',
    titleKey: 'route.juniorVendorApplication',
    load: () => import('../features/applications/public/junior-vendor-application-page'),
  },
  {
    path: '/workshop-application',
    titleKey: 'route.workshopApplication',
    load: () => import('../features/applications/public/workshop-application-page'),
  },
  /** The applicant's private status page; the link's secret is in the fragment. */
  {
    path: '/application-status',
    titleKey: 'route.applicationStatus',
    load: () => import('../features/applications/public/application-status-page'),
  },
  {
    path: '/vendor-dashboard',
    titleKey: 'route.vendorDashboard',
    load: () => import('../features/vendor-portal/vendor-portal-page'),
  },
];
