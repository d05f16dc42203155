import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client.js';

/** Serialises whoever takes the same key until the end of the transaction (both drivers). */
export async function lockKey(tx: DbOrTx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}
