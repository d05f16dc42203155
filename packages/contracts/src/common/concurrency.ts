import { z } from 'zod';

/**
 * Optimistic concurrency for editing screens: the write names the `updatedAt` the screen loaded (exactly as
 * the API returned it). A record changed since answers 409 with this field, instead of the last write
 * silently winning; leaving it out is a 422.
 */
export const expectedUpdatedAtSchema = z.iso.datetime({
  precision: 3,
  error: (issue) =>
    issue.input === undefined
      ? 'is required: send the updatedAt of the record you edited'
      : 'must be the updatedAt the record was loaded with',
});

/** Spread into an update body: `z.object({ ...fields, ...concurrencyShape })`. */
export const concurrencyShape = { expectedUpdatedAt: expectedUpdatedAtSchema };
