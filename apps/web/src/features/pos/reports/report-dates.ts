// Days of the sales report. The server counts days in UTC (pos-reports.service.ts), so the presets are UTC days too:
// "today" is the UTC day, a week starts on the UTC Monday.

/** Today as the server counts days (UTC), YYYY-MM-DD. */
export const utcToday = (now: Date = new Date()): string => now.toISOString().slice(0, 10);

/** `day` moved by `days` (YYYY-MM-DD in and out). */
export function shiftDay(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The Monday of the week `day` is in. */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 Sunday .. 6 Saturday
  return shiftDay(day, -((weekday + 6) % 7));
}

/** Days from `from` to `to`, both counted (1 for one day). */
export const dayCount = (from: string, to: string): number => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

/** Every day from `from` to `to`, both included (none when `to` is before `from`). */
export function eachDay(from: string, to: string): string[] {
  const n = dayCount(from, to);
  return Array.from({ length: Math.max(0, n) }, (_, i) => shiftDay(from, i));
}

export const RANGE_PRESETS = ['today', 'thisWeek', 'thisMonth', 'lastThirtyDays', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

/** The days a preset covers, up to today; `custom` keeps the range it is given. */
export function presetRange(preset: RangePreset, today: string, custom: { from: string; to: string }): { from: string; to: string } {
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'thisWeek':
      return { from: mondayOf(today), to: today };
    case 'thisMonth':
      return { from: `${today.slice(0, 8)}01`, to: today };
    case 'lastThirtyDays':
      return { from: shiftDay(today, -29), to: today };
    case 'custom':
      return custom;
  }
}

/** The last day of the month before the one `day` is in. */
const endOfPreviousMonth = (day: string): string => shiftDay(`${day.slice(0, 8)}01`, -1);

/**
 * The days a preset is compared with, as the sales tools a market team knows compare them: this week with the same
 * weekdays of last week, this month with the same dates of last month (up to that month's last day). Today, the last
 * thirty days and a custom range are compared with the period of the same length just before, which the server works
 * out itself (null here).
 */
export function comparedRange(preset: RangePreset, range: { from: string; to: string }): { from: string; to: string } | null {
  switch (preset) {
    case 'thisWeek':
      return { from: shiftDay(range.from, -7), to: shiftDay(range.to, -7) };
    case 'thisMonth': {
      const last = endOfPreviousMonth(range.from);
      const sameDate = `${last.slice(0, 8)}${range.to.slice(8)}`;
      return { from: `${last.slice(0, 8)}01`, to: sameDate < last ? sameDate : last };
    }
    default:
      return null;
  }
}

export const isDay = (s: string | null | undefined): s is string => !!s && /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s));

/** Today in the browser's calendar (the day a person means by "paid today"), YYYY-MM-DD. */
export function localToday(now: Date = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}
