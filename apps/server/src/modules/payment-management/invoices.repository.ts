import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  auditLog,
  invoiceLines,
  invoices,
  marketAssignments,
  marketDayRequests,
  marketDays,
  marketLocations,
  marketPolicies,
  marketSlots,
  users,
  vendors,
} from '../../db/schema/index.js';
import { uuidArray } from '../../db/text-list.js';
import { likePattern } from '../../lib/like-pattern.js';
import { invoiceBalances } from './ledger-view.js';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceInsert = typeof invoices.$inferInsert;
export type LineRow = typeof invoiceLines.$inferSelect;
export type LineInsert = typeof invoiceLines.$inferInsert;

/** An assignment with what prices it: its day, slot, vendor and when its request was accepted. */
export async function findAssignment(db: DbOrTx, orgId: string, id: string, lock = false) {
  const q = db
    .select({
      id: marketAssignments.id,
      status: marketAssignments.status,
      vendorId: marketAssignments.vendorId,
      vendorName: vendors.publicName,
      categoryId: marketAssignments.categoryId,
      marketDayId: marketAssignments.marketDayId,
      marketDate: marketDays.date,
      slotId: marketSlots.id,
      slotCode: marketSlots.code,
      widthM: marketSlots.widthM,
      depthM: marketSlots.depthM,
      power: marketSlots.power,
      acceptedAt: marketDayRequests.acceptedAt,
      declaredSales: marketAssignments.declaredSales,
      declaredSalesAt: marketAssignments.declaredSalesAt,
      declaredSalesBy: marketAssignments.declaredSalesBy,
    })
    .from(marketAssignments)
    .innerJoin(marketDays, eq(marketDays.id, marketAssignments.marketDayId))
    .innerJoin(marketSlots, eq(marketSlots.id, marketAssignments.slotId))
    .innerJoin(vendors, eq(vendors.id, marketAssignments.vendorId))
    .leftJoin(marketDayRequests, eq(marketDayRequests.id, marketAssignments.requestId))
    .where(and(eq(marketAssignments.orgId, orgId), eq(marketAssignments.id, id)));
  // Locking the assignment row queues two invoicing requests for one assignment.
  const [row] = await (lock ? q.for('update', { of: marketAssignments }) : q);
  return row ?? null;
}
export type AssignmentRow = NonNullable<Awaited<ReturnType<typeof findAssignment>>>;

export async function policyOf(db: DbOrTx, orgId: string) {
  const [row] = await db.select().from(marketPolicies).where(eq(marketPolicies.orgId, orgId));
  return row ?? null;
}

export async function vendorOfOrg(db: DbOrTx, orgId: string, id: string) {
  const [row] = await db
    .select({ id: vendors.id, name: vendors.publicName })
    .from(vendors)
    .where(and(eq(vendors.orgId, orgId), eq(vendors.id, id)));
  return row ?? null;
}

/** The assignment's invoices that block a new set (any not cancelled). */
export function openAssignmentInvoices(db: DbOrTx, assignmentId: string) {
  return db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.assignmentId, assignmentId), ne(invoices.status, 'cancelled')));
}

export async function insertInvoice(db: DbOrTx, values: InvoiceInsert): Promise<InvoiceRow> {
  const [row] = await db.insert(invoices).values(values).returning();
  return row!;
}

export async function insertLines(db: DbOrTx, lines: LineInsert[]): Promise<LineRow[]> {
  return lines.length ? db.insert(invoiceLines).values(lines).returning() : [];
}

export async function lockInvoice(db: DbOrTx, orgId: string, id: string): Promise<InvoiceRow | null> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orgId, orgId), eq(invoices.id, id)))
    .for('update');
  return row ?? null;
}

/** Invoices of the organization, locked in id order (so two payments over the same invoices cannot deadlock). */
export function lockInvoices(db: DbOrTx, orgId: string, ids: string[]): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orgId, orgId), inArray(invoices.id, ids)))
    .orderBy(asc(invoices.id))
    .for('update');
}

export async function updateInvoice(db: DbOrTx, id: string, values: Partial<InvoiceInsert>): Promise<InvoiceRow> {
  const [row] = await db
    .update(invoices)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(invoices.id, id))
    .returning();
  return row!;
}

export async function balancesOf(db: DbOrTx, ids: string[]) {
  if (!ids.length) return new Map<string, typeof invoiceBalances.$inferSelect>();
  const rows = await db.select().from(invoiceBalances).where(inArray(invoiceBalances.invoiceId, ids));
  return new Map(rows.map((r) => [r.invoiceId, r]));
}

