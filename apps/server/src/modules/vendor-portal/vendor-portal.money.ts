import type { paymentManagementRoutes as pm, vendorPortalRoutes as c } from '@market/contracts';
import type { DbOrTx } from '../../db/client.js';
import type { Caller } from '../../lib/api-route.js';
import { todayUtc } from '../../lib/dates.js';
import { invalid, notFound } from '../../lib/errors.js';
import { csvRow, formatMinor } from '../../lib/spreadsheet.js';
import * as money from './vendor-portal.money.repository.js';
import * as repo from './vendor-portal.repository.js';

// The signed-in vendor's own market days, invoices and statement. The vendor is always the caller's own linked
// vendor record in the caller's organization: nothing here takes a vendor id from the request, and any other
// invoice id answers 404 (never "forbidden": ids say nothing). An account without a linked vendor has no days
// and no invoices, and no statement (404).

type DayRow = money.MarketDayRow;

async function ownVendorId(db: DbOrTx, caller: Caller): Promise<string | null> {
  return (await repo.vendorOfUser(db, caller.orgId, caller.userId))?.id ?? null;
}

const toDay = (r: DayRow): c.VendorMarketDay => ({
  id: r.id,
  requestId: r.request_id,
  assignmentId: r.assignment_id,
  marketDayId: r.market_day_id,
  date: r.date,
  openTime: r.open_time,
  closeTime: r.close_time,
  dayStatus: r.day_status as c.VendorMarketDay['dayStatus'],
  locationId: r.location_id,
  locationNameEn: r.location_name_en,
  locationNameAr: r.location_name_ar,
  categoryId: r.category_id,
  categoryNameEn: r.category_name_en,
  categoryNameAr: r.category_name_ar,
  categoryColour: r.category_colour,
  requestStatus: r.request_status as c.VendorMarketDay['requestStatus'],
  bookingStatus: r.booking_status as c.VendorMarketDay['bookingStatus'],
  slotCode: r.slot_code,
  invoiceState: r.invoice_state as c.VendorMarketDay['invoiceState'],
});

/** Upcoming days (today included, UTC as everywhere on the server) soonest first, then past days latest first. */
export async function ownMarketDays(db: DbOrTx, caller: Caller): Promise<c.VendorMarketDays> {
  const vendorId = await ownVendorId(db, caller);
  if (!vendorId) return { upcoming: [], past: [] };
  const today = todayUtc();
  const all = (await money.marketDaysOf(db, caller.orgId, vendorId)).map(toDay);
  return { upcoming: all.filter((d) => d.date >= today), past: all.filter((d) => d.date < today).reverse() };
}

const toInvoice = (r: money.InvoiceRow): c.VendorInvoice => ({
  id: r.id,
  number: r.number,
  kind: r.kind as c.VendorInvoice['kind'],
  state: r.state as c.VendorInvoice['state'],
  currency: r.currency,
  issueDate: r.issue_date,
  dueDate: r.due_date,
  marketDayId: r.market_day_id,
  marketDate: r.market_date,
  locationNameEn: r.location_name_en,
  locationNameAr: r.location_name_ar,
  slotCode: r.slot_code,
  total: Number(r.total),
  charged: Number(r.charged),
  paid: Number(r.paid),
  refunded: Number(r.refunded),
  waived: Number(r.waived),
  credited: Number(r.credited),
  balance: Number(r.balance),
});

export async function ownInvoices(db: DbOrTx, caller: Caller): Promise<c.VendorInvoice[]> {
  const vendorId = await ownVendorId(db, caller);
  return vendorId ? (await money.invoicesOf(db, caller.orgId, vendorId)).map(toInvoice) : [];
}

const iso = (d: Date | string) => new Date(d).toISOString();

