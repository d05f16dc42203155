// Zod-free: the values forms need in the browser, reachable from `@market/contracts/plain`. The schemas use them.
/** At most this many combinations are created by one generation. */
export const MAX_VARIANT_COMBINATIONS = 500;
export const MAX_VARIANT_AXES = 3;
export const MAX_BULK_VARIANTS = 500;
export const MAX_VARIANT_PRICE_MINOR = 1_000_000_000_000;
export const MAX_VARIANT_STOCK = 1_000_000_000;
export const MAX_VARIANT_WEIGHT_GRAMS = 1_000_000_000;
/** Digits only: EAN-8, UPC-A (12) or EAN-13 (the server also checks the check digit). */
export const BARCODE_PATTERN = /^(\d{8}|\d{12}|\d{13})$/;
