import type { TranslationEntry } from './types.js';

/** Strings of the catalogue master data (keys start with attributes.), English and Arabic. */
export const CATALOG_ATTRIBUTES = {
} satisfies Record<string, TranslationEntry>;
