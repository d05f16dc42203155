export { languagesRoutes } from './languages.routes.js';
export { effectiveLanguages, listLanguages } from './languages.service.js';
export { dictionary } from './translations.service.js';
