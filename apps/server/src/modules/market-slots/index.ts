export { marketSlotsRoutes } from './market-slots.routes.js';
