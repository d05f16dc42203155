export * from './auth.js';
export * from './market.js';
export * from './platform.js';
export * from './storage.js';
export * from './vendors.js';
export * from './applications.js';
export * from './catalog.js';
export * from './products.js';
