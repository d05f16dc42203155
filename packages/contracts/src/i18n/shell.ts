import { SHELL_AUTH } from './shell-auth.js';
import { SHELL_LAYOUT } from './shell-layout.js';
import { SHELL_PAGES } from './shell-pages.js';
import type { TranslationEntry } from './types.js';

export type { TranslationEntry, TranslationTable } from './types.js';

/** The dictionary's parts, kept apart so a test can prove no key is defined twice (a spread would hide it). */
export const SHELL_TRANSLATION_PARTS = { layout: SHELL_LAYOUT, pages: SHELL_PAGES, auth: SHELL_AUTH } as const;

/** Every key of the shell, so `t('nav.dashbord')` fails to compile where the caller opts into the type. */
export type ShellKey = keyof typeof SHELL_LAYOUT | keyof typeof SHELL_PAGES | keyof typeof SHELL_AUTH;

/** Every string of the shell, in English and Arabic; seeded into the translations table. */
export const SHELL_TRANSLATIONS: Record<string, TranslationEntry> = { ...SHELL_LAYOUT, ...SHELL_PAGES, ...SHELL_AUTH };
