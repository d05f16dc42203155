import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { marketCategories, marketDayCapacities, marketSlots, vendorCategories } from '../../db/schema/index.js';

export type CategoryRow = typeof marketCategories.$inferSelect;
export type CategoryWithCount = CategoryRow & { vendorCount: number };
type CategoryValues = Omit<typeof marketCategories.$inferInsert, 'id' | 'orgId' | 'createdAt' | 'updatedAt'>;

const vendorCount = sql<number>`(select count(*)::int from ${vendorCategories} vc where vc.category_id = ${marketCategories.id})`;

export async function listCategories(db: DbOrTx, orgId: string, active?: boolean): Promise<CategoryWithCount[]> {
  const rows = await db
    .select({ row: marketCategories, vendorCount })
    .from(marketCategories)
    .where(and(eq(marketCategories.orgId, orgId), active === undefined ? undefined : eq(marketCategories.isActive, active)))
    .orderBy(asc(sql`lower(${marketCategories.nameEn})`));
  return rows.map((r) => ({ ...r.row, vendorCount: Number(r.vendorCount) }));
}

export async function findCategory(db: DbOrTx, orgId: string, id: string): Promise<CategoryWithCount | null> {
  const [r] = await db
    .select({ row: marketCategories, vendorCount })
    .from(marketCategories)
    .where(and(eq(marketCategories.orgId, orgId), eq(marketCategories.id, id)))
    .limit(1);
  return r ? { ...r.row, vendorCount: Number(r.vendorCount) } : null;
}

/** Another category of the organization with this English or Arabic name (case-insensitive). */
export async function findNameClash(
  db: DbOrTx,
  orgId: string,
  names: { nameEn?: string; nameAr?: string },
  exceptId?: string,
): Promise<'nameEn' | 'nameAr' | null> {
  for (const field of ['nameEn', 'nameAr'] as const) {
    const value = names[field];
    if (value === undefined) continue;
    const [hit] = await db
      .select({ id: marketCategories.id })
      .from(marketCategories)
      .where(
        and(
          eq(marketCategories.orgId, orgId),
          eq(sql`lower(${marketCategories[field]})`, value.toLowerCase()),
          exceptId ? ne(marketCategories.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    if (hit) return field;
  }
  return null;
}

export async function insertCategory(db: DbOrTx, orgId: string, values: CategoryValues): Promise<CategoryRow> {
  return (
    await db
      .insert(marketCategories)
      .values({ ...values, orgId })
      .returning()
  )[0]!;
}

export async function updateCategory(db: DbOrTx, orgId: string, id: string, values: Partial<CategoryValues>): Promise<CategoryRow | null> {
  const [row] = await db
    .update(marketCategories)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(marketCategories.orgId, orgId), eq(marketCategories.id, id)))
    .returning();
  return row ?? null;
}

/** How many vendors, slots and market-day capacities refer to the category. */
export async function countUses(db: DbOrTx, orgId: string, id: string): Promise<{ vendors: number; slots: number; marketDays: number }> {
  // One after another: inside a transaction they share one connection anyway.
  const [v] = await db
    .select({ n: count() })
    .from(vendorCategories)
    .where(and(eq(vendorCategories.orgId, orgId), eq(vendorCategories.categoryId, id)));
  const [s] = await db
    .select({ n: count() })
    .from(marketSlots)
    .where(and(eq(marketSlots.orgId, orgId), eq(marketSlots.categoryId, id)));
  const [d] = await db
    .select({ n: count() })
    .from(marketDayCapacities)
    .where(and(eq(marketDayCapacities.orgId, orgId), eq(marketDayCapacities.categoryId, id)));
  return { vendors: Number(v?.n ?? 0), slots: Number(s?.n ?? 0), marketDays: Number(d?.n ?? 0) };
}

export async function deleteCategory(db: DbOrTx, orgId: string, id: string): Promise<void> {
  await db.delete(marketCategories).where(and(eq(marketCategories.orgId, orgId), eq(marketCategories.id, id)));
}

/** The ids among `ids` that are market categories of the organization. */
export async function existingCategoryIds(db: DbOrTx, orgId: string, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: marketCategories.id })
    .from(marketCategories)
    .where(and(eq(marketCategories.orgId, orgId), inArray(marketCategories.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/** Names and colours of these categories of the organization, to colour a plan. */
export function categoryColours(db: DbOrTx, orgId: string, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({ id: marketCategories.id, nameEn: marketCategories.nameEn, nameAr: marketCategories.nameAr, colour: marketCategories.colour })
    .from(marketCategories)
    .where(and(eq(marketCategories.orgId, orgId), inArray(marketCategories.id, ids)))
    .orderBy(asc(marketCategories.nameEn));
}
