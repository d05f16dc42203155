import type { marketAssignmentsRoutes as r } from '@market/contracts';
import { DEFAULT_MARKET_POLICIES } from '@market/contracts/plain';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/api-route.js';
import { assertUnchanged, staleUpdateError } from '../../lib/concurrency.js';
import { isUniqueViolation } from '../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import * as repo from './market-policies.repository.js';

type UpdateInput = z.infer<typeof r.marketPoliciesUpdateSchema>;

function toPolicies(row: repo.PolicyRow | null): r.MarketPolicies {
  if (!row) return { ...DEFAULT_MARKET_POLICIES, updatedAt: null };
  return {
    offerHours: row.offerHours,
    depositBasisPoints: row.depositBasisPoints,
    depositDueDays: row.depositDueDays,
    balanceDueDaysBefore: row.balanceDueDaysBefore,
    refundWindowDays: row.refundWindowDays,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getPolicies(db: Db, caller: Caller): Promise<r.MarketPolicies> {
  return toPolicies(await repo.findPolicies(db, caller.orgId));
}

/**
 * Saves the settings. The screen sends the updatedAt it loaded, or null when it loaded the defaults: a save
 * based on anything older than what is stored is refused (409) instead of silently overwriting it.
 */
export async function updatePolicies(db: Db, caller: Caller, input: UpdateInput): Promise<r.MarketPolicies> {
  try {
    return await db.transaction(async (tx) => {
      const before = await repo.findPolicies(tx, caller.orgId, true);
      if (before === null ? input.expectedUpdatedAt !== null : input.expectedUpdatedAt === null) throw staleUpdateError();
      if (before) assertUnchanged(before.updatedAt, input.expectedUpdatedAt!);
      const { expectedUpdatedAt: _, ...values } = input;
      const row = await repo.savePolicies(tx, caller.orgId, values, before !== null);
      await recordAudit(tx, caller, {
        action: 'update',
        entityType: 'market_policies',
        entityId: caller.orgId,
        before: before ?? { ...DEFAULT_MARKET_POLICIES, defaults: true },
        after: row,
      });
      return toPolicies(row);
    });
  } catch (err) {
    // Two first saves at once: the later one was based on the defaults, which are no longer current.
    if (isUniqueViolation(err)) throw staleUpdateError();
    throw err;
  }
}
