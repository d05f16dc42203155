import type { posRoutes as c } from '@market/contracts';
import { POS_LIMITS } from '@market/contracts/plain';
import { and, asc, desc, eq, gte, ilike, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { posOrderLines, posOrders, posRegisters, users, vendorUsers, vendors } from '../../db/schema/index.js';
import { addDays } from '../../lib/dates.js';
import type { Caller } from '../../lib/api-route.js';
import { invalid } from '../../lib/errors.js';
import { escapeLike } from '../../lib/like-pattern.js';
import { formatMinor } from '../../lib/spreadsheet.js';
import { baseCurrency } from '../payment-management/index.js';
import { actorName } from './pos-orders.repository.js';
import { loadOrder } from './pos-orders.service.js';

// Reading orders: the list with its filters (newest first, keyset pages), one order, and a vendor's own lines.

/** A keyset cursor over (time, id), newest first: what a list page names as the row after which the next starts. */
export const cursorOf = (at: Date, id: string) => Buffer.from(JSON.stringify([at.toISOString(), id])).toString('base64url');
export function decodeCursor(cursor: string): { at: Date; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as [string, string];
    const d = new Date(at);
    if (Number.isNaN(d.getTime()) || !/^[0-9a-f-]{36}$/.test(id)) throw new Error('bad');
    return { at: d, id };
  } catch {
    throw invalid('cursor', 'is not a cursor this list gave');
  }
}

