import { and, asc, count, desc, eq, ilike, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { identities, mfaFactors, organizationMemberships, users } from '../../db/schema/index.js';
import { likePattern } from '../../lib/like-pattern.js';

export type UserRecord = typeof users.$inferSelect;
export type UserInsert = typeof users.$inferInsert;
export type UserPatch = Partial<Omit<UserInsert, 'id'>>;
export type IdentityRecord = typeof identities.$inferSelect;
export type FactorRecord = typeof mfaFactors.$inferSelect;

export async function findUserById(db: DbOrTx, id: string): Promise<UserRecord | null> {
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return rows[0] ?? null;
}

/** Locks the user row for the rest of the transaction, so concurrent writes to one user serialise. */
export async function lockUserById(db: DbOrTx, id: string): Promise<UserRecord | null> {
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1)
    .for('update');
  return rows[0] ?? null;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRecord | null> {
  const rows = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.deletedAt)))
    .limit(1);
  return rows[0] ?? null;
}

/** The user who asked to move to this address (a pending e-mail change). */
export async function findUserByPendingEmail(db: DbOrTx, email: string): Promise<UserRecord | null> {
  const rows = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.emailChange}) = lower(${email})`, isNull(users.deletedAt)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findUserByPhone(db: DbOrTx, phone: string): Promise<UserRecord | null> {
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.phone, phone), isNull(users.deletedAt)))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertUser(db: DbOrTx, values: UserInsert): Promise<UserRecord> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUserRow(db: DbOrTx, id: string, patch: UserPatch): Promise<UserRecord> {
  const [row] = await db.update(users).set(patch).where(eq(users.id, id)).returning();
  return row!;
}

export async function deleteUserRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

export async function listUserRows(db: DbOrTx, opts: { offset: number; limit: number; filter?: string }) {
  const where = and(isNull(users.deletedAt), opts.filter ? ilike(users.email, likePattern(opts.filter)) : undefined);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), asc(users.id))
    .offset(opts.offset)
    .limit(opts.limit);
  const [total] = await db.select({ n: count() }).from(users).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function insertIdentity(db: DbOrTx, values: typeof identities.$inferInsert): Promise<void> {
  await db.insert(identities).values(values).onConflictDoNothing();
}

export async function findIdentities(db: DbOrTx, userId: string): Promise<IdentityRecord[]> {
  return db.select().from(identities).where(eq(identities.userId, userId)).orderBy(asc(identities.createdAt));
}

export async function findIdentitiesOf(db: DbOrTx, userIds: string[]): Promise<IdentityRecord[]> {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(identities)
    .where(sql`${identities.userId} in ${userIds}`)
    .orderBy(asc(identities.createdAt));
}

export async function updateIdentityData(
  db: DbOrTx,
  userId: string,
  provider: string,
  data: Record<string, unknown>,
  now: Date,
): Promise<void> {
  await db
    .update(identities)
    .set({ identityData: sql`${identities.identityData} || ${JSON.stringify(data)}::jsonb`, updatedAt: now })
    .where(and(eq(identities.userId, userId), eq(identities.provider, provider)));
}

export async function touchIdentitySignIn(db: DbOrTx, userId: string, provider: string, now: Date): Promise<void> {
  await db
    .update(identities)
    .set({ lastSignInAt: now, updatedAt: now })
    .where(and(eq(identities.userId, userId), eq(identities.provider, provider)));
}

export async function deleteIdentities(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(identities).where(eq(identities.userId, userId));
}

export async function findFactors(db: DbOrTx, userId: string): Promise<FactorRecord[]> {
  return db.select().from(mfaFactors).where(eq(mfaFactors.userId, userId)).orderBy(asc(mfaFactors.createdAt));
}

export async function findFactorsOf(db: DbOrTx, userIds: string[]): Promise<FactorRecord[]> {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(mfaFactors)
    .where(sql`${mfaFactors.userId} in ${userIds}`)
    .orderBy(asc(mfaFactors.createdAt));
}

export async function deleteFactorsOf(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db.delete(mfaFactors).where(eq(mfaFactors.userId, userId)).returning({ id: mfaFactors.id });
  return rows.length;
}

/** The organization the user belongs to (at most one), so the user's e-mails are that tenant's. */
export async function membershipOrgOf(db: DbOrTx, userId: string): Promise<string | null> {
  const rows = await db
    .select({ orgId: organizationMemberships.orgId })
    .from(organizationMemberships)
    .where(eq(organizationMemberships.userId, userId))
    .limit(1);
  return rows[0]?.orgId ?? null;
}
