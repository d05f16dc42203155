import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { organizationMemberships, organizationSettings, refreshTokens, sessions } from '../../db/schema/index.js';

export type SessionRecord = typeof sessions.$inferSelect;
export type RefreshTokenRecord = typeof refreshTokens.$inferSelect;
export type AmrEntry = { method: string; timestamp: number };

export async function insertSession(
  db: DbOrTx,
  values: { userId: string; aal: string; amr: AmrEntry[]; ip: string | null; userAgent: string | null; now: Date },
): Promise<SessionRecord> {
  const [row] = await db
    .insert(sessions)
    .values({
      userId: values.userId,
      aal: values.aal,
      amr: values.amr,
      ip: values.ip,
      userAgent: values.userAgent,
      createdAt: values.now,
      updatedAt: values.now,
      // The organization's session lifetime (settings security policy) ends the session, refreshes or not;
      // without one (or without an organization) a session lasts until sign-out.
      notAfter: sql`(select ${values.now.toISOString()}::timestamptz + make_interval(hours => (s.security->>'sessionLifetimeHours')::int)
        from ${organizationMemberships} m join ${organizationSettings} s on s.org_id = m.org_id
        where m.user_id = ${values.userId} and s.security->>'sessionLifetimeHours' is not null limit 1)`,
    })
    .returning();
  return row!;
}

export async function findSession(db: DbOrTx, id: string): Promise<SessionRecord | null> {
  const rows = await db.select().from(sessions).where(eq(sessions.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function lockSession(db: DbOrTx, id: string): Promise<SessionRecord | null> {
  const rows = await db.select().from(sessions).where(eq(sessions.id, id)).limit(1).for('update');
  return rows[0] ?? null;
}

export async function updateSession(
  db: DbOrTx,
  id: string,
  patch: Partial<Pick<SessionRecord, 'aal' | 'factorId' | 'amr' | 'refreshedAt' | 'updatedAt'>>,
): Promise<SessionRecord> {
  const [row] = await db.update(sessions).set(patch).where(eq(sessions.id, id)).returning();
  return row!;
}

/** Deleting a session cascades to its refresh tokens; its access tokens fail the per-request session check. */
export async function deleteSession(db: DbOrTx, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

export async function deleteUserSessions(db: DbOrTx, userId: string, exceptSessionId?: string): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined))
    .returning({ id: sessions.id });
  return rows.length;
}

export async function insertRefreshToken(
  db: DbOrTx,
  values: { tokenHash: string; userId: string; sessionId: string; parentHash: string | null; now: Date },
): Promise<void> {
  await db.insert(refreshTokens).values({
    tokenHash: values.tokenHash,
    userId: values.userId,
    sessionId: values.sessionId,
    parentHash: values.parentHash,
    createdAt: values.now,
    updatedAt: values.now,
  });
}

/** SELECT ... FOR UPDATE: concurrent refreshes of one token queue here, so only the first rotates it. */
export async function lockRefreshToken(db: DbOrTx, tokenHash: string): Promise<RefreshTokenRecord | null> {
  const rows = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1).for('update');
  return rows[0] ?? null;
}

export async function findRefreshToken(db: DbOrTx, tokenHash: string): Promise<RefreshTokenRecord | null> {
  const rows = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
  return rows[0] ?? null;
}

export async function revokeRefreshToken(db: DbOrTx, id: number, now: Date): Promise<void> {
  await db.update(refreshTokens).set({ revoked: true, updatedAt: now }).where(eq(refreshTokens.id, id));
}

export async function deleteSessionRefreshTokens(db: DbOrTx, sessionId: string): Promise<void> {
  await db.delete(refreshTokens).where(eq(refreshTokens.sessionId, sessionId));
}

export async function countSessionRefreshTokens(db: DbOrTx, sessionId: string): Promise<number> {
  const rows = await db.select({ id: refreshTokens.id }).from(refreshTokens).where(eq(refreshTokens.sessionId, sessionId));
  return rows.length;
}
