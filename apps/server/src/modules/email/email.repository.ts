import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { emailOutbox } from '../../db/schema/index.js';

export type OutboxRow = typeof emailOutbox.$inferSelect;
export type OutboxInsert = typeof emailOutbox.$inferInsert;

export async function insertEmail(db: DbOrTx, values: OutboxInsert): Promise<OutboxRow> {
  const [row] = await db.insert(emailOutbox).values(values).returning();
  return row!;
}

/** Claims due messages; SKIP LOCKED lets several servers share the queue without sending twice. */
export async function claimDue(db: DbOrTx, limit: number, leaseSeconds: number): Promise<OutboxRow[]> {
  const res = await db.execute(sql`
    update ${emailOutbox} set status = 'sending', attempts = attempts + 1,
      locked_until = now() + make_interval(secs => ${leaseSeconds}), updated_at = now()
    where id in (
      select id from ${emailOutbox}
      where (status = 'pending' or (status = 'sending' and locked_until < now())) and next_attempt_at <= now()
      order by next_attempt_at, created_at
      limit ${limit}
      for update skip locked)
    returning id`);
  const ids = (res as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
  if (ids.length === 0) return [];
  return db.select().from(emailOutbox).where(sql`${emailOutbox.id} in ${ids}`);
}

export async function markSent(db: DbOrTx, id: string): Promise<void> {
  await db.update(emailOutbox).set({ status: 'sent', sentAt: new Date(), lockedUntil: null, lastError: null, updatedAt: new Date() }).where(eq(emailOutbox.id, id));
}

export async function markFailed(db: DbOrTx, id: string, error: string, retryAt: Date | null): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ status: retryAt ? 'pending' : 'failed', nextAttemptAt: retryAt ?? new Date(), lockedUntil: null, lastError: error.slice(0, 1000), updatedAt: new Date() })
    .where(eq(emailOutbox.id, id));
}

export async function findEmail(db: DbOrTx, id: string): Promise<OutboxRow | null> {
  const rows = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function listEmails(db: DbOrTx, opts: { to?: string; limit: number }): Promise<OutboxRow[]> {
  return db
    .select()
    .from(emailOutbox)
    .where(opts.to ? and(sql`lower(${emailOutbox.toAddress}) = lower(${opts.to})`) : undefined)
    .orderBy(desc(emailOutbox.createdAt))
    .limit(opts.limit);
}
