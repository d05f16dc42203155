// Point of sale: registers (this module grows into sessions, sales and their settlement).
export { posRoutes } from './pos.routes.js';
