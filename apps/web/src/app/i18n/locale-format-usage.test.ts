import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Decision 013: what the app writes (numbers, dates, times, amounts) is formatted through `formatLocale`, so
// an Arabic view never mixes 12 and ١٢. This fails for a formatter given a bare language code (or none).
const SRC = path.resolve(__dirname, '../..');
const CALL = /(?:\.toLocale(?:Date|Time)?String|new Intl\.(?:NumberFormat|DateTimeFormat))\(\s*([^,)]*)/g;
// Where a formatter is built only to read a currency's decimal places, never to show anything.
const READS_DIGITS_ONLY = /^'en'$/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$|\.type-test\.ts$/.test(e.name) && e.name !== 'locale-format.ts' ? [full] : [];
  });
}

describe('number and date formatting (decision 013)', () => {
  it('goes through formatLocale everywhere', () => {
    const offenders: string[] = [];
    for (const file of sources(SRC)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(CALL)) {
        const arg = m[1]!.trim();
        if (/^(formatLocale|locale)\(/.test(arg) || READS_DIGITS_ONLY.test(arg)) continue;
        offenders.push(`${path.relative(SRC, file)}: ${m[0].replace(/\s+/g, ' ')}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
