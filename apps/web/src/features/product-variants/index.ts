// What the products area uses of variants: the product page's section, and the loader row of the virtualised grids.
export { GridLoaderRow } from './grid-loader-row';
export { ProductVariantsSection } from './product-variants-section';
