export { marketCategoriesRoutes } from './market-categories.routes.js';
