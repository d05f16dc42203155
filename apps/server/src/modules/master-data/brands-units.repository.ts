import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { attributes, brands, units } from '../../db/schema/index.js';
import { orgRows } from './master-data.repository.js';

export type BrandRow = typeof brands.$inferSelect;
export type UnitRow = typeof units.$inferSelect;
export const brandRows = orgRows(brands);
export const unitRows = orgRows(units);

export async function listBrands(db: DbOrTx, orgId: string): Promise<BrandRow[]> {
  return db
    .select()
    .from(brands)
    .where(eq(brands.orgId, orgId))
    .orderBy(asc(sql`lower(${brands.nameEn})`), asc(brands.code));
}

export async function listUnits(db: DbOrTx, orgId: string): Promise<UnitRow[]> {
  return db
    .select()
    .from(units)
    .where(eq(units.orgId, orgId))
    .orderBy(asc(units.kind), asc(sql`lower(${units.code})`));
}

/** Attributes that give their values in this unit. */
export async function attributesUsingUnit(db: DbOrTx, orgId: string, unitId: string): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(attributes)
    .where(and(eq(attributes.orgId, orgId), eq(attributes.unitId, unitId)));
  return Number(r?.n ?? 0);
}
