export * from './auth/permissions.js';
export * from './common/errors.js';
export * from './common/route.js';
export * from './platform/schemas.js';
export * as platformRoutes from './platform/routes.js';
export * from './email/schemas.js';
export * as emailRoutes from './email/routes.js';

export const APP_VERSION = 'v2.1.0';
export * from './i18n/shell.js';
export * from './i18n/translate.js';
export * as dashboardRoutes from './dashboard/routes.js';
export * as marketCategoriesRoutes from './market-categories/routes.js';
export * as marketSlotsRoutes from './market-slots/routes.js';
export * as marketLocationsRoutes from './market-locations/routes.js';
export * as publicMapRoutes from './public-map/routes.js';
export * as vendorsRoutes from './vendors/routes.js';
export * as marketDaysRoutes from './market-days/routes.js';
