import { and, count, eq, gt, lt, min } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { publicFormHits } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { applicationsTuning } from './applications.form-token.js';
import { lockKey } from '../../db/advisory-lock.js';

export interface FloodRule {
  /** Counted per key, e.g. `apply:<client address>`. */
  key: string;
  limit: number;
  windowSeconds: number;
  /** What is refused, for the message: "Too many <what> from this address." */
  what: string;
}

// Old hits of other keys are deleted every so many calls, so the table stays small without a job.
const PRUNE_EVERY = 200;
let calls = 0;

/**
 * Counts one request against a flood rule, or refuses it with 429 and Retry-After. The count and the
 * insert run under a transaction-scoped advisory lock on the key, so parallel requests from one address
 * cannot all slip under the limit; it commits on its own, so a request that fails later still counts.
 */
export async function countHit(ctx: AppContext, rule: FloodRule): Promise<void> {
  const retryAfter = await ctx.db.transaction((tx) => hitIn(ctx, tx, rule));
  if (++calls % PRUNE_EVERY === 0) await pruneHits(ctx, rule.windowSeconds);
  if (retryAfter > 0) {
    const minutes = Math.ceil(retryAfter / 60);
    throw new AppError(
      429,
      'rate_limited',
      `Too many ${rule.what} from this address. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      undefined,
      { 'retry-after': String(retryAfter) },
    );
  }
}

/**
 * The count of countHit inside the caller's transaction: 0 when the hit was counted, else the seconds
 * until the oldest hit leaves the window (nothing is counted then). For limits that must not show in
 * the answer, such as reminders to an address, where the caller quietly skips instead of refusing.
 */
export async function hitIn(ctx: AppContext, tx: DbOrTx, rule: Omit<FloodRule, 'what'>): Promise<number> {
  const now = new Date(applicationsTuning(ctx).now());
  const since = new Date(now.getTime() - rule.windowSeconds * 1000);
  await lockKey(tx, rule.key);
  const [row] = await tx
    .select({ n: count(), oldest: min(publicFormHits.createdAt) })
    .from(publicFormHits)
    .where(and(eq(publicFormHits.key, rule.key), gt(publicFormHits.createdAt, since)));
  if ((row?.n ?? 0) >= rule.limit) {
    const oldest = row?.oldest ? new Date(row.oldest).getTime() : now.getTime();
    return Math.max(1, Math.ceil((oldest + rule.windowSeconds * 1000 - now.getTime()) / 1000));
  }
  await tx.insert(publicFormHits).values({ key: rule.key, createdAt: now });
  await tx.delete(publicFormHits).where(and(eq(publicFormHits.key, rule.key), lt(publicFormHits.createdAt, since)));
  return 0;
}

/** Deletes hits older than the longest window (10 minutes at least) of every key. */
async function pruneHits(ctx: AppContext, windowSeconds: number): Promise<void> {
  const before = new Date(applicationsTuning(ctx).now() - Math.max(windowSeconds, 600) * 1000);
  await ctx.db.delete(publicFormHits).where(lt(publicFormHits.createdAt, before));
}
