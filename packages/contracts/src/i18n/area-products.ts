import type { TranslationEntry } from './types.js';

/** Strings of the products list and details (keys start with products.), English and Arabic. */
export const PRODUCTS = {
} satisfies Record<string, TranslationEntry>;
