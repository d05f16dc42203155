// Global search: the header's "Search everything..." over the areas the caller may open.
import { z } from 'zod';
import { defineRoute } from '../common/route.js';
import { SEARCH_GROUPS, SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX, SEARCH_Q_MAX } from './constants.js';

export * from './constants.js';

export const searchQuery = z.object({
  q: z.string().trim().min(1, 'must not be empty').max(SEARCH_Q_MAX, `must be at most ${SEARCH_Q_MAX} characters`),
  limit: z.coerce.number().int().min(1).max(SEARCH_LIMIT_MAX).default(SEARCH_LIMIT_DEFAULT),
});

export const searchItemSchema = z.object({
  id: z.uuid(),
  /** The name as entered (English, or the only name the record has). */
  label: z.string(),
  /** The Arabic name, when the record has one. */
  labelAr: z.string().nullable(),
  /** A second line: SKU, e-mail, address, file name... as stored. */
  detail: z.string().nullable(),
  /** A status code of the record's own area (the web shows it as is when it has no label for it). */
  status: z.string().nullable(),
  /** A calendar date (YYYY-MM-DD) for market days. */
  date: z.string().nullable(),
  /** The SPA route that opens the record. */
  route: z.string(),
});

export const searchResultSchema = z.object({
  q: z.string(),
  /** Only the groups the caller holds the permission of, in a fixed order; empty groups are left out. */
  groups: z.array(z.object({ group: z.enum(SEARCH_GROUPS), items: z.array(searchItemSchema) })),
});

export const search = defineRoute({
  method: 'GET',
  path: '/search',
  tag: 'search',
  summary:
    'Search the organization: products (SKU prefix, names en/ar), vendors, applications, market days, locations and assets, each group only with its permission',
  access: { authenticated: true },
  query: searchQuery,
  response: searchResultSchema,
});

export type SearchResult = z.infer<typeof searchResultSchema>;
export type SearchItem = z.infer<typeof searchItemSchema>;
