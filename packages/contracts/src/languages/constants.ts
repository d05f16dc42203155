// Zod-free: the values forms need in the browser, reachable from `@market/contracts/plain`. The schemas use them.
/** A language code such as en or pt-BR. */
export const LANGUAGE_CODE_PATTERN = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/;
export const TEXT_DIRECTIONS = ['ltr', 'rtl'] as const;
export type TextDirection = (typeof TEXT_DIRECTIONS)[number];
