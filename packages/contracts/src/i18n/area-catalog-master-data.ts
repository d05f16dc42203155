import type { TranslationEntry } from './types.js';

/** Strings of the catalogue master data (keys start with catalog.), English and Arabic. */
export const CATALOG_MASTER_DATA = {
} satisfies Record<string, TranslationEntry>;
