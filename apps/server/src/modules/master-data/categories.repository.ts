import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { catalogCategories } from '../../db/schema/index.js';

export type CategoryRow = typeof catalogCategories.$inferSelect;
type CategoryValues = Omit<typeof catalogCategories.$inferInsert, 'id' | 'orgId' | 'createdAt' | 'updatedAt'>;

const parentIs = (parentId: string | null) => (parentId ? eq(catalogCategories.parentId, parentId) : isNull(catalogCategories.parentId));

export async function listCategories(db: DbOrTx, orgId: string): Promise<CategoryRow[]> {
  return db
    .select()
    .from(catalogCategories)
    .where(eq(catalogCategories.orgId, orgId))
    .orderBy(asc(catalogCategories.position), asc(catalogCategories.code));
}

/** The row, locked for the rest of the transaction so concurrent moves of it queue up. */
export async function findCategory(db: DbOrTx, orgId: string, id: string, lock = false): Promise<CategoryRow | null> {
  const q = db
    .select()
    .from(catalogCategories)
    .where(and(eq(catalogCategories.orgId, orgId), eq(catalogCategories.id, id)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function siblings(db: DbOrTx, orgId: string, parentId: string | null): Promise<CategoryRow[]> {
  return db
    .select()
    .from(catalogCategories)
    .where(and(eq(catalogCategories.orgId, orgId), parentIs(parentId)))
    .orderBy(asc(catalogCategories.position), asc(catalogCategories.code));
}

export async function countChildren(db: DbOrTx, orgId: string, id: string): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(catalogCategories)
    .where(and(eq(catalogCategories.orgId, orgId), eq(catalogCategories.parentId, id)));
  return Number(r?.n ?? 0);
}

export async function insertCategory(db: DbOrTx, orgId: string, values: CategoryValues): Promise<CategoryRow> {
  return (
    await db
      .insert(catalogCategories)
      .values({ ...values, orgId })
      .returning()
  )[0]!;
}

export async function updateCategory(db: DbOrTx, orgId: string, id: string, values: Partial<CategoryValues>): Promise<CategoryRow | null> {
  const [row] = await db
    .update(catalogCategories)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(catalogCategories.orgId, orgId), eq(catalogCategories.id, id)))
    .returning();
  return row ?? null;
}

/** Writes positions 0..n-1 in the given order under the given parent, touching only rows that change. */
export async function renumber(db: DbOrTx, orgId: string, parentId: string | null, ordered: CategoryRow[]): Promise<void> {
  for (const [position, row] of ordered.entries()) {
    if (row.position === position && row.parentId === parentId) continue;
    await db
      .update(catalogCategories)
      .set({ parentId, position, updatedAt: new Date() })
      .where(and(eq(catalogCategories.orgId, orgId), eq(catalogCategories.id, row.id)));
  }
}

export async function deleteCategory(db: DbOrTx, orgId: string, id: string): Promise<void> {
  await db.delete(catalogCategories).where(and(eq(catalogCategories.orgId, orgId), eq(catalogCategories.id, id)));
}
