import type { posRoutes as c } from '@market/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { catalogCategories, posCommissionRules, vendorLedgerEntries, vendorPayouts, vendors } from '../../db/schema/index.js';
import type { Caller } from '../../lib/api-route.js';
import { conflict, invalid, isUniqueViolation, notFound } from '../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import { requireBaseCurrency } from '../payment-management/index.js';

// Commission rules, what the operator owes each vendor from sales, and payouts that settle it. All of it is
// read from and written to the one vendor ledger (decision 017), so a vendor's statement shows market fees,
// sales, commission and payouts together.

type Rows = { rows: Record<string, unknown>[] } | Record<string, unknown>[];
const rowsOf = (r: Rows) => (Array.isArray(r) ? r : r.rows);

async function ruleRows(db: DbOrTx, orgId: string, id?: string) {
  const r = posCommissionRules;
  const rows = await db
    .select({ r, vendorName: vendors.publicName, categoryNameEn: catalogCategories.nameEn, categoryNameAr: catalogCategories.nameAr })
    .from(r)
    .leftJoin(vendors, eq(vendors.id, r.vendorId))
    .leftJoin(catalogCategories, eq(catalogCategories.id, r.categoryId))
    .where(and(eq(r.orgId, orgId), id ? eq(r.id, id) : undefined))
    // Most specific first: vendor + category, vendor, category, default.
    .orderBy(sql`(${r.vendorId} is null), (${r.categoryId} is null)`, asc(vendors.publicName), asc(catalogCategories.nameEn));
  return rows.map(({ r: x, vendorName, categoryNameEn, categoryNameAr }) => ({
    id: x.id,
    vendorId: x.vendorId,
    vendorName: vendorName ?? null,
    categoryId: x.categoryId,
    categoryNameEn: categoryNameEn ?? null,
    categoryNameAr: categoryNameAr ?? null,
    kind: x.kind,
    rateBasisPoints: x.rateBasisPoints,
    amount: x.amount,
    minimum: x.minimum,
    maximum: x.maximum,
    updatedAt: x.updatedAt.toISOString(),
  }));
}

export const listCommissionRules = (db: Db, caller: Caller): Promise<c.CommissionRule[]> => ruleRows(db, caller.orgId);

