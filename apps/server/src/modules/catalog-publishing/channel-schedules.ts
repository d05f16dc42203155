import type { DbOrTx } from '../../db/client.js';
import { enqueueJob } from '../jobs/index.js';
import type { ChannelRow } from './catalog-publishing.repository.js';

/**
 * Scheduled dates that apply themselves (decision 021): when a product's publish or unpublish date comes, a job adds
 * it to or removes it from the channel's published snapshot. One job is queued per channel for its next date; each
 * run queues the one after.
 */
export const SCHEDULE_JOB = 'catalog-publishing.schedule';

type Schedules = ChannelRow['schedules'];

/** What a schedule job carries: its channel, and the time after which the dates it applies lie. */
export type ScheduleJobPayload = { channelId: string; after: string };

const datesOf = (s: Schedules[number]) => [s.publishAt, s.unpublishAt].flatMap((d) => (d ? [Date.parse(d)] : []));

/** The earliest publish or unpublish date after `after`; null when none is left. */
export function nextScheduleDate(schedules: Schedules, after: Date): Date | null {
  const later = schedules.flatMap(datesOf).filter((t) => t > after.getTime());
  return later.length ? new Date(Math.min(...later)) : null;
}

/** The products with a publish or unpublish date in (after, until]: those whose place in the channel may have changed. */
export function productsDue(schedules: Schedules, after: Date, until: Date): string[] {
  return schedules.filter((s) => datesOf(s).some((t) => t > after.getTime() && t <= until.getTime())).map((s) => s.productId);
}

/**
 * Queues the channel's next scheduled date after `after` (nothing when none is left), in the caller's transaction.
 * One job per channel and date: saving the schedules again, or a run that finds the same next date, adds none.
 */
export async function queueNextSchedule(tx: DbOrTx, ch: Pick<ChannelRow, 'id' | 'orgId' | 'schedules'>, after: Date): Promise<void> {
  const runAt = nextScheduleDate(ch.schedules, after);
  if (!runAt) return;
  const payload: ScheduleJobPayload = { channelId: ch.id, after: after.toISOString() };
  await enqueueJob(tx, {
    orgId: ch.orgId,
    kind: SCHEDULE_JOB,
    runAt,
    payload,
    dedupeKey: `${SCHEDULE_JOB}:${ch.id}:${runAt.toISOString()}`,
  });
}