export function linesOf(db: DbOrTx, invoiceId: string): Promise<LineRow[]> {
  return db
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoiceId))
    .orderBy(asc(invoiceLines.position), asc(invoiceLines.id));
}

// ---- reads ----

export interface InvoiceFilter {
  ids?: string[];
  /** One invoice (still subject to the other filters, unlike `ids`). */
  id?: string;
  /** Only issued invoices (and so cancelled or credited ones once issued): never a draft. */
  issued?: boolean;
  state?: (typeof invoiceBalances.$inferSelect)['state'];
  vendorId?: string;
  marketDayId?: string;
  assignmentId?: string;
  dueFrom?: string;
  dueTo?: string;
  overdue?: boolean;
  q?: string;
}

const total = sql<number>`coalesce((select sum(l.amount) from ${invoiceLines} l where l.invoice_id = ${invoices.id}), 0)::bigint`;
/** created_at to the microsecond, as text: the keyset cursor must not lose what a JS Date drops. */
const createdKey = sql<string>`to_char(${invoices.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;

/** A uuid[] parameter (one parameter whatever the count, the same on both drivers). */

/**
 * The ids of the organization's invoices matching the filters that do not need the ledger. The view
 * invoice_balances groups by invoice, so PostgreSQL pushes `invoice_id = any(ids)` into it (and sums only those
 * invoices' entries) but not a join or an organization filter: every read of the view names its invoices.
 */
export async function matchingIds(db: DbOrTx, orgId: string, f: InvoiceFilter): Promise<string[]> {
  if (f.ids) return f.ids;
  const w: SQL[] = [eq(invoices.orgId, orgId)];
  if (f.id) w.push(eq(invoices.id, f.id));
  if (f.issued) w.push(ne(invoices.status, 'draft'), isNotNull(invoices.number));
  if (f.vendorId) w.push(eq(invoices.vendorId, f.vendorId));
  if (f.assignmentId) w.push(eq(invoices.assignmentId, f.assignmentId));
  if (f.marketDayId) w.push(eq(marketAssignments.marketDayId, f.marketDayId));
  if (f.dueFrom) w.push(gte(invoices.dueDate, f.dueFrom));
  if (f.dueTo) w.push(lte(invoices.dueDate, f.dueTo));
  if (f.overdue) w.push(eq(invoices.status, 'issued'), sql`${invoices.dueDate} < current_date`);
  if (f.q) {
    const p = likePattern(f.q);
    w.push(or(ilike(invoices.number, p), ilike(vendors.publicName, p))!);
  }
  const rows = await db
    .select({ id: invoices.id })
    .from(invoices)
    .innerJoin(vendors, eq(vendors.id, invoices.vendorId))
    .leftJoin(marketAssignments, eq(marketAssignments.id, invoices.assignmentId))
    .where(and(...w));
  return rows.map((r) => r.id);
}

async function whereOf(db: DbOrTx, orgId: string, f: InvoiceFilter): Promise<SQL> {
  const ids = await matchingIds(db, orgId, f);
  const w: SQL[] = [
    eq(invoices.orgId, orgId),
    sql`${invoiceBalances.invoiceId} = any(${uuidArray(ids)})`,
    sql`${invoices.id} = any(${uuidArray(ids)})`,
  ];
  if (f.state) w.push(eq(invoiceBalances.state, f.state));
  if (f.overdue) w.push(eq(invoiceBalances.state, 'overdue'));
  return and(...w)!;
}

const fromInvoices = (db: DbOrTx, columns: Record<string, unknown>) =>
  db
    .select(columns as never)
    .from(invoices)
    .innerJoin(invoiceBalances, eq(invoiceBalances.invoiceId, invoices.id))
    .innerJoin(vendors, eq(vendors.id, invoices.vendorId))
    .leftJoin(marketAssignments, eq(marketAssignments.id, invoices.assignmentId))
    .leftJoin(marketDays, eq(marketDays.id, marketAssignments.marketDayId));

const listColumns = {
  invoice: invoices,
  balance: {
    charged: invoiceBalances.charged,
    paid: invoiceBalances.paid,
    refunded: invoiceBalances.refunded,
    waived: invoiceBalances.waived,
    credited: invoiceBalances.credited,
    balance: invoiceBalances.balance,
    state: invoiceBalances.state,
  },
  vendorName: vendors.publicName,
  marketDayId: marketAssignments.marketDayId,
  marketDate: marketDays.date,
  locationNameEn: marketLocations.nameEn,
  locationNameAr: marketLocations.nameAr,
  slotCode: marketSlots.code,
  total,
  createdKey,
};
export interface InvoiceListRow {
  invoice: InvoiceRow;
  balance: Pick<typeof invoiceBalances.$inferSelect, 'charged' | 'paid' | 'refunded' | 'waived' | 'credited' | 'balance' | 'state'>;
  vendorName: string;
  marketDayId: string | null;
  marketDate: string | null;
  /** Where the booking's day is (null for an invoice without a booking). */
  locationNameEn: string | null;
  locationNameAr: string | null;
  slotCode: string | null;
  total: number;
  createdKey: string;
}

/** Newest first; `after` is the (created_at, id) of the last row of the previous page. */
export async function listInvoices(
  db: DbOrTx,
  orgId: string,
  f: InvoiceFilter,
  limit: number,
  after?: { createdKey: string; id: string },
): Promise<InvoiceListRow[]> {
  const where = [await whereOf(db, orgId, f)];
  if (after)
    where.push(sql`(${invoices.createdAt}, ${invoices.id}) < ((${after.createdKey}::timestamp at time zone 'UTC'), ${after.id}::uuid)`);
  const rows = (await fromInvoices(db, listColumns)
    .leftJoin(marketLocations, eq(marketLocations.id, marketDays.locationId))
    .leftJoin(marketSlots, eq(marketSlots.id, marketAssignments.slotId))
    .where(and(...where))
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(limit)) as unknown as InvoiceListRow[];
  return rows.map((r) => ({ ...r, total: Number(r.total) }));
}

export async function totalsOf(db: DbOrTx, orgId: string, f: InvoiceFilter) {
  const [row] = (await fromInvoices(db, {
    count: sql<number>`count(*)::int`,
    charged: sql<number>`coalesce(sum(${invoiceBalances.charged}), 0)::bigint`,
    paid: sql<number>`coalesce(sum(${invoiceBalances.paid}), 0)::bigint`,
    refunded: sql<number>`coalesce(sum(${invoiceBalances.refunded}), 0)::bigint`,
    waived: sql<number>`coalesce(sum(${invoiceBalances.waived}), 0)::bigint`,
    credited: sql<number>`coalesce(sum(${invoiceBalances.credited}), 0)::bigint`,
    balance: sql<number>`coalesce(sum(${invoiceBalances.balance}), 0)::bigint`,
  }).where(await whereOf(db, orgId, f))) as unknown as Record<string, number>[];
  return Object.fromEntries(Object.entries(row!).map(([k, v]) => [k, Number(v)])) as Record<
    'count' | 'charged' | 'paid' | 'refunded' | 'waived' | 'credited' | 'balance',
    number
  >;
}

export async function totalsByState(db: DbOrTx, orgId: string, f: InvoiceFilter) {
  const rows = (await fromInvoices(db, {
    state: invoiceBalances.state,
    count: sql<number>`count(*)::int`,
    charged: sql<number>`coalesce(sum(${invoiceBalances.charged}), 0)::bigint`,
    paid: sql<number>`coalesce(sum(${invoiceBalances.paid}), 0)::bigint`,
    refunded: sql<number>`coalesce(sum(${invoiceBalances.refunded}), 0)::bigint`,
    waived: sql<number>`coalesce(sum(${invoiceBalances.waived}), 0)::bigint`,
    credited: sql<number>`coalesce(sum(${invoiceBalances.credited}), 0)::bigint`,
    balance: sql<number>`coalesce(sum(${invoiceBalances.balance}), 0)::bigint`,
  })
    .where(await whereOf(db, orgId, f))
    .groupBy(invoiceBalances.state)) as unknown as Record<string, string | number>[];
  return rows.map((r) => ({
    state: r.state as InvoiceListRow['balance']['state'],
    count: Number(r.count),
    charged: Number(r.charged),
    paid: Number(r.paid),
    refunded: Number(r.refunded),
    waived: Number(r.waived),
    credited: Number(r.credited),
    balance: Number(r.balance),
  }));
}

const actorName = sql<string | null>`coalesce(${users.rawUserMetaData}->>'full_name', ${users.rawUserMetaData}->>'name', ${users.email})`;

/** The audit rows of one invoice, oldest first. */
export function historyOf(db: DbOrTx, orgId: string, invoiceId: string) {
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      actorId: auditLog.actorId,
      actorName,
      at: auditLog.createdAt,
      after: auditLog.after,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(and(eq(auditLog.orgId, orgId), eq(auditLog.entityType, 'invoice'), eq(auditLog.entityId, invoiceId)))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
}

export { actorName };
