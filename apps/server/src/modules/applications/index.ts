// Vendor applications: the staff and public routes, and the status link the demo seed hands out.
export { applicationsRoutes } from './applications.routes.js';
export { publicApplicationsRoutes } from './applications.public.routes.js';
export { sealedStatusToken, statusLinkKey } from './applications.records.js';
export { countHit, hitIn, type FloodRule } from './applications.flood.js';
