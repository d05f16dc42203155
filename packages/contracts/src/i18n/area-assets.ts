import type { TranslationEntry } from './types.js';

/** Strings of the asset library (keys start with assets.), English and Arabic. */
export const ASSETS = {
} satisfies Record<string, TranslationEntry>;
