/** Calendar dates are compared as UTC dates (YYYY-MM-DD), on the server and in SQL alike. */
export const todayUtc = (now = new Date()): string => now.toISOString().slice(0, 10);

/** The calendar date `days` after `date` (YYYY-MM-DD, UTC). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
