import type { TranslationEntry } from './types.js';

/** Strings of the market days area (English and Arabic). */
export const MARKET_DAYS = {} satisfies Record<string, TranslationEntry>;
