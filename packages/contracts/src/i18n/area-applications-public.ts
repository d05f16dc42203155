import type { TranslationEntry } from './types.js';

/** Strings of the public application forms and the applicant status page (English and Arabic). */
export const APPLICATIONS_PUBLIC = {
} satisfies Record<string, TranslationEntry>;
