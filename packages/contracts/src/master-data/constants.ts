// Zod-free: the values forms need in the browser, reachable from `@market/contracts/plain`. The schemas use them.
/** What a unit measures; the same list as the units table. */
export const UNIT_KINDS = ['count', 'length', 'area', 'volume', 'weight', 'time', 'other'] as const;
export type UnitKind = (typeof UNIT_KINDS)[number];

/** The base currency's rate against itself (rates are stored times one million). */
export const BASE_RATE_MICROS = 1_000_000;
/** Largest rate the integer column holds. */
export const MAX_RATE_MICROS = 2_147_483_647;
