import { dateTimeFormat } from '../../app/i18n/locale-format';

/** The name in the given language: Arabic when the language is Arabic and an Arabic text exists, else English. */
export const localText = (language: string, en: string, ar: string | null | undefined) => (language === 'ar' && ar ? ar : en);

/**
 * A calendar date (YYYY-MM-DD, as the API sends due dates and market days) in the language, Western digits.
 * Read and written in UTC so the day never shifts with the browser's time zone.
 */
export function formatDay(day: string | null | undefined, language: string, style: 'medium' | 'long' = 'medium'): string {
  if (!day) return '';
  const d = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? day : dateTimeFormat(language, { dateStyle: style, timeZone: 'UTC' }).format(d);
}

/** A moment (ISO timestamp) in the language, date and time, Western digits. */
export function formatMoment(iso: string | null | undefined, language: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

/** Today in the browser's calendar, YYYY-MM-DD. */
export function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** `day` moved by `days` (YYYY-MM-DD in, YYYY-MM-DD out). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
