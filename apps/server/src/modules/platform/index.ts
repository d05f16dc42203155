// Health, configuration and the caller's profile; the public configuration is also inlined into the SPA shell.
export { platformRoutes, publicConfigOf } from './platform.routes.js';
export { saveProfile } from './platform.service.js';
export { compressedShell, withInlineConfig } from './spa-shell.js';