export async function createCommissionRule(db: Db, caller: Caller, input: c.CommissionRuleCreate): Promise<c.CommissionRule> {
  try {
    return await db.transaction(async (tx) => {
      if (input.vendorId) {
        const [v] = await tx
          .select({ id: vendors.id })
          .from(vendors)
          .where(and(eq(vendors.orgId, caller.orgId), eq(vendors.id, input.vendorId)));
        if (!v) throw invalid('vendorId', 'is not a vendor');
      }
      if (input.categoryId) {
        const [k] = await tx
          .select({ id: catalogCategories.id })
          .from(catalogCategories)
          .where(and(eq(catalogCategories.orgId, caller.orgId), eq(catalogCategories.id, input.categoryId)));
        if (!k) throw invalid('categoryId', 'is not a catalogue category');
      }
      if (input.kind === 'percentage' && input.rateBasisPoints === undefined)
        throw invalid('rateBasisPoints', 'is required for a percentage');
      if (input.kind === 'flat' && input.amount === undefined) throw invalid('amount', 'is required for a flat commission');
      const [row] = await tx
        .insert(posCommissionRules)
        .values({
          orgId: caller.orgId,
          vendorId: input.vendorId ?? null,
          categoryId: input.categoryId ?? null,
          kind: input.kind,
          rateBasisPoints: input.kind === 'percentage' ? input.rateBasisPoints! : 0,
          amount: input.kind === 'flat' ? input.amount! : 0,
          minimum: input.kind === 'percentage' ? (input.minimum ?? 0) : 0,
          maximum: input.kind === 'percentage' ? (input.maximum ?? null) : null,
          createdBy: caller.userId,
        })
        .returning({ id: posCommissionRules.id });
      const [rule] = await ruleRows(tx, caller.orgId, row!.id);
      await recordAudit(tx, caller, { action: 'create', entityType: 'pos_commission_rule', entityId: row!.id, after: rule });
      return rule!;
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw conflict('A rule for this vendor and category already exists: remove it first', [
        { field: 'vendorId', message: 'already has a rule for this category' },
      ]);
    throw err;
  }
}

export async function deleteCommissionRule(db: Db, caller: Caller, id: string): Promise<{ ok: true }> {
  return db.transaction(async (tx) => {
    const [rule] = await ruleRows(tx, caller.orgId, id);
    if (!rule) throw notFound('Commission rule');
    await tx.delete(posCommissionRules).where(eq(posCommissionRules.id, id));
    await recordAudit(tx, caller, { action: 'delete', entityType: 'pos_commission_rule', entityId: id, before: rule });
    return { ok: true as const };
  });
}

/** Per vendor with any sale or payout: the sums of their point-of-sale entries, and their whole ledger balance. */
export async function settlement(db: Db, caller: Caller): Promise<c.SettlementRow[]> {
  const res = await db.execute(sql`
    select e.vendor_id, v.public_name,
      coalesce(-sum(e.amount) filter (where e.entry_type = 'sale'), 0) as sales,
      coalesce(sum(e.amount) filter (where e.entry_type = 'sale_return'), 0) as returns,
      coalesce(sum(e.amount) filter (where e.entry_type in ('commission', 'commission_reversal')), 0) as commission,
      coalesce(sum(e.amount) filter (where e.entry_type = 'payout'), 0) as payouts,
      sum(e.amount) as balance
    from vendor_ledger_entries e join vendors v on v.id = e.vendor_id
    where e.org_id = ${caller.orgId}
    group by e.vendor_id, v.public_name
    having count(*) filter (where e.entry_type in ('sale', 'sale_return', 'payout')) > 0
    order by sum(e.amount), v.public_name`);
  return rowsOf(res as Rows).map((r) => ({
    vendorId: String(r.vendor_id),
    vendorName: String(r.public_name),
    sales: Number(r.sales),
    returns: Number(r.returns),
    commission: Number(r.commission),
    payouts: Number(r.payouts),
    balance: Number(r.balance),
  }));
}

/** Pays a vendor (within the request's idempotent transaction): the payout and its ledger entry together. */
export async function recordPayout(tx: Tx, caller: Caller, input: c.PayoutCreate): Promise<c.Payout> {
  const [vendor] = await tx
    .select({ id: vendors.id, name: vendors.publicName })
    .from(vendors)
    .where(and(eq(vendors.orgId, caller.orgId), eq(vendors.id, input.vendorId)));
  if (!vendor) throw invalid('vendorId', 'is not a vendor');
  const currency = await requireBaseCurrency(tx, caller.orgId);
  const [row] = await tx
    .insert(vendorPayouts)
    .values({
      orgId: caller.orgId,
      vendorId: vendor.id,
      amount: input.amount,
      method: input.method,
      reference: input.reference ?? '',
      paidOn: input.paidOn,
      createdBy: caller.userId,
    })
    .returning();
  await tx.insert(vendorLedgerEntries).values({
    orgId: caller.orgId,
    vendorId: vendor.id,
    invoiceId: null,
    entryType: 'payout',
    sourceType: 'vendor_payout',
    sourceId: row!.id,
    amount: input.amount,
    currency: currency.code,
    occurredOn: input.paidOn,
    memo: `${input.method}${input.reference ? ` ${input.reference}` : ''}`,
    createdBy: caller.userId,
  });
  await recordAudit(tx, caller, { action: 'create', entityType: 'vendor_payout', entityId: row!.id, after: row });
  return {
    id: row!.id,
    vendorId: vendor.id,
    vendorName: vendor.name,
    amount: row!.amount,
    method: row!.method,
    reference: row!.reference,
    paidOn: row!.paidOn,
    createdAt: row!.createdAt.toISOString(),
  };
}
