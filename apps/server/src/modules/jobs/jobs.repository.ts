import { and, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { jobs } from '../../db/schema/index.js';

export type JobRow = typeof jobs.$inferSelect;

/** Channel a committed enqueue notifies, so a runner in any app instance wakes up. */
export const JOBS_CHANNEL = 'jobs';

export interface JobInput {
  orgId: string | null;
  kind: string;
  payload?: Record<string, unknown>;
  /** Not before this time; now when absent. */
  runAt?: Date;
  /** A second enqueue with the key of a queued or running job does nothing. */
  dedupeKey?: string;
  maxAttempts?: number;
}

/**
 * Queues a job in the caller's transaction (so it exists exactly when the change that asked for it commits) and
 * notifies runners; NOTIFY is delivered at commit.
 */
export async function enqueueJob(db: DbOrTx, input: JobInput): Promise<void> {
  await db
    .insert(jobs)
    .values({
      orgId: input.orgId,
      kind: input.kind,
      payload: input.payload ?? {},
      runAt: input.runAt ?? sql`now()`,
      dedupeKey: input.dedupeKey ?? null,
      maxAttempts: input.maxAttempts ?? 5,
    })
    .onConflictDoNothing({ target: jobs.dedupeKey, where: sql`${jobs.status} in ('queued', 'running')` });
  await db.execute(sql`select pg_notify(${JOBS_CHANNEL}, '')`);
}

/**
 * Claims due jobs under a lease. `now` stands for the clock (tests pass a later time to run timed jobs); a
 * running job whose lease ran out (its worker died) is due again. `attempts`, raised by each claim, fences the
 * lease: a worker that lost its lease can no longer finish the job.
 */
export async function claimDue(db: DbOrTx, now: Date | null, limit: number, leaseSeconds: number): Promise<JobRow[]> {
  const clock = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        or(and(eq(jobs.status, 'queued'), lte(jobs.runAt, clock)), and(eq(jobs.status, 'running'), lt(jobs.leaseUntil, sql`now()`))),
        lt(jobs.attempts, jobs.maxAttempts),
      ),
    )
    .orderBy(jobs.runAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(jobs)
    .set({
      status: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
      heartbeatAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(inArray(jobs.id, due))
    .returning();
}

/** A job whose worker died on its last allowed attempt is closed as failed, never left looking alive. */
export async function failAbandoned(db: DbOrTx): Promise<number> {
  const rows = await db
    .update(jobs)
    .set({
      status: 'failed',
      lastError: 'The worker stopped before finishing the last attempt',
      finishedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(jobs.status, 'running'), lt(jobs.leaseUntil, sql`now()`), sql`${jobs.attempts} >= ${jobs.maxAttempts}`))
    .returning({ id: jobs.id });
  return rows.length;
}

const leaseHeld = (id: string, attempts: number) => and(eq(jobs.id, id), eq(jobs.status, 'running'), eq(jobs.attempts, attempts));

/** Extends the lease and records progress; false when the lease was lost (the job was claimed again). */
export async function heartbeat(
  db: DbOrTx,
  id: string,
  attempts: number,
  leaseSeconds: number,
  progress?: Record<string, unknown>,
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
      heartbeatAt: sql`now()`,
      updatedAt: sql`now()`,
      ...(progress ? { progress } : {}),
    })
    .where(leaseHeld(id, attempts))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

export async function complete(db: DbOrTx, id: string, attempts: number, result: unknown): Promise<void> {
  await db
    .update(jobs)
    .set({ status: 'done', result: (result ?? null) as never, leaseUntil: null, finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(leaseHeld(id, attempts));
}

/** A failed attempt: queued again after `retryInSeconds`, or failed for good when none is left. */
export async function fail(db: DbOrTx, job: JobRow, error: string, retryInSeconds: number, final = false): Promise<void> {
  const last = final || job.attempts >= job.maxAttempts;
  await db
    .update(jobs)
    .set({
      status: last ? 'failed' : 'queued',
      lastError: error.slice(0, 2000),
      leaseUntil: null,
      runAt: last ? job.runAt : sql`now() + make_interval(secs => ${retryInSeconds})`,
      finishedAt: last ? sql`now()` : null,
      updatedAt: sql`now()`,
    })
    .where(leaseHeld(job.id, job.attempts));
}

export async function jobsOf(db: DbOrTx, orgId: string | null, kinds: string[]): Promise<JobRow[]> {
  return db
    .select()
    .from(jobs)
    .where(and(orgId === null ? sql`${jobs.orgId} is null` : eq(jobs.orgId, orgId), inArray(jobs.kind, kinds)))
    .orderBy(jobs.createdAt);
}
