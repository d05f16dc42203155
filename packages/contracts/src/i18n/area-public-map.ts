import type { TranslationEntry } from './types.js';

/** Strings of the public map area (English and Arabic). */
export const PUBLIC_MAP = {} satisfies Record<string, TranslationEntry>;
