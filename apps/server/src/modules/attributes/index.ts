// Attributes: the routes, and the options of attributes that variant axes show.
export { attributesRoutes } from './attributes.routes.js';
export { listOptions } from './attributes.repository.js';
