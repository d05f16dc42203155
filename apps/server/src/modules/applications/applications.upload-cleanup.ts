import { FORM_TOKEN_MAX_AGE_DAYS } from '@market/contracts';
import { and, inArray, isNull, lt } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import { applicationUploads } from '../../db/schema/index.js';
import { findBucketById, removeObjects } from '../storage/index.js';
import { applicationsTuning } from './applications.form-token.js';

/** Files no application claimed after this many days are removed: a draft's form token is dead by then. */
export const UNCLAIMED_UPLOAD_DAYS = FORM_TOKEN_MAX_AGE_DAYS + 1;
const BATCH = 200;

/**
 * Removes a batch of uploads nobody claimed in time: the rows first (skipping any a submission holds
 * locked at this moment), then their stored files. Returns how many went.
 */
export async function pruneUnclaimedUploads(ctx: AppContext): Promise<number> {
  const before = new Date(applicationsTuning(ctx).now() - UNCLAIMED_UPLOAD_DAYS * 86_400_000);
  const gone = await ctx.db.transaction(async (tx) => {
    const stale = await tx
      .select({ id: applicationUploads.id })
      .from(applicationUploads)
      .where(and(isNull(applicationUploads.applicationId), lt(applicationUploads.createdAt, before)))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    if (stale.length === 0) return [];
    return tx
      .delete(applicationUploads)
      .where(
        and(
          inArray(
            applicationUploads.id,
            stale.map((s) => s.id),
          ),
          isNull(applicationUploads.applicationId),
        ),
      )
      .returning({ bucketId: applicationUploads.bucketId, objectPath: applicationUploads.objectPath });
  });
  const byBucket = new Map<string, string[]>();
  for (const g of gone) byBucket.set(g.bucketId, [...(byBucket.get(g.bucketId) ?? []), g.objectPath]);
  for (const [bucketId, paths] of byBucket) {
    const bucket = await findBucketById(ctx.db, bucketId);
    if (bucket) await removeObjects(ctx, { userId: null, ip: null }, bucket, paths);
  }
  return gone.length;
}

let uploads = 0;
/** Every 50th upload also clears old unclaimed ones, off the request's path. */
export function maybePruneUploads(ctx: AppContext): void {
  if (++uploads % 50 !== 0) return;
  void pruneUnclaimedUploads(ctx).catch((err: unknown) => console.error('Removing unclaimed application uploads failed', err));
}