/** One of the caller's own issued invoices; a draft, another vendor's or another organization's is not found. */
export async function ownInvoice(db: DbOrTx, caller: Caller, id: string): Promise<c.VendorInvoiceDetail> {
  const vendorId = await ownVendorId(db, caller);
  const [row] = vendorId ? await money.invoicesOf(db, caller.orgId, vendorId, id) : [];
  if (!row) throw notFound('Invoice');
  const [lines, allocations, refunds] = await Promise.all([money.linesOf(db, id), money.allocationsOf(db, id), money.refundsOf(db, id)]);
  return {
    ...toInvoice(row),
    vendorName: row.vendor_name,
    notes: row.notes,
    lines: lines.map((l) => ({
      id: l.id,
      position: l.position,
      kind: l.kind,
      descriptionEn: l.descriptionEn,
      descriptionAr: l.descriptionAr,
      quantity: l.quantity,
      unitAmount: Number(l.unitAmount),
      amount: Number(l.amount),
      feeRuleId: l.feeRuleId,
    })),
    allocations: allocations.map((a) => ({ ...a, receivedAt: iso(a.receivedAt) })),
    refunds: refunds.map((r) => ({
      id: r.refund.id,
      receiptNumber: r.receiptNumber,
      amount: Number(r.refund.amount),
      method: r.refund.method,
      reason: r.refund.reason,
      createdAt: iso(r.refund.createdAt),
    })),
  };
}

/**
 * The caller's statement: the sum before `from`, the entries in range with a running balance, the sum up to `to`
 * and today's balance. The same sums, order and document numbers as the staff statement of the vendor.
 */
export async function ownStatement(db: DbOrTx, caller: Caller, q: { from?: string; to?: string }): Promise<pm.VendorStatement> {
  if (q.from && q.to && q.to < q.from) throw invalid('to', 'must be on or after from');
  const vendorId = await ownVendorId(db, caller);
  const name = vendorId ? await money.vendorName(db, caller.orgId, vendorId) : null;
  if (!vendorId || name === null) throw notFound('Vendor record');
  const opening = q.from ? await money.vendorSum(db, caller.orgId, vendorId, q.from) : 0;
  const rows = await money.entriesOf(db, caller.orgId, vendorId, q.from, q.to);
  let running = opening;
  const entries = rows.map(({ entry: e, document }) => {
    running += Number(e.amount);
    return {
      id: e.id,
      seq: Number(e.seq),
      vendorId: e.vendorId,
      invoiceId: e.invoiceId,
      entryType: e.entryType,
      sourceType: e.sourceType,
      sourceId: e.sourceId,
      document,
      amount: Number(e.amount),
      currency: e.currency,
      occurredOn: e.occurredOn,
      memo: e.memo,
      createdAt: iso(e.createdAt),
      runningBalance: running,
    };
  });
  return {
    vendorId,
    vendorName: name,
    currency: (await money.baseCurrency(db, caller.orgId))?.code ?? rows[0]?.entry.currency ?? null,
    from: q.from ?? null,
    to: q.to ?? null,
    openingBalance: opening,
    entries,
    closingBalance: running,
    currentBalance: await money.vendorSum(db, caller.orgId, vendorId),
  };
}

/** The columns of the staff statement's CSV (payment-management ledger.service), so both files read alike. */
export const STATEMENT_COLUMNS = ['date', 'type', 'document', 'memo', 'amount', 'running_balance', 'currency'];

/** The statement as CSV: English headers, an opening and a closing row, amounts in major units of the currency. */
export async function ownStatementCsv(db: DbOrTx, caller: Caller, q: { from?: string; to?: string }): Promise<string> {
  const s = await ownStatement(db, caller, q);
  const digits = (await money.baseCurrency(db, caller.orgId))?.minorDigits ?? 2;
  const cur = s.currency ?? '';
  const m = (n: number) => formatMinor(n, digits);
  const lines = [
    csvRow(STATEMENT_COLUMNS),
    csvRow([s.from ?? '', 'opening_balance', '', s.vendorName, '', m(s.openingBalance), cur]),
    ...s.entries.map((e) =>
      csvRow([e.occurredOn, e.entryType, e.document ?? '', e.memo ?? '', m(e.amount), m(e.runningBalance), e.currency]),
    ),
    csvRow([s.to ?? '', 'closing_balance', '', s.vendorName, '', m(s.closingBalance), cur]),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
