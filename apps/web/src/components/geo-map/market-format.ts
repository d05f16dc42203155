import { formatLocale } from '../../app/i18n/locale-format';
/** Date and time display shared by the locations page and the public map, in the page language. */

/** "2026-05-02" as a long local date; the date is a calendar day, so it is formatted in UTC to never shift. */
export function formatDay(date: string, language: string, style: 'long' | 'short' = 'long'): string {
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  const opts: Intl.DateTimeFormatOptions =
    style === 'long'
      ? { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }
      : { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(formatLocale(language), opts).format(d);
}

/** "09:30" as a local clock time ("9:30 AM", "٩:٣٠ ص"). */
export function formatTime(time: string, language: string): string {
  const [h, m] = time.split(':').map(Number);
  if (h === undefined || m === undefined || Number.isNaN(h) || Number.isNaN(m)) return time;
  return new Intl.DateTimeFormat(formatLocale(language), { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    new Date(Date.UTC(1970, 0, 1, h, m)),
  );
}

/** The name in the page language, falling back to English. */
export const localName = (x: { nameEn: string; nameAr: string }, language: string) => (language === 'ar' && x.nameAr ? x.nameAr : x.nameEn);
export const localDescription = (x: { descriptionEn: string | null; descriptionAr: string | null }, language: string) =>
  (language === 'ar' ? x.descriptionAr || x.descriptionEn : x.descriptionEn || x.descriptionAr) ?? '';
