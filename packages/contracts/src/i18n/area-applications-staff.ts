import type { TranslationEntry } from './types.js';

/** Strings of application review, workshops and the vendor dashboard (English and Arabic). */
export const APPLICATIONS_STAFF = {
} satisfies Record<string, TranslationEntry>;
