import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { oneTimeTokens, signInAttempts } from '../../db/schema/index.js';

export type OneTimeTokenRecord = typeof oneTimeTokens.$inferSelect;

export async function deleteUserTokens(db: DbOrTx, userId: string, types: string[]): Promise<void> {
  await db.delete(oneTimeTokens).where(and(eq(oneTimeTokens.userId, userId), inArray(oneTimeTokens.tokenType, types)));
}

export async function insertTokens(db: DbOrTx, rows: (typeof oneTimeTokens.$inferInsert)[]): Promise<void> {
  await db.insert(oneTimeTokens).values(rows);
}

export async function lockTokenByHash(db: DbOrTx, tokenHash: string, now: Date): Promise<OneTimeTokenRecord | null> {
  const rows = await db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.tokenHash, tokenHash), gt(oneTimeTokens.expiresAt, now)))
    .limit(1)
    .for('update');
  return rows[0] ?? null;
}

export async function lockTokensForAddress(db: DbOrTx, address: string, types: string[], now: Date): Promise<OneTimeTokenRecord[]> {
  return db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.relatesTo, address), inArray(oneTimeTokens.tokenType, types), gt(oneTimeTokens.expiresAt, now)))
    .for('update');
}

export async function lockTokensForUser(db: DbOrTx, userId: string, types: string[], now: Date): Promise<OneTimeTokenRecord[]> {
  return db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.userId, userId), inArray(oneTimeTokens.tokenType, types), gt(oneTimeTokens.expiresAt, now)))
    .for('update');
}

/** Counts a wrong code against every live token it could have matched; a token that used up its tries is gone. */
export async function countFailedAttempt(db: DbOrTx, ids: string[], maxAttempts: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(oneTimeTokens)
    .set({ attempts: sql`${oneTimeTokens.attempts} + 1` })
    .where(inArray(oneTimeTokens.id, ids));
  await db.delete(oneTimeTokens).where(and(inArray(oneTimeTokens.id, ids), sql`${oneTimeTokens.attempts} >= ${maxAttempts}`));
}

export async function deleteExpiredTokens(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(oneTimeTokens).where(lte(oneTimeTokens.expiresAt, now));
}

/**
 * Counts one attempt for a key, atomically. Past `max` attempts without a reset the key is locked for
 * `lockSeconds`; while locked nothing is counted. Counting before the check (not after a failure) means
 * parallel guesses cannot slip past the limit. With `windowSeconds` (failures of one client across
 * accounts) the count starts again after that long without an attempt, so a busy shared address is not
 * locked by old mistakes.
 */
export async function countAttempt(
  db: DbOrTx,
  key: string,
  max: number,
  lockSeconds: number,
  windowSeconds: number | null = null,
): Promise<{ attempts: number; retryAfter: number }> {
  // Null without a window: the comparison is null, so that branch never applies.
  const quiet = sql`a.updated_at < now() - make_interval(secs => ${windowSeconds}::double precision)`;
  const res = await db.execute(sql`
    insert into ${signInAttempts} as a (key, failures, locked_until, updated_at)
    values (${key}, 1, null, now())
    on conflict (key) do update set
      failures = case
        when a.locked_until is not null and a.locked_until <= now() then 1
        when a.locked_until is not null then a.failures
        when ${quiet} then 1
        else a.failures + 1 end,
      locked_until = case
        when a.locked_until is not null and a.locked_until <= now() then null
        when a.locked_until is not null then a.locked_until
        when ${quiet} then null
        when a.failures + 1 > ${max} then now() + make_interval(secs => ${lockSeconds})
        else null end,
      updated_at = now()
    returning failures,
      coalesce(ceil(extract(epoch from (locked_until - now()))), 0)::int as retry_after`);
  const row = (res as unknown as { rows: { failures: number; retry_after: number }[] }).rows[0]!;
  return { attempts: Number(row.failures), retryAfter: Math.max(0, Number(row.retry_after)) };
}

/** Takes back one counted attempt that turned out to succeed (the count is taken before the check). */
export async function refundAttempt(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`update ${signInAttempts} set failures = greatest(failures - 1, 0) where key = ${key} and locked_until is null`);
}

export async function clearAttempts(db: DbOrTx, key: string): Promise<void> {
  await db.delete(signInAttempts).where(eq(signInAttempts.key, key));
}

/** One event per key and interval; returns 0 when allowed, else the seconds to wait. */
export async function takeRateSlot(db: DbOrTx, key: string, intervalSeconds: number): Promise<number> {
  const res = await db.execute(sql`
    insert into ${signInAttempts} as a (key, failures, locked_until, updated_at)
    values (${key}, 1, now() + make_interval(secs => ${intervalSeconds}), now())
    on conflict (key) do update set failures = a.failures + 1,
      locked_until = now() + make_interval(secs => ${intervalSeconds}), updated_at = now()
      where a.locked_until is null or a.locked_until <= now()
    returning key`);
  if ((res as unknown as { rows: unknown[] }).rows.length > 0) return 0;
  const wait = await db.execute(sql`
    select coalesce(ceil(extract(epoch from (locked_until - now()))), 1)::int as wait from ${signInAttempts} where key = ${key}`);
  return Math.max(1, Number((wait as unknown as { rows: { wait: number }[] }).rows[0]?.wait ?? 1));
}

/** Old throttle rows are useless; dropped now and then so the table stays small. */
export async function pruneAttempts(db: DbOrTx): Promise<void> {
  await db.execute(
    sql`delete from ${signInAttempts} where updated_at < now() - interval '1 day' and (locked_until is null or locked_until < now())`,
  );
}
