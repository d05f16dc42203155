// "Today": today's market days and the applications waiting, for the header's Today button.
export { todayRoutes } from './today.routes.js';
