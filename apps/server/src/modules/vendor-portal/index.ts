export { vendorPortalRoutes } from './vendor-portal.routes.js';
