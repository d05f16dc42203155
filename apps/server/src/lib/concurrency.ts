import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.js';
import { conflict } from './errors.js';

/**
 * Optimistic concurrency of editing screens (issue 12, item 15): an edit names the `updatedAt` it was
 * based on, and a record changed since is refused instead of the last write silently winning. Both
 * drivers hand timestamps back as millisecond Dates, as the API serialises them, so the ISO strings compare.
 */
export const staleUpdateError = () =>
  conflict('This was changed by someone else since you opened it; reload it to see their changes', [
    { field: 'expectedUpdatedAt', message: 'changed by someone else since you opened it' },
  ]);

export function assertUnchanged(updatedAt: Date, expectedUpdatedAt: string): void {
  if (updatedAt.toISOString() !== expectedUpdatedAt) throw staleUpdateError();
}

type Stamped = PgTable & { updatedAt: PgColumn };

/**
 * Locks the row (`FOR UPDATE`, until the transaction ends) and checks its stamp, so no other write can
 * land between the check and the update. A row that does not match `where` passes: the caller's own
 * lookup answers 404 as before.
 */
export async function lockUnchanged(tx: DbOrTx, table: Stamped, where: SQL | undefined, expectedUpdatedAt: string): Promise<void> {
  const [row] = await tx
    .select({ updatedAt: table.updatedAt })
    .from(table as PgTable)
    .where(where)
    .limit(1)
    .for('update');
  if (row) assertUnchanged(row.updatedAt as Date, expectedUpdatedAt);
}
