import { defineRoute } from '../common/route.js';
import { vendorPortalOverviewSchema } from '../applications/schemas.js';

export const getVendorOverview = defineRoute({
  method: 'GET',
  path: '/vendor-portal/overview',
  tag: 'vendor-portal',
  summary: "The signed-in vendor's own record (categories, documents) and applications",
  access: { permission: 'vendor_dashboard' },
  response: vendorPortalOverviewSchema,
});
