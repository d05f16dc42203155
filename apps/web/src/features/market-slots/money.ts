import { numberFormat } from '../../app/i18n/locale-format';

/** Fees travel as integer minor units; people type and read them in the currency's major unit. */

export function minorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

export function formatMoney(minor: number, currency: string, language: string): string {
  const digits = minorDigits(currency);
  try {
    return numberFormat(language, { style: 'currency', currency }).format(minor / 10 ** digits);
  } catch {
    return (minor / 10 ** digits).toFixed(digits);
  }
}

/** "12.50" -> 1250 for USD; null when it is not an amount the currency can hold. */
export function parseMoney(text: string, currency: string): number | null {
  const digits = minorDigits(currency);
  const clean = text
    .trim()
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(',', '.');
  if (clean === '') return 0;
  const m = new RegExp(`^\\d{1,10}(\\.\\d{0,${digits}})?$`).exec(clean);
  if (!m) return null;
  const minor = Math.round(Number(clean) * 10 ** digits);
  return minor <= 1_000_000_000 ? minor : null;
}

/** Minor units as the text of an input field ("1250" -> "12.50"). */
export const moneyInput = (minor: number, currency: string) => {
  const digits = minorDigits(currency);
  return (minor / 10 ** digits).toFixed(digits);
};
