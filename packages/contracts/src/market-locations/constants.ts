// Zod-free: the values forms need in the browser, reachable from `@market/contracts/plain`. The schemas use them.
/** Facilities a market location can offer (same values as the database enum). */
export const LOCATION_AMENITIES = ['parking', 'toilets', 'power', 'water', 'shade', 'step_free'] as const;
export const LOCATION_STATUS_VALUES = ['active', 'inactive'] as const;
export type LocationAmenity = (typeof LOCATION_AMENITIES)[number];

/** Plan canvas limits in metres: small enough to draw, large enough for a fairground. */
export const PLAN_MIN_M = 5;
export const PLAN_MAX_M = 2000;
