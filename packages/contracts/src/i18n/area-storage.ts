import type { TranslationEntry } from './types.js';

/** Strings of the storage area (English and Arabic). */
export const STORAGE = {} satisfies Record<string, TranslationEntry>;
