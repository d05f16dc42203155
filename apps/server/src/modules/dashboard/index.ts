export { dashboardRoutes } from './dashboard.routes.js';
export { applicationsWaiting } from './dashboard.repository.js';
