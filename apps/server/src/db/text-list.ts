import { sql } from 'drizzle-orm';

/** A list of texts as a subquery for `x in ${textList(xs)}`, whatever characters they hold (both drivers). */
export const textList = (xs: readonly string[]) => sql`(select jsonb_array_elements_text(${JSON.stringify(xs)}::jsonb))`;

/** A list of ids as a subquery for `id in ${uuidList(ids)}` (both drivers). */
export const uuidList = (ids: readonly string[]) => sql`(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`;

/** A list of ids as one uuid[] parameter (for `= any(...)`, `&&`), whatever its length: one bound value, one plan. */
export const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;
