import type { paymentManagementRoutes as c } from '@market/contracts';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import type { Caller } from '../../lib/api-route.js';
import { invalid, notFound } from '../../lib/errors.js';
import * as repo from './invoices.repository.js';
import { baseCurrency, iso } from './payment-management.shared.js';
import { lookUps } from '../../db/look-ups.js';
import * as pay from './payments.repository.js';

type ListQuery = z.infer<typeof c.invoiceListQuery>;
type Filters = Omit<ListQuery, 'cursor' | 'limit'>;

export function toInvoice(r: repo.InvoiceListRow): c.Invoice {
  const i = r.invoice;
  const b = r.balance;
  return {
    id: i.id,
    number: i.number,
    vendorId: i.vendorId,
    vendorName: r.vendorName,
    assignmentId: i.assignmentId,
    marketDayId: r.marketDayId,
    marketDate: r.marketDate,
    kind: i.kind,
    status: i.status,
    state: b.state,
    currency: i.currency,
    issueDate: i.issueDate,
    dueDate: i.dueDate,
    notes: i.notes,
    statusReason: i.statusReason,
    total: Number(r.total),
    charged: Number(b.charged),
    paid: Number(b.paid),
    refunded: Number(b.refunded),
    waived: Number(b.waived),
    credited: Number(b.credited),
    balance: Number(b.balance),
    issuedAt: iso(i.issuedAt),
    createdAt: iso(i.createdAt)!,
    updatedAt: iso(i.updatedAt)!,
  };
}

export const toLine = (l: repo.LineRow): z.infer<typeof c.invoiceLineSchema> => ({
  id: l.id,
  position: l.position,
  kind: l.kind,
  descriptionEn: l.descriptionEn,
  descriptionAr: l.descriptionAr,
  quantity: l.quantity,
  unitAmount: Number(l.unitAmount),
  amount: Number(l.amount),
  feeRuleId: l.feeRuleId,
});

export const toAllocation = (a: Awaited<ReturnType<typeof pay.allocationsOf>>[number]): c.InvoiceDetail['allocations'][number] => ({
  allocationId: a.allocation.id,
  paymentId: a.allocation.paymentId,
  receiptNumber: a.receiptNumber,
  method: a.method,
  amount: Number(a.allocation.amount),
  refunded: a.refunded,
  receivedAt: iso(a.receivedAt)!,
});

export const toRefund = (r: pay.RefundListRow): c.Refund => ({
  id: r.refund.id,
  paymentId: r.refund.paymentId,
  receiptNumber: r.receiptNumber,
  invoiceId: r.refund.invoiceId,
  invoiceNumber: r.invoiceNumber,
  vendorId: r.vendorId,
  amount: Number(r.refund.amount),
  currency: r.currency,
  method: r.refund.method,
  reason: r.refund.reason,
  overrideReason: r.refund.overrideReason,
  createdBy: r.refund.createdBy,
  createdAt: iso(r.refund.createdAt)!,
});

export const toEntry = (r: { entry: pay.EntryRow; document: string | null }): c.LedgerEntry => ({
  id: r.entry.id,
  seq: Number(r.entry.seq),
  vendorId: r.entry.vendorId,
  invoiceId: r.entry.invoiceId,
  entryType: r.entry.entryType,
  sourceType: r.entry.sourceType,
  sourceId: r.entry.sourceId,
  document: r.document,
  amount: Number(r.entry.amount),
  currency: r.entry.currency,
  occurredOn: r.entry.occurredOn,
  memo: r.entry.memo,
  createdAt: iso(r.entry.createdAt)!,
});

const reasonOf = (after: unknown): string | null => {
  const a = after as { reason?: unknown; statusReason?: unknown } | null;
  const r = a?.reason ?? a?.statusReason;
  return typeof r === 'string' ? r : null;
};

const overrideOf = (after: unknown): string | null => {
  const r = (after as { overrideReason?: unknown } | null)?.overrideReason;
  return typeof r === 'string' ? r : null;
};

