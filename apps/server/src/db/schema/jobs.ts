import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './platform.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Stored states of a job; a running job whose lease ran out is shown as stalled and claimed again. */
export const JOB_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;

/**
 * The PostgreSQL job queue: long or timed work (waitlist offers expiring, later imports and publishing).
 * Claimed with FOR UPDATE SKIP LOCKED under a lease that a heartbeat extends, so several app instances share
 * it and a job whose worker died is claimed again after its lease.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id').references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('queued'),
    /** Not before this time (a timed job, or a retry's backoff). */
    runAt: ts('run_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    leaseUntil: ts('lease_until'),
    heartbeatAt: ts('heartbeat_at'),
    progress: jsonb('progress').$type<Record<string, unknown>>(),
    result: jsonb('result').$type<unknown>(),
    lastError: text('last_error'),
    /** At most one queued or running job per key (e.g. one expiry per offer). */
    dedupeKey: text('dedupe_key'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.status} = 'queued'`),
    index('jobs_running_idx')
      .on(t.leaseUntil)
      .where(sql`${t.status} = 'running'`),
    uniqueIndex('jobs_dedupe_key')
      .on(t.dedupeKey)
      .where(sql`${t.status} in ('queued', 'running')`),
    index('jobs_org_kind_idx').on(t.orgId, t.kind, t.createdAt),
  ],
);
