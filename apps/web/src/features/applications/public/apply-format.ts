import { formatLocale } from '../../../app/i18n/locale-format';
/** Dates, times and sizes in the page's language (Arabic gets Arabic month names, with Western digits: decision 013). */

const locale = formatLocale;

/** A calendar day (YYYY-MM-DD) without a time zone shift: "Saturday 6 June 2026". */
export function formatDay(date: string, language: string, style: 'long' | 'short' = 'long'): string {
  const d = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  const opts: Intl.DateTimeFormatOptions =
    style === 'long'
      ? { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }
      : { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(locale(language), opts).format(d);
}

/** A moment (ISO timestamp) in the visitor's own time zone. */
export function formatMoment(iso: string, language: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(locale(language), { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

/** "09:30" as a clock time of the language. */
export function formatTime(time: string, language: string): string {
  const [h, m] = time.split(':').map(Number);
  if (h === undefined || m === undefined || Number.isNaN(h) || Number.isNaN(m)) return time;
  return new Intl.DateTimeFormat(locale(language), { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    new Date(Date.UTC(1970, 0, 1, h, m)),
  );
}

export function formatBytes(bytes: number, language: string): string {
  const units = ['byte', 'kilobyte', 'megabyte'] as const;
  let n = bytes;
  let i = 0;
  while (n >= 1024 && i < units.length - 1) {
    n /= 1024;
    i++;
  }
  return new Intl.NumberFormat(locale(language), {
    style: 'unit',
    unit: units[i],
    unitDisplay: 'short',
    maximumFractionDigits: i ? 1 : 0,
  }).format(n);
}

export function formatMoney(minor: number, currency: string, digits: number, language: string): string {
  try {
    return new Intl.NumberFormat(locale(language), { style: 'currency', currency }).format(minor / 10 ** digits);
  } catch {
    return `${(minor / 10 ** digits).toFixed(digits)} ${currency}`;
  }
}

/** The name of a category (or anything with nameEn/nameAr) in the language, English when Arabic is blank. */
export const localName = (x: { nameEn: string; nameAr: string }, language: string) =>
  language === 'ar' && x.nameAr.trim() ? x.nameAr : x.nameEn;

/** The market's location name in the language, English when Arabic is blank. */
export const localLocation = (x: { locationName: string; locationNameAr: string }, language: string) =>
  language === 'ar' && x.locationNameAr.trim() ? x.locationNameAr : x.locationName;
