import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { profiles, users } from '../../db/schema/index.js';

export type ProfileRow = typeof profiles.$inferSelect;

export async function pingDatabase(db: DbOrTx): Promise<void> {
  await db.execute(sql`select 1`);
}

export async function findProfile(db: DbOrTx, userId: string): Promise<ProfileRow | null> {
  const rows = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  return rows[0] ?? null;
}

/** Upsert on user_id (spec section 7). */
export async function upsertProfile(
  db: DbOrTx,
  userId: string,
  values: { fullName: string | null; email: string | null; avatarUrl: string | null },
): Promise<ProfileRow> {
  const now = new Date();
  const [row] = await db
    .insert(profiles)
    .values({ userId, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: profiles.userId, set: { ...values, updatedAt: now } })
    .returning();
  return row!;
}

/** Mirrors full_name and avatar_url into the auth user's metadata. */
export async function mergeUserMetadata(db: DbOrTx, userId: string, patch: Record<string, unknown>): Promise<void> {
  await db
    .update(users)
    .set({ rawUserMetaData: sql`${users.rawUserMetaData} || ${JSON.stringify(patch)}::jsonb`, updatedAt: new Date() })
    .where(eq(users.id, userId));
}
