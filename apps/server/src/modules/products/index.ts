// Products: the routes; the SKU lock variants share; what the catalogue's reference data asks of
// products (usage before a delete, completeness after a family changes); completeness and the
// version snapshot the demo seed writes; the write path an import runs every row through.
export { productsRoutes } from './products.routes.js';
export { lockSku } from './products.service.js';
export { assertNotUsedByProducts, recomputeFamilyCompleteness, recomputeProductCompleteness } from './product-usage.repository.js';
export { computeCompleteness, type CompletenessAttribute } from './completeness.js';
export { diffSnapshots, type DiffEntry, type ProductSnapshot } from './product-snapshot.js';
export { databaseRefs, resolveInput, writeProduct, type ProductRefs, type ProductWriter } from './products.service.js';
export type { FamilyAttribute, ProductRow, RefKind } from './products.repository.js';
export { userNames } from './products.repository.js';
export { createProducts, updateProducts } from './product-create-many.js';
