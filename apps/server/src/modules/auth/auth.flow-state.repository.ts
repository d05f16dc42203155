import { and, eq, gt, isNull, like } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { flowState, oneTimeTokens } from '../../db/schema/index.js';

export type FlowStateRecord = typeof flowState.$inferSelect;

/**
 * A flow state waits for its code under a placeholder hash (`pending:<random>`, never the hash of a code a
 * client could send: codes are hashed as hex digests), so `auth_code_hash` stays unique and not null.
 */
export const PENDING_PREFIX = 'pending:';

export async function insertFlowState(db: DbOrTx, values: typeof flowState.$inferInsert): Promise<FlowStateRecord> {
  const rows = await db.insert(flowState).values(values).returning();
  return rows[0]!;
}

/** Earlier flows of one purpose for one user that never got their code: a newer link replaces them. */
export async function deletePendingFlows(db: DbOrTx, userId: string, method: string): Promise<void> {
  await db
    .delete(flowState)
    .where(
      and(
        eq(flowState.userId, userId),
        eq(flowState.authenticationMethod, method),
        isNull(flowState.usedAt),
        like(flowState.authCodeHash, `${PENDING_PREFIX}%`),
      ),
    );
}

/** The flow a link of `method` belongs to: the user's one still waiting for its code, if any. */
export async function lockPendingFlow(db: DbOrTx, userId: string, method: string): Promise<FlowStateRecord | null> {
  const rows = await db
    .select()
    .from(flowState)
    .where(
      and(
        eq(flowState.userId, userId),
        eq(flowState.authenticationMethod, method),
        isNull(flowState.usedAt),
        like(flowState.authCodeHash, `${PENDING_PREFIX}%`),
      ),
    )
    .limit(1)
    .for('update');
  return rows[0] ?? null;
}

export async function lockFlowById(db: DbOrTx, id: string): Promise<FlowStateRecord | null> {
  const rows = await db.select().from(flowState).where(eq(flowState.id, id)).limit(1).for('update');
  return rows[0] ?? null;
}

export async function lockFlowByCodeHash(db: DbOrTx, hash: string): Promise<FlowStateRecord | null> {
  const rows = await db.select().from(flowState).where(eq(flowState.authCodeHash, hash)).limit(1).for('update');
  return rows[0] ?? null;
}

export async function updateFlowState(
  db: DbOrTx,
  id: string,
  patch: Partial<Pick<FlowStateRecord, 'authCodeHash' | 'userId' | 'expiresAt' | 'usedAt'>>,
): Promise<void> {
  await db.update(flowState).set(patch).where(eq(flowState.id, id));
}

/** Whether the live link token of this hash was sent in a PKCE flow (read only: GET /verify spends nothing). */
export async function linkHasPendingFlow(db: DbOrTx, tokenHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .select({ id: flowState.id })
    .from(flowState)
    .innerJoin(oneTimeTokens, and(eq(oneTimeTokens.userId, flowState.userId), eq(oneTimeTokens.tokenType, flowState.authenticationMethod)))
    .where(
      and(
        eq(oneTimeTokens.tokenHash, tokenHash),
        gt(oneTimeTokens.expiresAt, now),
        isNull(flowState.usedAt),
        like(flowState.authCodeHash, `${PENDING_PREFIX}%`),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
