import { numberFormat } from '../../app/i18n/locale-format';

/**
 * Amounts travel as integer minor units of the organization's base currency; people type and read them in
 * the major unit. Conversion is done once, on strings, never with floating point (0.1 + 0.2 must not leak
 * into a ledger), with the currency's own number of minor digits (2 for AED, 3 for KWD or BHD, 0 for JPY).
 */

/** The currency's minor digits as ISO 4217 (and so Intl) gives them; 2 for an unknown code. */
export function minorDigits(currency: string | null | undefined): number {
  if (!currency) return 2;
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/**
 * A major-unit amount typed by a person ("12.5", "1,234.500", Arabic-Indic digits and separators) as exact
 * integer minor units; null when it is not an amount or has more decimals than the currency has.
 */
export function toMinor(text: string, digits: number): number | null {
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
  // The server caps amounts (MAX_AMOUNT_MINOR); here only exactness matters.
  return Number.isSafeInteger(n) ? n : null;
}

/** Minor units as the plain text an input shows ("1234.50" for 123450 with 2 digits), without float arithmetic. */
export function toMajorInput(minor: number, digits: number): string {
  if (digits <= 0) return String(minor);
  const s = String(Math.abs(minor)).padStart(digits + 1, '0');
  return `${minor < 0 ? '-' : ''}${s.slice(0, -digits)}.${s.slice(-digits)}`;
}

/** An amount for reading, in the language's marks with Western digits and the currency's symbol. */
export function formatMoney(minor: number, currency: string | null | undefined, language: string): string {
  const digits = minorDigits(currency);
  // Dividing for display only: the result is rounded to `digits` by the formatter, never stored.
  const major = minor / 10 ** digits;
  const options: Intl.NumberFormatOptions = { minimumFractionDigits: digits, maximumFractionDigits: digits };
  try {
    return numberFormat(language, currency ? { ...options, style: 'currency', currency } : options).format(major);
  } catch {
    return numberFormat(language, options).format(major);
  }
}
