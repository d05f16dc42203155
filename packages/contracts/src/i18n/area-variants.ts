import type { TranslationEntry } from './types.js';

/** Strings of product variants (keys start with variants.), English and Arabic. */
export const VARIANTS = {
} satisfies Record<string, TranslationEntry>;
