import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driver, freshDatabase } from '../../test/harness.js';
import { normalizeSearch } from './search-normalize.js';

type Database = Awaited<ReturnType<typeof freshDatabase>>;
let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => database?.dispose());

/** search_normalize (migration 0015) of each string, in order, in one statement. */
async function sqlNormalize(strings: string[]): Promise<string[]> {
  const res = await database.db.execute(
    sql`select public.search_normalize(s) as n from json_array_elements_text(${JSON.stringify(strings)}::json) with ordinality as x(s, i) order by i`,
  );
  return (res as unknown as { rows: { n: string }[] }).rows.map((r) => r.n);
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, k) => String.fromCodePoint(from + k));

/** Every character search_normalize maps or removes. */
const MAPPED = [
  ...['\u0622', '\u0623', '\u0625', '\u0671', '\u0649', '\u06cc', '\u0629'],
  ...range(0x0660, 0x0669),
  ...range(0x06f0, 0x06f9),
  '\u0640',
  ...range(0x064b, 0x065f),
  '\u0670',
];

/** A small deterministic generator (mulberry32), so a failing string can be reproduced. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Strings over the whole Arabic block U+0600-U+06FF mixed with Latin letters, digits and spaces. */
function randomStrings(count: number): string[] {
  const next = random(15);
  const latin = [...range(0x41, 0x5a), ...range(0x61, 0x7a), ...range(0x30, 0x39), ' ', '-', ...range(0xc0, 0xde)];
  const arabic = range(0x0600, 0x06ff);
  return Array.from({ length: count }, () => {
    const length = 1 + Math.floor(next() * 24);
    let s = '';
    for (let k = 0; k < length; k++) {
      const pool = next() < 0.75 ? arabic : latin;
      s += pool[Math.floor(next() * pool.length)];
    }
    return s;
  });
}

const CORPUS = [
  // Each mapped or removed character alone, inside a word, and at each end of one.
  ...MAPPED,
  ...MAPPED.map((c) => `\u0633${c}\u0644`),
  ...MAPPED.map((c) => `${c}\u0639\u0633\u0644`),
  ...MAPPED.map((c) => `\u0639\u0633\u0644${c}`),
  // Real spellings: hamza forms, alef maqsura, taa marbuta, diacritics, tatweel, Farsi yeh.
  'أحمد',
  'إبريق',
  'آنية',
  'ٱلعسل',
  'مستشفى',
  'علي',
  'حلوى طحينية',
  'عَسَلٌ جَبَلِيٌّ',
  'زيـــت زيتـون',
  'فارسی',
  'قهوة عربية ٣٠٠ غرام',
  '۱۲۳ بسته',
  // Mixed Latin and Arabic, upper-case Latin (ASCII and Latin-1), digits.
  'SKU-00123 Honey عسل',
  'Wildflower HONEY jar عَسَل',
  'ÀÉÎÕÜ Çà Œ',
  '0123456789 ٠١٢٣٤٥٦٧٨٩ ۰۱۲۳۴۵۶۷۸۹',
  // Where String#toLowerCase alone differs from lower(): the dotted capital I, and a word-final sigma.
  'İstanbul',
  'ΟΔΟΣ',
  '',
  ...randomStrings(400),
];

describe(`normalizeSearch agrees with search_normalize (${driver})`, () => {
  it('on every character it maps or removes, in words, mixed with Latin and digits, and on random strings', async () => {
    const fromSql = await sqlNormalize(CORPUS);
    const differing = CORPUS.map((s, i) => ({ s, js: normalizeSearch(s), sql: fromSql[i] })).filter((x) => x.js !== x.sql);
    expect(differing).toEqual([]);
  });

  it('maps the spellings a user types to one form', () => {
    expect(normalizeSearch('أحمد')).toBe('احمد');
    expect(normalizeSearch('إبريق آنية ٱلعسل')).toBe('ابريق انيه العسل');
    expect(normalizeSearch('مستشفى فارسی')).toBe('مستشفي فارسي');
    expect(normalizeSearch('عَسَلٌ زيـــت')).toBe('عسل زيت');
    expect(normalizeSearch('SKU-٠١٢ ۳۴۵')).toBe('sku-012 345');
    // Diacritics removed can leave fewer than three characters (the trigram rule counts the normalised term).
    expect([...normalizeSearch('عَسَ')]).toHaveLength(2);
  });
});
