import type { Language, Translation } from './languages-api';

/** One key with its translation row per language code (absent where the language has none). */
export interface KeyRow {
  key: string;
  byLanguage: Map<string, Translation>;
}

export const hasValue = (row: KeyRow, code: string) => !!row.byLanguage.get(code)?.value.trim();

/** Groups the flat list into one row per key, sorted by key. */
export function buildRows(translations: Translation[]): KeyRow[] {
  const rows = new Map<string, KeyRow>();
  for (const tr of translations) {
    let row = rows.get(tr.key);
    if (!row) rows.set(tr.key, (row = { key: tr.key, byLanguage: new Map() }));
    row.byLanguage.set(tr.language, tr);
  }
  return [...rows.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** True when some active language has no value for the key (a blank value counts as missing). */
export const isMissing = (row: KeyRow, activeCodes: string[]) => activeCodes.some((c) => !hasValue(row, c));

/** Keys whose name or any value contains the search text, ignoring case. */
export function matchesSearch(row: KeyRow, search: string): boolean {
  const q = search.trim().toLocaleLowerCase();
  if (!q) return true;
  if (row.key.toLocaleLowerCase().includes(q)) return true;
  for (const tr of row.byLanguage.values()) if (tr.value.toLocaleLowerCase().includes(q)) return true;
  return false;
}

/** Per language code: how many keys have a value there, out of every key known in any language. */
export function coverage(rows: KeyRow[], languages: Language[]): { total: number; translated: Map<string, number> } {
  const translated = new Map<string, number>(languages.map((l) => [l.code, 0]));
  for (const row of rows) {
    for (const l of languages) if (hasValue(row, l.code)) translated.set(l.code, (translated.get(l.code) ?? 0) + 1);
  }
  return { total: rows.length, translated };
}
