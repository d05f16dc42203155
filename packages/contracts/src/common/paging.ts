import { z } from 'zod';

/** A page size in a query string: a whole number from 1 to 200. */
export const pageLimitQuery = z
  .string()
  .regex(/^\d{1,3}$/, 'must be a whole number from 1 to 200')
  .transform(Number)
  .pipe(z.number().int().min(1, 'must be at least 1').max(200, 'must be at most 200'));

/** Spread into a keyset list's query: `z.object({ ...filters, ...keysetQueryShape })`. */
export const keysetQueryShape = {
  /** Opaque cursor from the previous page's nextCursor. */
  cursor: z
    .string()
    .max(500, 'at most 500 characters')
    .regex(/^[A-Za-z0-9_-]+$/, 'is not a cursor from this list')
    .optional(),
  limit: pageLimitQuery.optional(),
};

/** One page of a keyset list. */
export const keysetPageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    /** Pass as `cursor` for the next page; null on the last page. */
    nextCursor: z.string().nullable(),
  });
