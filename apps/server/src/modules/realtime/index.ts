// The realtime service (/realtime/v1), and the registration of a table's read policy.
export { realtimeRoutes } from './realtime.routes.js';
export { readableByOrganization, registerRealtimeTable } from './realtime.policies.js';
