import { dateTimeFormat } from '../../app/i18n/locale-format';

/**
 * Calendar dates (YYYY-MM-DD) without a zone. Arithmetic and formatting run in UTC so that a date
 * never shifts by a day in the viewer's zone; only the application window is a real instant.
 */
const DAY_MS = 86_400_000;
const toMs = (d: string) => Date.parse(`${d}T00:00:00Z`);
const fromMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const addDays = (d: string, n: number) => fromMs(toMs(d) + n * DAY_MS);
export const weekdayOf = (d: string) => new Date(toMs(d)).getUTCDay();
export const monthOf = (d: string) => d.slice(0, 7);

/** Today in the viewer's own calendar. */
export function todayLocal(): string {
  const n = new Date();
  return `${n.getFullYear()}-${String(n.getMonth() + 1).padStart(2, '0')}-${String(n.getDate()).padStart(2, '0')}`;
}

export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return d.toISOString().slice(0, 7);
}

export function monthRange(month: string): { from: string; to: string } {
  const from = `${month}-01`;
  return { from, to: addDays(`${addMonths(month, 1)}-01`, -1) };
}

/** First day of the week for the language: 0 = Sunday ... 6 = Saturday (Saturday in Arabic, Sunday in US English). */
export function firstWeekday(language: string): number {
  try {
    const loc = new Intl.Locale(language || 'en') as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number };
      weekInfo?: { firstDay: number };
    };
    const info = loc.getWeekInfo?.() ?? loc.weekInfo;
    if (info) return info.firstDay % 7;
  } catch {
    // An unknown language tag falls through to the defaults below.
  }
  return language.startsWith('ar') ? 6 : 0;
}

/** The weeks of a month view: whole weeks from the locale's first weekday, covering the month. */
export function monthGrid(month: string, firstDay: number): string[][] {
  const { from, to } = monthRange(month);
  let start = addDays(from, -((weekdayOf(from) - firstDay + 7) % 7));
  const weeks: string[][] = [];
  while (start <= to) {
    weeks.push(Array.from({ length: 7 }, (_, i) => addDays(start, i)));
    start = addDays(start, 7);
  }
  return weeks;
}

/** The dates a month view shows: from its first cell to its last, so the adjacent months' days fill the outer cells. */
export function gridRange(month: string, firstDay: number): { from: string; to: string } {
  const weeks = monthGrid(month, firstDay);
  return { from: weeks[0]![0]!, to: weeks[weeks.length - 1]![6]! };
}

/** The dates a weekly rule gives (as the server plans them). */
export function ruleDates(weekday: number, startDate: string, endDate: string, limit = 200): string[] {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(startDate) || !/^\d{4}-\d{2}-\d{2}$/.test(endDate) || endDate < startDate) return [];
  const out: string[] = [];
  for (let d = addDays(startDate, (weekday - weekdayOf(startDate) + 7) % 7); d <= endDate && out.length < limit; d = addDays(d, 7))
    out.push(d);
  return out;
}

const fmt = (language: string, o: Intl.DateTimeFormatOptions) => dateTimeFormat(language, { ...o, timeZone: 'UTC' });

export const formatDate = (d: string, language: string, style: 'long' | 'medium' | 'short' = 'medium') =>
  style === 'long'
    ? fmt(language, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(toMs(d))
    : fmt(language, { dateStyle: style }).format(toMs(d));
export const formatMonth = (month: string, language: string) =>
  fmt(language, { month: 'long', year: 'numeric' }).format(toMs(`${month}-01`));
export const formatDayMonth = (d: string, language: string) => fmt(language, { day: 'numeric', month: 'short' }).format(toMs(d));
export const formatDayNumber = (d: string, language: string) => fmt(language, { day: 'numeric' }).format(toMs(d));
/** Weekday names by index, 0 = Sunday (1 January 2023 was a Sunday). */
export const weekdayName = (weekday: number, language: string, style: 'long' | 'short' = 'long') =>
  fmt(language, { weekday: style }).format(toMs(addDays('2023-01-01', weekday)));

/** A "HH:MM" time in the language's own way of writing times. */
export function formatTime(hhmm: string, language: string): string {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return fmt(language, { hour: 'numeric', minute: '2-digit' }).format(Date.UTC(2000, 0, 1, h, m));
}

export const formatInstant = (iso: string, language: string) =>
  dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** An instant as the value of a datetime-local input, in the viewer's zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** A datetime-local value with the viewer's offset, so the server reads the day's opening in the same zone. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return null;
  const off = -d.getTimezoneOffset();
  const sign = off >= 0 ? '+' : '-';
  const abs = Math.abs(off);
  return `${value.slice(0, 16)}:00${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
