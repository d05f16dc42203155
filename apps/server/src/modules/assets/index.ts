// The asset library: its routes, and the ingest the demo seed writes through.
export { assetsRoutes } from './assets.routes.js';
export { ingestAsset } from './assets.ingest.js';
