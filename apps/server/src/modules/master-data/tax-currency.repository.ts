import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { currencies, taxClasses, taxRates } from '../../db/schema/index.js';
import { orgRows } from './master-data.repository.js';

export type TaxClassRow = typeof taxClasses.$inferSelect;
export type TaxRateRow = typeof taxRates.$inferSelect;
export type CurrencyRow = typeof currencies.$inferSelect;
export const taxClassRows = orgRows(taxClasses);
export const taxRateRows = orgRows(taxRates);
export const currencyRows = orgRows(currencies);

export async function listTaxClasses(db: DbOrTx, orgId: string): Promise<TaxClassRow[]> {
  return db
    .select()
    .from(taxClasses)
    .where(eq(taxClasses.orgId, orgId))
    .orderBy(desc(taxClasses.isDefault), asc(sql`lower(${taxClasses.code})`));
}

export async function ratesOf(db: DbOrTx, orgId: string, classIds: string[]): Promise<TaxRateRow[]> {
  if (!classIds.length) return [];
  return db
    .select()
    .from(taxRates)
    .where(and(eq(taxRates.orgId, orgId), inArray(taxRates.taxClassId, classIds)))
    .orderBy(asc(sql`coalesce(${taxRates.country}, '')`), asc(taxRates.nameEn));
}

/** Takes the default flag from every other class of the organization. */
export async function clearDefaultTaxClass(db: DbOrTx, orgId: string, exceptId: string): Promise<void> {
  await db
    .update(taxClasses)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(and(eq(taxClasses.orgId, orgId), eq(taxClasses.isDefault, true), ne(taxClasses.id, exceptId)));
}

export async function listCurrencies(db: DbOrTx, orgId: string): Promise<CurrencyRow[]> {
  return db.select().from(currencies).where(eq(currencies.orgId, orgId)).orderBy(desc(currencies.isBase), asc(currencies.code));
}

export async function findBaseCurrency(db: DbOrTx, orgId: string): Promise<CurrencyRow | null> {
  const [row] = await db
    .select()
    .from(currencies)
    .where(and(eq(currencies.orgId, orgId), eq(currencies.isBase, true)))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function currencyCodeInUse(db: DbOrTx, orgId: string, code: string, exceptId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: currencies.id })
    .from(currencies)
    .where(and(eq(currencies.orgId, orgId), eq(currencies.code, code), exceptId ? ne(currencies.id, exceptId) : undefined))
    .limit(1);
  return rows.length > 0;
}
