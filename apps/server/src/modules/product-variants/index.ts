export { productVariantsRoutes } from './product-variants.routes.js';
// The variant writes an import runs its variant rows through, and the barcode check digit rule.
export { checkBarcode, createVariant, updateVariant } from './product-variants.service.js';
