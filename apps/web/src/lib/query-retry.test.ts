import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { shouldRetryQuery } from './query-retry';

describe('shouldRetryQuery', () => {
  it('does not ask again after an answer that will not change', () => {
    for (const status of [400, 401, 403, 404, 409, 422]) expect(shouldRetryQuery(0, new ApiError(status, 'x', 'x'))).toBe(false);
  });
  it('tries once more after a server error, a timeout, a rate limit or no answer', () => {
    for (const error of [
      new ApiError(500, 'internal', 'x'),
      new ApiError(503, 'x', 'x'),
      new ApiError(408, 'x', 'x'),
      new ApiError(429, 'x', 'x'),
      new TypeError('Failed to fetch'),
    ]) {
      expect(shouldRetryQuery(0, error)).toBe(true);
      expect(shouldRetryQuery(1, error)).toBe(false);
    }
  });
});
