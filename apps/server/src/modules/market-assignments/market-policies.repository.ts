import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { marketPolicies } from '../../db/schema/index.js';

export type PolicyRow = typeof marketPolicies.$inferSelect;
export type PolicyValues = Omit<typeof marketPolicies.$inferInsert, 'orgId' | 'updatedAt'>;

export async function findPolicies(db: DbOrTx, orgId: string, forUpdate = false): Promise<PolicyRow | null> {
  const q = db.select().from(marketPolicies).where(eq(marketPolicies.orgId, orgId)).limit(1);
  const rows = forUpdate ? await q.for('update') : await q;
  return rows[0] ?? null;
}

/** Writes the organization's one row; a first save that races another is a conflict on the primary key. */
export async function savePolicies(db: DbOrTx, orgId: string, values: PolicyValues, exists: boolean): Promise<PolicyRow> {
  const updatedAt = new Date();
  if (exists)
    return (
      await db
        .update(marketPolicies)
        .set({ ...values, updatedAt })
        .where(eq(marketPolicies.orgId, orgId))
        .returning()
    )[0]!;
  return (
    await db
      .insert(marketPolicies)
      .values({ ...values, orgId, updatedAt })
      .returning()
  )[0]!;
}