export async function listOrders(
  db: Db,
  caller: Caller,
  q: c.PosOrderListQuery,
): Promise<{ items: c.PosOrderSummary[]; nextCursor: string | null }> {
  if (q.from && q.to && q.from > q.to) throw invalid('to', 'must be on or after from');
  const limit = q.limit ?? 50;
  const o = posOrders;
  const where: (SQL | undefined)[] = [eq(o.orgId, caller.orgId)];
  if (q.kind) where.push(eq(o.kind, q.kind));
  if (q.placement) where.push(eq(o.placement, q.placement));
  if (q.registerId) where.push(eq(o.registerId, q.registerId));
  if (q.sessionId) where.push(eq(o.sessionId, q.sessionId));
  if (q.vendorId) where.push(sql`${o.vendorIds} @> array[${q.vendorId}]::uuid[]`);
  if (q.tender) where.push(sql`${o.tenders} @> array[${q.tender}]::text[]`);
  if (q.from) where.push(gte(o.soldAt, new Date(`${q.from}T00:00:00Z`)));
  if (q.to) where.push(lt(o.soldAt, new Date(`${addDays(q.to, 1)}T00:00:00Z`)));
  if (q.minTotal !== undefined) where.push(gte(o.total, q.minTotal));
  if (q.maxTotal !== undefined) where.push(lte(o.total, q.maxTotal));
  if (q.q) {
    const like = `%${escapeLike(q.q)}%`;
    where.push(
      or(eq(o.receiptNumber, q.q), eq(o.receiptNumber, q.q.padStart(6, '0')), ilike(o.customerName, like), ilike(o.customerEmail, like)),
    );
  }
  if (q.cursor) {
    const k = decodeCursor(q.cursor);
    where.push(sql`(${o.soldAt}, ${o.id}) < (${k.at}, ${k.id})`);
  }
  const rows = await db
    .select({
      o,
      registerName: posRegisters.name,
      cashierName: actorName,
      lineCount: sql<number>`(select count(*) from ${posOrderLines} l where l.order_id = ${o.id})::int`,
    })
    .from(o)
    .innerJoin(posRegisters, eq(posRegisters.id, o.registerId))
    .leftJoin(users, eq(users.id, o.cashierId))
    .where(and(...where))
    .orderBy(desc(o.soldAt), desc(o.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map((r) => ({
      id: r.o.id,
      kind: r.o.kind,
      receiptNumber: r.o.receiptNumber,
      registerName: r.registerName,
      soldAt: r.o.soldAt.toISOString(),
      cashierName: r.cashierName,
      customerName: r.o.customerName,
      lineCount: r.lineCount,
      vendorCount: r.o.vendorIds.length,
      tenders: r.o.tenders as c.PosOrderSummary['tenders'],
      total: r.o.total,
      placement: r.o.placement,
    })),
    nextCursor: rows.length > limit && last ? cursorOf(last.o.soldAt, last.o.id) : null,
  };
}

export const getOrder = (db: Db, caller: Caller, id: string) => loadOrder(db, caller.orgId, id);

/** The vendor the caller acts for (a vendor account's own record), or null. */
async function ownVendorId(db: Db, caller: Caller): Promise<string | null> {
  const [row] = await db
    .select({ id: vendorUsers.vendorId })
    .from(vendorUsers)
    .where(and(eq(vendorUsers.orgId, caller.orgId), eq(vendorUsers.userId, caller.userId)))
    .limit(1);
  return row?.id ?? null;
}

/** A vendor's own lines of the organization's orders: never another vendor's line, nor the order's totals. */
export async function vendorOrderLines(db: Db, caller: Caller, q: { from?: string; to?: string }) {
  const vendorId = await ownVendorId(db, caller);
  if (!vendorId) return [];
  const l = posOrderLines;
  const rows = await db
    .select({ l, receiptNumber: posOrders.receiptNumber, vendorName: vendors.publicName })
    .from(l)
    .innerJoin(posOrders, eq(posOrders.id, l.orderId))
    .innerJoin(vendors, eq(vendors.id, l.vendorId))
    .where(
      and(
        eq(l.orgId, caller.orgId),
        eq(l.vendorId, vendorId),
        q.from ? gte(l.soldAt, new Date(`${q.from}T00:00:00Z`)) : undefined,
        q.to ? lt(l.soldAt, new Date(`${addDays(q.to, 1)}T00:00:00Z`)) : undefined,
      ),
    )
    .orderBy(desc(l.soldAt), asc(l.lineNo))
    .limit(POS_LIMITS.page * 5);
  return rows.map(({ l: line, receiptNumber, vendorName }) => ({
    orderId: line.orderId,
    kind: line.kind,
    receiptNumber,
    soldAt: line.soldAt.toISOString(),
    line: {
      id: line.id,
      lineNo: line.lineNo,
      productId: line.productId,
      variantId: line.variantId,
      sku: line.sku,
      nameEn: line.nameEn,
      nameAr: line.nameAr,
      vendorId: line.vendorId,
      vendorName,
      categoryId: line.categoryId,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      listPrice: line.listPrice,
      discount: line.discount,
      taxRateBasisPoints: line.taxRateBasisPoints,
      tax: line.tax,
      total: line.total,
      commission: line.commission,
      soldPastZero: line.soldPastZero,
      returnedQuantity: line.returnedQuantity,
      originalLineId: line.originalLineId,
      restocked: line.restocked,
    },
  }));
}

const EXPORT_COLUMNS = [
  'receipt_number',
  'kind',
  'sold_at',
  'register',
  'cashier',
  'customer',
  'lines',
  'vendors',
  'tenders',
  'placement',
  'currency',
  'total',
] as const;

/** The header and rows of the orders the filters match (newest first, as the list), at most POS_LIMITS.exportRows. */
export async function orderExportRows(db: Db, caller: Caller, q: c.PosOrderExportQuery): Promise<string[][]> {
  const { format: _format, ...filters } = q;
  const page = await listOrders(db, caller, { ...filters, limit: POS_LIMITS.exportRows });
  const currency = await baseCurrency(db, caller.orgId);
  const rows = page.items.map((o) => [
    o.receiptNumber,
    o.kind,
    o.soldAt,
    o.registerName,
    o.cashierName ?? '',
    o.customerName,
    String(o.lineCount),
    String(o.vendorCount),
    o.tenders.join('+'),
    o.placement,
    currency?.code ?? '',
    formatMinor(o.total, currency?.minorDigits ?? 2),
  ]);
  const out = [[...EXPORT_COLUMNS], ...rows];
  if (page.nextCursor) out.push([`Only the first ${POS_LIMITS.exportRows} orders are in this file; narrow the filters to export the rest`]);
  return out;
}
