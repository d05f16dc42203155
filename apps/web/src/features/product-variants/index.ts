// What the product page uses of variants.
export { ProductVariantsSection } from './product-variants-section';
