// The zod-free entry of the contracts: what the browser needs at run time without loading zod. Nothing
// here may import a schema module (types excepted): route references, and the lists and patterns the
// schemas are built from, so forms use the same values without retyping them.
export { hostMatches } from './common/hosts.js';
export * from './common/route-refs.js';
export type { BodyOf, DefOf, ParamsOf, QueryOf, ResponseOf, RouteRef } from './common/route-ref.js';
export type { HttpMethod, RouteDef } from './common/route.js';

export * from './applications/constants.js';
export * from './attributes/constants.js';
export * from './catalog-publishing/constants.js';
export * from './users/constants.js';
export * from './integrations/constants.js';
export * from './integrations/webhook-constants.js';
export * from './dashboard/constants.js';
export * from './assets/constants.js';
export * from './email/constants.js';
export * from './languages/constants.js';
export * from './market-assignments/constants.js';
export * from './market-days/constants.js';
export * from './market-locations/constants.js';
export * from './market-slots/constants.js';
export * from './master-data/constants.js';
export * from './payment-management/constants.js';
export * from './pos/constants.js';
export * from './product-variants/constants.js';
export * from './product-import/constants.js';
export * from './products/constants.js';
export * from './search/constants.js';
export * from './settings/constants.js';
export * from './vendors/constants.js';
