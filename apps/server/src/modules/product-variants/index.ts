export { productVariantsRoutes } from './product-variants.routes.js';
