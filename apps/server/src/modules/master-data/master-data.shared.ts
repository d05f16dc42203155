import type { DbOrTx } from '../../db/client.js';
import { conflict, isUniqueViolation } from '../../lib/errors.js';
import { lockKey } from '../../db/advisory-lock.js';

export const codeTaken = (what: string) =>
  conflict(`Another ${what} already has this code`, [{ field: 'code', message: `is already used by another ${what}` }]);

/** Runs a write; a race past the code check still meets the unique index and is answered as a taken code. */
export async function withCodeGuard<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isUniqueViolation(err)) throw codeTaken(what);
    throw err;
  }
}

/** Empty optional texts are stored as null so "nothing" has one spelling. */
export const blankToNull = (v: string | null | undefined) => (v === undefined ? undefined : v ? v : null);

export const iso = <T extends { createdAt: Date; updatedAt: Date }>(r: T) => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/**
 * Writes that touch several rows of one list (renumbering a tree's siblings, moving the base
 * currency) run one at a time per organization, so they cannot deadlock or both win an invariant.
 */
export async function lockList(tx: DbOrTx, list: string, orgId: string): Promise<void> {
  await lockKey(tx, `${list}:${orgId}`);
}
