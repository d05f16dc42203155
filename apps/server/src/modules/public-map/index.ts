export { publicMapRoutes } from './public-map.routes.js';
