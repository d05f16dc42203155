import { BOARD_MAX_DAYS } from '@market/contracts/plain';
import { dateTimeFormat } from '../../app/i18n/locale-format';

/**
 * Calendar dates (YYYY-MM-DD) without a zone: arithmetic and formatting run in UTC, so a market day never
 * shifts by a day in the viewer's zone.
 */
const DAY_MS = 86_400_000;
const toMs = (d: string) => Date.parse(`${d}T00:00:00Z`);

export const addDays = (d: string, n: number) => new Date(toMs(d) + n * DAY_MS).toISOString().slice(0, 10);
export const daysBetween = (from: string, to: string) => Math.round((toMs(to) - toMs(from)) / DAY_MS);
export const isDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(toMs(v));

/** Today in the viewer's own calendar. */
export function todayLocal(): string {
  const n = new Date();
  return `${n.getFullYear()}-${String(n.getMonth() + 1).padStart(2, '0')}-${String(n.getDate()).padStart(2, '0')}`;
}

export interface DateRange {
  from: string;
  to: string;
}

/**
 * The range the board opens on: the location's next market days (the query asks for twelve), cut to the
 * longest range the board takes; with none ahead, the next BOARD_MAX_DAYS days.
 */
export function defaultRange(nextDates: readonly string[], today: string): DateRange {
  const from = nextDates[0] ?? today;
  const last = addDays(from, BOARD_MAX_DAYS - 1);
  const wanted = nextDates.length ? nextDates[nextDates.length - 1]! : last;
  return { from, to: wanted < last ? wanted : last };
}

/** Why a range typed by hand cannot be shown, as a translation key, or null when it can. */
export function rangeProblem(range: DateRange): string | null {
  if (!isDate(range.from) || !isDate(range.to)) return 'marketAssignments.range.invalid';
  const span = daysBetween(range.from, range.to);
  if (span < 0) return 'marketAssignments.range.reversed';
  if (span + 1 > BOARD_MAX_DAYS) return 'marketAssignments.range.tooLong';
  return null;
}

const fmt = (language: string, o: Intl.DateTimeFormatOptions) => dateTimeFormat(language, { ...o, timeZone: 'UTC' });
export const formatWeekday = (d: string, language: string) => fmt(language, { weekday: 'short' }).format(toMs(d));
export const formatDayMonth = (d: string, language: string) => fmt(language, { day: 'numeric', month: 'short' }).format(toMs(d));
export const formatLongDate = (d: string, language: string) =>
  fmt(language, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(toMs(d));
export const formatMediumDate = (d: string, language: string) => fmt(language, { dateStyle: 'medium' }).format(toMs(d));
