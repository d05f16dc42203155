// Product import: upload, mapping, dry run and run of a supplier's file (decision 020).
export { productImportRoutes } from './product-import.routes.js';
