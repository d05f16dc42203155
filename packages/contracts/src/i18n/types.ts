/** One translatable string of the shell: the English source text and its Arabic translation. */
export type TranslationEntry = { en: string; ar: string };

/**
 * Translations by key, then by language code. Wider than TranslationEntry so that languages added at
 * run time (the languages table) fit the same lookup.
 */
export type TranslationTable = Readonly<Record<string, Readonly<Partial<Record<string, string>>>>>;
