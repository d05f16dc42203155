import { and, eq, inArray, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { mfaChallenges, mfaFactors, oneTimeTokens } from '../../db/schema/index.js';
import type { FactorRecord } from './auth.repository.js';

export type ChallengeRecord = typeof mfaChallenges.$inferSelect;

export async function insertFactor(
  db: DbOrTx,
  values: { userId: string; friendlyName: string | null; secret: string; now: Date },
): Promise<FactorRecord> {
  const [row] = await db
    .insert(mfaFactors)
    .values({
      userId: values.userId,
      friendlyName: values.friendlyName,
      factorType: 'totp',
      status: 'unverified',
      secret: values.secret,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning();
  return row!;
}

export async function findUserFactor(db: DbOrTx, userId: string, factorId: string): Promise<FactorRecord | null> {
  const rows = await db
    .select()
    .from(mfaFactors)
    .where(and(eq(mfaFactors.id, factorId), eq(mfaFactors.userId, userId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function lockUserFactor(db: DbOrTx, userId: string, factorId: string): Promise<FactorRecord | null> {
  const rows = await db
    .select()
    .from(mfaFactors)
    .where(and(eq(mfaFactors.id, factorId), eq(mfaFactors.userId, userId)))
    .limit(1)
    .for('update');
  return rows[0] ?? null;
}

export async function updateFactor(
  db: DbOrTx,
  id: string,
  patch: Partial<Pick<FactorRecord, 'status' | 'lastChallengedAt' | 'updatedAt'>>,
): Promise<FactorRecord> {
  const [row] = await db.update(mfaFactors).set(patch).where(eq(mfaFactors.id, id)).returning();
  return row!;
}

export async function deleteFactor(db: DbOrTx, id: string): Promise<void> {
  await db.delete(mfaFactors).where(eq(mfaFactors.id, id));
}

export async function insertChallenge(db: DbOrTx, values: { factorId: string; ip: string; now: Date }): Promise<ChallengeRecord> {
  const [row] = await db
    .insert(mfaChallenges)
    .values({ factorId: values.factorId, ipAddress: values.ip, createdAt: values.now })
    .returning();
  return row!;
}

export async function lockChallenge(db: DbOrTx, factorId: string, challengeId: string): Promise<ChallengeRecord | null> {
  const rows = await db
    .select()
    .from(mfaChallenges)
    .where(and(eq(mfaChallenges.id, challengeId), eq(mfaChallenges.factorId, factorId)))
    .limit(1)
    .for('update');
  return rows[0] ?? null;
}

export async function markChallengeVerified(db: DbOrTx, id: string, now: Date): Promise<void> {
  await db.update(mfaChallenges).set({ verifiedAt: now }).where(eq(mfaChallenges.id, id));
}

/** Accepted TOTP steps are kept as spent one-time tokens until the step can no longer match. */
export async function anyStepMarker(db: DbOrTx, factorId: string, hashes: string[], now: Date): Promise<boolean> {
  await db
    .delete(oneTimeTokens)
    .where(and(eq(oneTimeTokens.relatesTo, factorId), eq(oneTimeTokens.tokenType, 'totp_step'), lte(oneTimeTokens.expiresAt, now)));
  const rows = await db
    .select({ id: oneTimeTokens.id })
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.relatesTo, factorId), eq(oneTimeTokens.tokenType, 'totp_step'), inArray(oneTimeTokens.tokenHash, hashes)));
  return rows.length > 0;
}

export async function insertStepMarker(
  db: DbOrTx,
  values: { userId: string; factorId: string; hash: string; expiresAt: Date; now: Date },
): Promise<void> {
  await db.insert(oneTimeTokens).values({
    userId: values.userId,
    tokenType: 'totp_step',
    tokenHash: values.hash,
    relatesTo: values.factorId,
    expiresAt: values.expiresAt,
    createdAt: values.now,
  });
}
