import type { JobRow } from '../jobs/index.js';
import { enqueueJob, type JobContext } from '../jobs/index.js';
import * as repo from './settings.repository.js';

export const RETENTION_JOB = 'settings.retention';

/** The next run of the daily clean-up: 03:00 UTC after `now` (a quiet hour in most of the organizations' day). */
export function nextRetentionRun(now: Date): Date {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 3));
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next;
}

/** One run per organization and day, however often the settings are saved. */
export const retentionKey = (orgId: string, runAt: Date) => `${RETENTION_JOB}:${orgId}:${runAt.toISOString().slice(0, 10)}`;

/**
 * The daily retention run of one organization: deletes its audit entries and finished outbox messages older than
 * its settings say, and nothing of any other organization. While a retention is set it queues tomorrow's run.
 */
export async function runRetention(job: JobRow, ctx: JobContext): Promise<{ audit: number; outbox: number }> {
  const orgId = job.orgId;
  if (!orgId) return { audit: 0, outbox: 0 };
  const keep = await repo.retentionOf(ctx.db, orgId);
  const audit = keep.audit === null ? 0 : await repo.deleteOldAudit(ctx.db, orgId, keep.audit, ctx.now);
  const outbox = keep.outbox === null ? 0 : await repo.deleteOldOutbox(ctx.db, orgId, keep.outbox, ctx.now);
  if (keep.audit !== null || keep.outbox !== null) {
    const runAt = nextRetentionRun(ctx.now);
    await enqueueJob(ctx.db, { orgId, kind: RETENTION_JOB, runAt, dedupeKey: retentionKey(orgId, runAt) });
  }
  return { audit, outbox };
}
