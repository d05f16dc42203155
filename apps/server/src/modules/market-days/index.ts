export { marketDaysRoutes } from './market-days.routes.js';
