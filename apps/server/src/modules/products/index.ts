// Products: the routes; the SKU lock variants share; what the catalogue's reference data asks of
// products (usage before a delete, completeness after a family changes); completeness and the
// version snapshot the demo seed writes.
export { productsRoutes } from './products.routes.js';
export { lockSku } from './products.service.js';
export { assertNotUsedByProducts, recomputeFamilyCompleteness, recomputeProductCompleteness } from './product-usage.repository.js';
export { computeCompleteness, type CompletenessAttribute } from './completeness.js';
export type { ProductSnapshot } from './product-snapshot.js';
