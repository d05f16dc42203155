// Market locations: the staff routes, and the mapping of a location the public map shares.
export { marketLocationsRoutes } from './market-locations.routes.js';
export { hhmm, locationFields, type LocationFieldsRow } from './market-locations.mapping.js';
export { planImageUrl } from './market-locations.plan-image.js';
