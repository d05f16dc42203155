/** Formatting and parsing shared by the list and the details page. */

/** The name in the UI language: Arabic when the UI is Arabic and an Arabic name exists, else English. */
export const localName = (language: string, row: { nameEn: string; nameAr: string }) =>
  language === 'ar' && row.nameAr ? row.nameAr : row.nameEn;
import { formatLocale } from '../../app/i18n/locale-format';

const moneyFormats = new Map<string, Intl.NumberFormat>();
/** Formats integer minor units in the base currency, in the UI language (formatters are cached: the grid calls this per row). */
export function formatMoney(minor: number, currency: { code: string; minorDigits: number } | null | undefined, language: string): string {
  const digits = currency?.minorDigits ?? 2;
  const key = `${language}|${currency?.code ?? ''}|${digits}`;
  let f = moneyFormats.get(key);
  if (!f) {
    try {
      f = currency
        ? new Intl.NumberFormat(formatLocale(language), {
            style: 'currency',
            currency: currency.code,
            minimumFractionDigits: digits,
            maximumFractionDigits: digits,
          })
        : new Intl.NumberFormat(formatLocale(language), { minimumFractionDigits: digits, maximumFractionDigits: digits });
    } catch {
      f = new Intl.NumberFormat(formatLocale(language), { minimumFractionDigits: digits, maximumFractionDigits: digits });
    }
    moneyFormats.set(key, f);
  }
  return f.format(minor / 10 ** digits);
}

/** Minor units as the plain major-unit string an input shows ("1234.50"), without float arithmetic. */
export function minorToInput(minor: number, digits: number): string {
  if (digits <= 0) return String(minor);
  const s = String(Math.abs(minor)).padStart(digits + 1, '0');
  return `${minor < 0 ? '-' : ''}${s.slice(0, -digits)}.${s.slice(-digits)}`;
}

/**
 * Parses a major-unit amount typed by a person ("12.5", "1,234.56", Arabic-Indic digits) into exact integer
 * minor units by string manipulation; null when it is not an amount or has more decimals than the currency.
 */
export function parseMajorToMinor(text: string, digits: number): number | null {
  const ascii = text
    .trim()
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/\u066B/g, '.')
    .replace(/[,\u066C\s]/g, '');
  const m = /^(\d+)(?:\.(\d*))?$/.exec(ascii);
  if (!m) return null;
  const frac = m[2] ?? '';
  if (frac.length > digits) return null;
  const n = Number(m[1]! + frac.padEnd(digits, '0'));
  return Number.isSafeInteger(n) ? n : null;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
export function formatDate(iso: string, language: string, withTime = false): string {
  const key = `${language}|${withTime}`;
  let f = dateFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(formatLocale(language), withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' });
    dateFormats.set(key, f);
  }
  return f.format(new Date(iso));
}

/** Categories in tree order with their depth, for indented pickers. */
export function categoryTree<T extends { id: string; parentId: string | null; position: number }>(
  rows: readonly T[],
): { row: T; depth: number }[] {
  const byParent = new Map<string | null, T[]>();
  for (const r of rows) {
    const list = byParent.get(r.parentId) ?? [];
    list.push(r);
    byParent.set(r.parentId, list);
  }
  const ids = new Set(rows.map((r) => r.id));
  const out: { row: T; depth: number }[] = [];
  const walk = (parent: string | null, depth: number) => {
    for (const row of (byParent.get(parent) ?? []).sort((a, b) => a.position - b.position)) {
      out.push({ row, depth });
      walk(row.id, depth + 1);
    }
  };
  walk(null, 0);
  // Orphans (parent not visible) are listed at the top level rather than lost.
  for (const r of rows) if (r.parentId && !ids.has(r.parentId)) out.push({ row: r, depth: 0 });
  return out;
}
