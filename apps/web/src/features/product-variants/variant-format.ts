/** Formatting and parsing of variant cells (kept here: features do not import each other). */

export const localName = (language: string, row: { nameEn: string; nameAr: string }) =>
  language === 'ar' && row.nameAr ? row.nameAr : row.nameEn;
import { formatLocale } from '../../app/i18n/locale-format';

export const axisLabel = (language: string, axes: { labelEn: string; labelAr: string }[]) =>
  axes.map((a) => (language === 'ar' && a.labelAr ? a.labelAr : a.labelEn)).join(' / ');

export type Currency = { code: string; minorDigits: number } | null | undefined;

/** Minor units as the plain major-unit text an input shows ("12.50"), without float arithmetic. */
export function minorToInput(minor: number, digits: number): string {
  if (digits <= 0) return String(minor);
  const s = String(Math.abs(minor)).padStart(digits + 1, '0');
  return `${minor < 0 ? '-' : ''}${s.slice(0, -digits)}.${s.slice(-digits)}`;
}

const toAsciiDigits = (text: string) =>
  text
    .trim()
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));

/** A typed amount ("12.5", Arabic-Indic digits) as exact minor units; null when it is not one. */
export function parseMajorToMinor(text: string, digits: number): number | null {
  const s = toAsciiDigits(text).replace(/[,\s]/g, '').replace('\u066B', '.');
  const m = /^(\d{1,12})(?:\.(\d*))?$/.exec(s);
  if (!m) return null;
  const frac = m[2] ?? '';
  if (frac.length > digits) return null;
  return Number(m[1]) * 10 ** digits + Number((frac + '0'.repeat(digits)).slice(0, digits) || '0');
}

export function parseWholeNumber(text: string): number | null {
  const s = toAsciiDigits(text);
  return /^\d{1,10}$/.test(s) && Number(s) <= 1_000_000_000 ? Number(s) : null;
}

const money = new Map<string, Intl.NumberFormat>();
export function formatMoney(minor: number, currency: Currency, language: string): string {
  const digits = currency?.minorDigits ?? 2;
  const key = `${language}|${currency?.code ?? ''}|${digits}`;
  let f = money.get(key);
  if (!f) {
    try {
      f = new Intl.NumberFormat(
        formatLocale(language),
        currency
          ? { style: 'currency', currency: currency.code, minimumFractionDigits: digits, maximumFractionDigits: digits }
          : { minimumFractionDigits: digits },
      );
    } catch {
      f = new Intl.NumberFormat(formatLocale(language), { minimumFractionDigits: digits, maximumFractionDigits: digits });
    }
    money.set(key, f);
  }
  return f.format(minor / 10 ** digits);
}

/** The editable fields of a variant, in column order. */
export const EDIT_FIELDS = ['barcode', 'priceOverrideMinor', 'stockQuantity', 'weightGrams'] as const;
export type EditField = (typeof EDIT_FIELDS)[number];
export const FIELD_LABEL_KEY: Record<EditField, string> = {
  barcode: 'variants.column.barcode',
  priceOverrideMinor: 'variants.column.priceOverride',
  stockQuantity: 'variants.column.stock',
  weightGrams: 'variants.column.weight',
};

type Editable = { barcode: string | null; priceOverrideMinor: number | null; stockQuantity: number; weightGrams: number | null };

/** The text a cell's input starts with. */
export function cellText(v: Editable, field: EditField, digits: number): string {
  const value = v[field];
  if (value === null) return '';
  if (field === 'priceOverrideMinor') return minorToInput(value as number, digits);
  return String(value);
}

/** Parses a typed cell value: the API value, or the translation key of why it is not one. */
export function parseCell(
  field: EditField,
  text: string,
  digits: number,
): { ok: true; value: string | number | null } | { ok: false; error: string } {
  const s = text.trim();
  switch (field) {
    case 'barcode':
      if (!s) return { ok: true, value: null };
      return /^(\d{8}|\d{12}|\d{13})$/.test(toAsciiDigits(s))
        ? { ok: true, value: toAsciiDigits(s) }
        : { ok: false, error: 'variants.invalid.barcode' };
    case 'priceOverrideMinor': {
      if (!s) return { ok: true, value: null };
      const n = parseMajorToMinor(s, digits);
      return n === null ? { ok: false, error: 'variants.invalid.amount' } : { ok: true, value: n };
    }
    case 'stockQuantity': {
      if (!s) return { ok: false, error: 'variants.invalid.required' };
      const n = parseWholeNumber(s);
      return n === null ? { ok: false, error: 'variants.invalid.number' } : { ok: true, value: n };
    }
    case 'weightGrams': {
      if (!s) return { ok: true, value: null };
      const n = parseWholeNumber(s);
      return n === null ? { ok: false, error: 'variants.invalid.number' } : { ok: true, value: n };
    }
  }
}

/** How a cell shows its stored value. */
export function displayCell(v: Editable, field: EditField, currency: Currency, language: string): string {
  const value = v[field];
  if (value === null) return '—';
  if (field === 'priceOverrideMinor') return formatMoney(value as number, currency, language);
  return String(value);
}
