export { attributesRoutes } from './attributes.routes.js';
