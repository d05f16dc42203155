// Global search: the one route; it reads other areas' tables read-only (search.repository.ts).
export { searchRoutes } from './search.routes.js';
