// Market categories: the routes, and the lookups of categories the vendor, market-day, location and
// public map screens share.
export { marketCategoriesRoutes } from './market-categories.routes.js';
export { categoryColours, existingCategoryIds } from './market-categories.repository.js';
