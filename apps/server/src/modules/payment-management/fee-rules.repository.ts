import { and, asc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { feeRules, invoiceLines, marketCategories } from '../../db/schema/index.js';

export type FeeRuleRow = typeof feeRules.$inferSelect;
export type FeeRuleInsert = typeof feeRules.$inferInsert;
export type FeeRuleListRow = FeeRuleRow & { categoryNameEn: string | null; categoryNameAr: string | null; inUse: boolean };

const inUse = sql<boolean>`exists (select 1 from ${invoiceLines} l where l.fee_rule_id = ${feeRules.id})`;

export async function listRules(db: DbOrTx, orgId: string, f: { kind?: FeeRuleRow['kind']; activeOn?: string; id?: string }) {
  const where: SQL[] = [eq(feeRules.orgId, orgId)];
  if (f.id) where.push(eq(feeRules.id, f.id));
  if (f.kind) where.push(eq(feeRules.kind, f.kind));
  if (f.activeOn) where.push(lte(feeRules.validFrom, f.activeOn), or(isNull(feeRules.validTo), gte(feeRules.validTo, f.activeOn))!);
  const rows = await db
    .select({ rule: feeRules, categoryNameEn: marketCategories.nameEn, categoryNameAr: marketCategories.nameAr, inUse })
    .from(feeRules)
    .leftJoin(marketCategories, eq(marketCategories.id, feeRules.categoryId))
    .where(and(...where))
    .orderBy(asc(feeRules.kind), asc(feeRules.validFrom), asc(feeRules.nameEn), asc(feeRules.id));
  return rows.map((r): FeeRuleListRow => ({
    ...r.rule,
    categoryNameEn: r.categoryNameEn,
    categoryNameAr: r.categoryNameAr,
    inUse: Boolean(r.inUse),
  }));
}

/** The rules that can price an assignment on `date` (fines are applied by hand and left out by the fee code). */
export function rulesInForce(db: DbOrTx, orgId: string, date: string) {
  return db
    .select()
    .from(feeRules)
    .where(and(eq(feeRules.orgId, orgId), lte(feeRules.validFrom, date), or(isNull(feeRules.validTo), gte(feeRules.validTo, date))))
    .orderBy(asc(feeRules.kind), asc(feeRules.validFrom), asc(feeRules.id));
}

export async function lockRule(db: DbOrTx, orgId: string, id: string) {
  const [row] = await db
    .select()
    .from(feeRules)
    .where(and(eq(feeRules.orgId, orgId), eq(feeRules.id, id)))
    .for('update');
  return row ?? null;
}

export async function ruleUsed(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: invoiceLines.id }).from(invoiceLines).where(eq(invoiceLines.feeRuleId, id)).limit(1);
  return Boolean(row);
}

export async function categoryOfOrg(db: DbOrTx, orgId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: marketCategories.id })
    .from(marketCategories)
    .where(and(eq(marketCategories.orgId, orgId), eq(marketCategories.id, id)));
  return Boolean(row);
}

export async function insertRule(db: DbOrTx, values: FeeRuleInsert) {
  const [row] = await db.insert(feeRules).values(values).returning();
  return row!;
}

export async function updateRule(db: DbOrTx, id: string, values: Partial<FeeRuleInsert>) {
  const [row] = await db
    .update(feeRules)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(feeRules.id, id))
    .returning();
  return row!;
}

export async function deleteRule(db: DbOrTx, id: string) {
  await db.delete(feeRules).where(eq(feeRules.id, id));
}

export function rulesByIds(db: DbOrTx, orgId: string, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({ id: feeRules.id })
    .from(feeRules)
    .where(and(eq(feeRules.orgId, orgId), inArray(feeRules.id, ids)));
}