/** One invoice with everything that moved money on it; 404 when it is not the caller's organization's. */
export async function loadInvoice(db: DbOrTx, orgId: string, id: string): Promise<c.InvoiceDetail> {
  const [row] = await repo.listInvoices(db, orgId, { ids: [id] }, 1);
  if (!row) throw notFound('Invoice');
  const [lines, allocations, refunds, adjustments, entries, history] = await lookUps(db, [
    () => repo.linesOf(db, id),
    () => pay.allocationsOf(db, { invoiceId: id }),
    () => pay.refundsOf(db, orgId, { invoiceId: id }),
    () => pay.adjustmentsOf(db, orgId, id),
    () => pay.entriesOf(db, orgId, { invoiceId: id }),
    () => repo.historyOf(db, orgId, id),
  ]);
  return {
    ...toInvoice(row),
    lines: lines.map(toLine),
    allocations: allocations.map(toAllocation),
    refunds: refunds.map(toRefund),
    adjustments: adjustments.map((a) => ({
      id: a.adjustment.id,
      invoiceId: a.adjustment.invoiceId,
      kind: a.adjustment.kind,
      amount: Number(a.adjustment.amount),
      reason: a.adjustment.reason,
      approvedBy: a.adjustment.approvedBy,
      approvedByName: a.approvedByName,
      createdAt: iso(a.adjustment.createdAt)!,
    })),
    ledger: entries.map(toEntry),
    history: history.map((h) => ({
      id: h.id,
      action: h.action,
      actorId: h.actorId,
      actorName: h.actorName,
      at: iso(h.at)!,
      reason: reasonOf(h.after),
      overrideReason: overrideOf(h.after),
    })),
  };
}

export function filterOf(q: Filters): repo.InvoiceFilter {
  return {
    state: q.state,
    vendorId: q.vendorId,
    marketDayId: q.marketDayId,
    assignmentId: q.assignmentId,
    dueFrom: q.dueFrom,
    dueTo: q.dueTo,
    overdue: q.overdue === 'true',
    q: q.q || undefined,
  };
}

export function checkDueRange(q: { dueFrom?: string; dueTo?: string }): void {
  if (q.dueFrom && q.dueTo && q.dueTo < q.dueFrom) throw invalid('dueTo', 'must be on or after dueFrom');
}

// The cursor is the last row's (created_at to the microsecond, id), base64url: opaque to clients.
export const encodeCursor = (key: string, id: string) => Buffer.from(`${key}|${id}`).toString('base64url');
export function decodeCursor(cursor: string): { key: string; id: string } {
  const [key, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!key || !id || !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}$/.test(key) || !/^[0-9a-f-]{36}$/i.test(id))
    throw invalid('cursor', 'is not a cursor from this list');
  return { key, id };
}

export async function listInvoices(db: DbOrTx, caller: Caller, q: ListQuery): Promise<z.infer<typeof c.invoicePageSchema>> {
  checkDueRange(q);
  const limit = q.limit ?? 50;
  const after = q.cursor ? decodeCursor(q.cursor) : undefined;
  const filter = filterOf(q);
  // The matching ids once, for the page and the totals.
  const f = { ...filter, ids: await repo.matchingIds(db, caller.orgId, filter) };
  const rows = await repo.listInvoices(db, caller.orgId, f, limit + 1, after ? { createdKey: after.key, id: after.id } : undefined);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map(toInvoice),
    nextCursor: rows.length > limit && last ? encodeCursor(last.createdKey, last.invoice.id) : null,
    totals: await repo.totalsOf(db, caller.orgId, f),
    currency: (await baseCurrency(db, caller.orgId))?.code ?? null,
  };
}

export async function overview(db: DbOrTx, caller: Caller, q: z.infer<typeof c.paymentsOverviewQuery>): Promise<c.PaymentsOverview> {
  checkDueRange(q);
  const filter = { marketDayId: q.marketDayId, dueFrom: q.dueFrom, dueTo: q.dueTo };
  const f = { ...filter, ids: await repo.matchingIds(db, caller.orgId, filter) };
  return {
    currency: (await baseCurrency(db, caller.orgId))?.code ?? null,
    states: await repo.totalsByState(db, caller.orgId, f),
    totals: await repo.totalsOf(db, caller.orgId, f),
  };
}
