// Users of an organization and its permission matrix (decision 022).
export { usersRoutes } from './users.routes.js';
