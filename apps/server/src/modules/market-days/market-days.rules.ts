import type { marketDaysRoutes } from '@market/contracts';
import { AppError, conflict, type FieldError } from '../../lib/errors.js';

type MarketDayStatus = marketDaysRoutes.MarketDayStatus;

const DAY_MS = 86_400_000;
export const MAX_SERIES_DAYS = 731; // two years, a leap day included
export const MAX_RANGE_DAYS = 400;

/** Days are calendar dates without a zone: all arithmetic runs in UTC so no DST shift moves a date. */
const toMs = (d: string) => Date.parse(`${d}T00:00:00Z`);
const fromMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const addDays = (d: string, n: number) => fromMs(toMs(d) + n * DAY_MS);
export const daysBetween = (from: string, to: string) => Math.round((toMs(to) - toMs(from)) / DAY_MS);
export const weekdayOf = (d: string) => new Date(toMs(d)).getUTCDay();
/** The server's calendar date (UTC): what "today" and "the future" mean for series edits and the dashboard. */
export const today = () => new Date().toISOString().slice(0, 10);

export interface SeriesRule {
  weekday: number;
  startDate: string;
  endDate: string;
  skipDates: readonly string[];
}

/** Every date of the rule: the weekday between start and end (inclusive), without the skipped dates. */
export function seriesDates(rule: SeriesRule): string[] {
  const skip = new Set(rule.skipDates);
  const out: string[] = [];
  let d = addDays(rule.startDate, (rule.weekday - weekdayOf(rule.startDate) + 7) % 7);
  for (; d <= rule.endDate; d = addDays(d, 7)) if (!skip.has(d)) out.push(d);
  return out;
}

const fail = (fields: FieldError[]) =>
  new AppError(422, 'validation_failed', fields.map((f) => `${f.field}: ${f.message}`).join('; '), fields);

/** Set-up no later than opening, opening before closing. */
export function checkTimes(t: { setupTime: string; openTime: string; closeTime: string }): void {
  const fields: FieldError[] = [];
  if (t.setupTime > t.openTime) fields.push({ field: 'setupTime', message: `must be no later than the opening time (${t.openTime})` });
  if (t.openTime >= t.closeTime) fields.push({ field: 'closeTime', message: `must be later than the opening time (${t.openTime})` });
  if (fields.length) throw fail(fields);
}

export function checkSeriesRange(startDate: string, endDate: string): void {
  if (endDate < startDate) throw fail([{ field: 'endDate', message: `must be on or after the start date (${startDate})` }]);
  if (daysBetween(startDate, endDate) > MAX_SERIES_DAYS)
    throw fail([{ field: 'endDate', message: 'must be at most two years after the start date' }]);
}

export function checkRange(from: string | undefined, to: string | undefined): void {
  if (!from || !to) return;
  if (to < from) throw fail([{ field: 'query.to', message: `must be on or after from (${from})` }]);
  if (daysBetween(from, to) > MAX_RANGE_DAYS)
    throw fail([{ field: 'query.to', message: `must be at most ${MAX_RANGE_DAYS} days after from` }]);
}

/** The zone offset a timestamp was written with ("Z" or ±HH:MM). */
function offsetOf(ts: string): string {
  return /([+-]\d{2}:?\d{2}|Z)$/i.exec(ts)?.[1]?.toUpperCase() ?? 'Z';
}

/**
 * The application window: both ends or neither, opens before closes, closes no later than the day opens.
 * The organization has no time zone of its own, so the day's opening is read in the zone the closing
 * time was written in (the browser sends its local offset); a stored value is read in UTC.
 */
export function checkWindow(w: { opens: string | Date | null; closes: string | Date | null; date: string; openTime: string }): void {
  if (w.opens === null && w.closes === null) return;
  if (w.opens === null) throw fail([{ field: 'applicationOpensAt', message: 'is required when the application window closes' }]);
  if (w.closes === null) throw fail([{ field: 'applicationClosesAt', message: 'is required when the application window opens' }]);
  const opens = new Date(w.opens).getTime();
  const closes = new Date(w.closes).getTime();
  if (opens >= closes) throw fail([{ field: 'applicationClosesAt', message: 'must be later than the opening of applications' }]);
  const offset = typeof w.closes === 'string' ? offsetOf(w.closes) : 'Z';
  const dayOpens = Date.parse(`${w.date}T${w.openTime}:00${offset === 'Z' ? 'Z' : offset}`);
  if (closes > dayOpens) {
    throw fail([{ field: 'applicationClosesAt', message: `must be no later than the market day opens (${w.date} ${w.openTime})` }]);
  }
}

const NEXT: Record<MarketDayStatus, readonly MarketDayStatus[]> = {
  draft: ['published', 'cancelled'],
  published: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
};

/** The status machine: draft -> published -> completed, draft/published -> cancelled; completed and cancelled are final. */
export function checkTransition(from: MarketDayStatus, to: MarketDayStatus): void {
  if (NEXT[from].includes(to)) return;
  const why = NEXT[from].length === 0 ? `${from} is final` : `a ${from} day can only become ${NEXT[from].join(' or ')}`;
  throw conflict(`A market day cannot go from ${from} to ${to}: ${why}`);
}
