import type { TranslationEntry } from './types.js';

/** Strings of the vendors area (English and Arabic). */
export const VENDORS = {} satisfies Record<string, TranslationEntry>;
