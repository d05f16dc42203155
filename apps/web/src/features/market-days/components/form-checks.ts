import { TIME_OF_DAY_PATTERN } from '@market/contracts/plain';
import { useState } from 'react';
import { errorMessage, fieldError, hasFieldErrors, type FieldWords, type Translate } from '../../../lib/api-errors';
import { useT } from '../../../app/i18n/i18n-provider';

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

export function checkTimes(f: { setupTime: string; openTime: string; closeTime: string }, t: (key: string) => string): FormErrors {
  const errors: FormErrors = {};
  for (const k of ['setupTime', 'openTime', 'closeTime'] as const)
    if (!TIME_OF_DAY_PATTERN.test(f[k])) errors[k] = t('marketDays.error.time');
  if (Object.keys(errors).length) return errors;
  if (f.setupTime > f.openTime) errors.setupTime = t('marketDays.error.setupAfterOpen');
  if (f.openTime >= f.closeTime) errors.closeTime = t('marketDays.error.closeBeforeOpen');
  return errors;
}

/**
 * The server's refusals a planner meets often, in the user's language (the server writes English).
 * Dates are taken from the server's message and written the user's way.
 */
export function conflictWords(t: Translate, formatDates: (dates: string[]) => string): FieldWords {
  return (f, error) => {
    if (error.status !== 409) return undefined;
    const dates = () => formatDates([...new Set(error.message.match(/\d{4}-\d{2}-\d{2}/g) ?? [])]);
    if (f.field === 'date') return t('marketDays.error.dateTaken');
    if (f.field === 'skipDates' && /published/i.test(error.message)) return t('marketDays.error.publishedWouldDrop', { dates: dates() });
    if (f.field === 'skipDates') return t('marketDays.error.datesTaken', { dates: dates() });
    return undefined;
  };
}

/**
 * The errors a market-day or series form shows: its own checks first, then the server's for that field
 * (or anything inside it), and the whole error in one line when the server named no field.
 */
export function useFormErrors(error: unknown, formatDates: (dates: string[]) => string) {
  const t = useT();
  const [local, setLocal] = useState<FormErrors>({});
  const words = conflictWords(t, formatDates);
  return {
    setLocal,
    err: (field: keyof FormErrors | 'notes') => local[field as keyof FormErrors] ?? fieldError(error, field, words),
    general: error && !hasFieldErrors(error) ? errorMessage(t, error) : null,
  };
}
