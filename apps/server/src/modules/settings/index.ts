// Settings (issue 19): the organization's profile, e-mail, security policy and data.
export { settingsRoutes } from './settings.routes.js';
