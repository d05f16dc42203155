export { masterDataRoutes } from './master-data.routes.js';
