import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { apiKeys, users } from '../../db/schema/index.js';

// All SQL of the API keys (decision 023).

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type ApiKeyListRow = ApiKeyRow & { replacedById: string | null };

const successor = alias(apiKeys, 'successor');
const listColumns = { key: apiKeys, replacedById: successor.id };

const flatten = (r: { key: ApiKeyRow; replacedById: string | null }): ApiKeyListRow => ({ ...r.key, replacedById: r.replacedById });

/** The organization's keys, newest first, each with the key that replaced it in a roll (if any). */
export async function listKeys(db: DbOrTx, orgId: string): Promise<ApiKeyListRow[]> {
  const rows = await db
    .select(listColumns)
    .from(apiKeys)
    .leftJoin(successor, eq(successor.rolledFromId, apiKeys.id))
    .where(eq(apiKeys.orgId, orgId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(flatten);
}

/** One key of the organization, locked for the rest of the transaction when asked. */
export async function findKey(db: DbOrTx, orgId: string, id: string, lock = false): Promise<ApiKeyListRow | null> {
  const q = db
    .select(listColumns)
    .from(apiKeys)
    .leftJoin(successor, eq(successor.rolledFromId, apiKeys.id))
    .where(and(eq(apiKeys.orgId, orgId), eq(apiKeys.id, id)));
  const [row] = lock ? await q.for('update', { of: apiKeys }) : await q;
  return row ? flatten(row) : null;
}

export async function insertKey(db: DbOrTx, values: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
  const [row] = await db.insert(apiKeys).values(values).returning();
  return row!;
}

export async function updateKey(
  db: DbOrTx,
  orgId: string,
  id: string,
  set: Partial<Pick<ApiKeyRow, 'expiresAt' | 'revokedAt'>>,
): Promise<ApiKeyRow> {
  const [row] = await db
    .update(apiKeys)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(apiKeys.orgId, orgId), eq(apiKeys.id, id)))
    .returning();
  return row!;
}

/** The key with this prefix (unique) and its creator, for authenticating a request. */
export async function findKeyByPrefix(db: DbOrTx, prefix: string) {
  const [row] = await db
    .select({ key: apiKeys, user: users })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .where(eq(apiKeys.prefix, prefix))
    .limit(1);
  return row ?? null;
}

/**
 * Notes a use, at most once a minute per key across every server: the condition makes a second writer within
 * the minute a no-op. Not an edit: updated_at stays.
 */
export async function touchKey(db: DbOrTx, id: string, ip: string): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()`, lastUsedIp: ip })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - interval '1 minute'`))));
}
