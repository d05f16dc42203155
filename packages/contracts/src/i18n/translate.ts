import { SHELL_TRANSLATIONS, type ShellKey } from './shell.js';
import type { TranslationTable } from './types.js';

export const FALLBACK_LANGUAGE = 'en';

export const SHELL_KEYS = Object.keys(SHELL_TRANSLATIONS) as ShellKey[];

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** Replaces `{name}` with vars.name; a placeholder without a value stays visible so the gap is noticed. */
export function interpolate(template: string, vars: Readonly<Record<string, string | number>>): string {
  // Own properties only: a template saying {constructor} must not print Object's constructor.
  return template.replace(PLACEHOLDER, (match, name: string) => (Object.hasOwn(vars, name) ? String(vars[name]) : match));
}

/** The placeholder names of a template, sorted and without repeats. */
export function placeholdersOf(template: string): string[] {
  return [...new Set(Array.from(template.matchAll(PLACEHOLDER), (m) => m[1] ?? ''))].sort();
}

function lookup(dict: TranslationTable, key: string, lang: string): string | undefined {
  if (!Object.hasOwn(dict, key)) return undefined;
  const entry = dict[key];
  const value = entry && Object.hasOwn(entry, lang) ? entry[lang] : undefined;
  // An empty value is an untranslated row, not a deliberate blank; showing nothing would hide the gap.
  return value ? value : undefined;
}

/** Spec section 4: the current language, then English, then the key itself. */
export function translate(dict: TranslationTable, lang: string, key: string, vars?: Readonly<Record<string, string | number>>): string {
  const text = lookup(dict, key, lang) ?? lookup(dict, key, FALLBACK_LANGUAGE) ?? key;
  return vars ? interpolate(text, vars) : text;
}
