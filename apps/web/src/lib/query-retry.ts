import { ApiError } from './api';

/**
 * Whether a failed query is tried again: once, and never after an answer that will not change by
 * asking again (a 4xx such as 404 not found, 403 forbidden or 422 invalid), so a missing record shows
 * its not-found state at once instead of after a second round trip.
 */
export function shouldRetryQuery(failures: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429) return false;
  return failures < 1;
}
