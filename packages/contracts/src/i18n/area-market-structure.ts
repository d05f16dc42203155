import type { TranslationEntry } from './types.js';

/** Strings of the market structure area (English and Arabic). */
export const MARKET_STRUCTURE = {} satisfies Record<string, TranslationEntry>;
