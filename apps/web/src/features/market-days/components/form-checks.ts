import { ApiError } from '../../../lib/api';

/** Checks the form makes before sending, in the user's language; the server checks the same again. */
export type FormErrors = Partial<
  Record<
    | 'locationId'
    | 'date'
    | 'setupTime'
    | 'openTime'
    | 'closeTime'
    | 'applicationOpensAt'
    | 'applicationClosesAt'
    | 'capacities'
    | 'weekday'
    | 'startDate'
    | 'endDate'
    | 'skipDates',
    string
  >
>;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export function checkTimes(f: { setupTime: string; openTime: string; closeTime: string }, t: (key: string) => string): FormErrors {
  const errors: FormErrors = {};
  for (const k of ['setupTime', 'openTime', 'closeTime'] as const) if (!TIME.test(f[k])) errors[k] = t('marketDays.error.time');
  if (Object.keys(errors).length) return errors;
  if (f.setupTime > f.openTime) errors.setupTime = t('marketDays.error.setupAfterOpen');
  if (f.openTime >= f.closeTime) errors.closeTime = t('marketDays.error.closeBeforeOpen');
  return errors;
}

/**
 * The server's refusals a planner meets often, in the user's language (the server writes English).
 * Dates are taken from the server's message and written the user's way.
 */
export function conflictMessage(
  error: unknown,
  t: (key: string, vars?: Record<string, string | number>) => string,
  formatDates: (dates: string[]) => string,
): { field: string; message: string } | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const dates = [...new Set(error.message.match(/\d{4}-\d{2}-\d{2}/g) ?? [])];
  const field = error.fields[0]?.field;
  if (field === 'date') return { field, message: t('marketDays.error.dateTaken') };
  if (field === 'skipDates' && /published/i.test(error.message))
    return { field, message: t('marketDays.error.publishedWouldDrop', { dates: formatDates(dates) }) };
  if (field === 'skipDates') return { field, message: t('marketDays.error.datesTaken', { dates: formatDates(dates) }) };
  return null;
}
