import type { DbOrTx } from './client.js';
import { hotRows } from './hot-query.js';

/** Serialises whoever takes the same key until the end of the transaction (both drivers). */
export async function lockKey(tx: DbOrTx, key: string): Promise<void> {
  await hotRows(tx, 'advisory_xact_lock', 'select pg_advisory_xact_lock(hashtextextended($1, 0))', [key]);
}
