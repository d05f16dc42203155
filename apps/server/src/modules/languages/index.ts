export { languagesRoutes } from './languages.routes.js';
export { listLanguages } from './languages.service.js';
