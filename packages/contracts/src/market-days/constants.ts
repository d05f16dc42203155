// Zod-free: the values forms need in the browser, reachable from `@market/contracts/plain`. The schemas use them.
export const MARKET_DAY_STATUS_VALUES = ['draft', 'published', 'completed', 'cancelled'] as const;
export type MarketDayStatus = (typeof MARKET_DAY_STATUS_VALUES)[number];
/** A time of day written HH:MM, 00:00 to 23:59 (opening hours of a market day or series). */
export const TIME_OF_DAY_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
