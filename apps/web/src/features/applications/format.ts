import { formatLocale } from '../../app/i18n/locale-format';
/** A calendar date (YYYY-MM-DD) in the viewer's language, never shifted by the viewer's zone. */
export function formatDay(d: string | null | undefined, language: string): string {
  if (!d) return '—';
  return new Date(`${d.slice(0, 10)}T00:00:00Z`).toLocaleDateString(formatLocale(language), { timeZone: 'UTC', dateStyle: 'medium' });
}

/** An instant (ISO timestamp) in the viewer's language and zone. */
export function formatInstant(d: string | null | undefined, language: string): string {
  if (!d) return '—';
  return new Date(d).toLocaleString(formatLocale(language), { dateStyle: 'medium', timeStyle: 'short' });
}

/** Minor units of money in the organization's currency, as a plain number with two decimals. */
export function formatMinor(minor: number, language: string): string {
  return (minor / 100).toLocaleString(formatLocale(language), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
