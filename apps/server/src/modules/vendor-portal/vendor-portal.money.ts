import { vendorPortalRoutes as c, type paymentManagementRoutes as pm } from '@market/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Caller } from '../../lib/api-route.js';
import { todayUtc } from '../../lib/dates.js';
import { notFound } from '../../lib/errors.js';
import {
  baseCurrency,
  declareSales,
  invoicePdfFile,
  issuedInvoiceOf,
  issuedInvoicesOf,
  statement,
  statementCsv,
  statementPdfFile,
  vendorSalesRefusal,
} from '../payment-management/index.js';
import * as money from './vendor-portal.money.repository.js';
import * as repo from './vendor-portal.repository.js';

// The signed-in vendor's own market days, invoices, statement and declared sales. The vendor is always the caller's
// own linked vendor record in the caller's organization, resolved here: nothing takes a vendor id from the request,
// and any other invoice or booking id answers 404 (never "forbidden": ids say nothing). Payment management does the
// reading and the rules with that vendor id, so the vendor sees the staff screens' figures. An account without a
// linked vendor has no days and no invoices, and no statement (404).

async function ownVendorId(db: DbOrTx, caller: Caller): Promise<string | null> {
  return (await repo.vendorOfUser(db, caller.orgId, caller.userId))?.id ?? null;
}

const toDay = (r: money.MarketDayRow, today: string): c.VendorMarketDay => ({
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
  declaredSales: r.declared_sales === null ? null : Number(r.declared_sales),
  canDeclareSales: r.booking_status !== null && vendorSalesRefusal({ status: r.booking_status, marketDate: r.date }, today) === null,
});

/** Upcoming days (today included, UTC as everywhere on the server) soonest first, then past days latest first. */
export async function ownMarketDays(db: DbOrTx, caller: Caller): Promise<c.VendorMarketDays> {
  const vendorId = await ownVendorId(db, caller);
  const currency = (await baseCurrency(db, caller.orgId))?.code ?? null;
  if (!vendorId) return { upcoming: [], past: [], currency };
  const today = todayUtc();
  const all = (await money.marketDaysOf(db, caller.orgId, vendorId)).map((r) => toDay(r, today));
  return { upcoming: all.filter((d) => d.date >= today), past: all.filter((d) => d.date < today).reverse(), currency };
}

/** Only the fields of the vendor's contract, taken from payment management's fuller answer: nothing more leaves. */
function fieldsOf<T>(schema: { shape: Record<keyof T, unknown> }): (from: T) => T {
  const keys = Object.keys(schema.shape) as (keyof T)[];
  return (from) => Object.fromEntries(keys.map((k) => [k, from[k]])) as T;
}
const toInvoice = fieldsOf<c.VendorInvoice>(c.vendorInvoiceSchema);
const toRefund = fieldsOf<c.VendorInvoiceDetail['refunds'][number]>(c.vendorRefundSchema);

export async function ownInvoices(db: DbOrTx, caller: Caller): Promise<c.VendorInvoice[]> {
  const vendorId = await ownVendorId(db, caller);
  return vendorId ? (await issuedInvoicesOf(db, caller.orgId, vendorId)).map(toInvoice) : [];
}

/** One of the caller's own issued invoices; a draft, another vendor's or another organization's is not found. */
export async function ownInvoice(db: DbOrTx, caller: Caller, id: string): Promise<c.VendorInvoiceDetail> {
  const vendorId = await ownVendorId(db, caller);
  if (!vendorId) throw notFound('Invoice');
  const i = await issuedInvoiceOf(db, caller.orgId, vendorId, id);
  return {
    ...toInvoice(i),
    vendorName: i.vendorName,
    notes: i.notes,
    lines: i.lines,
    allocations: i.allocations,
    refunds: i.refunds.map(toRefund),
  };
}

async function requireOwnVendorId(db: DbOrTx, caller: Caller): Promise<string> {
  const vendorId = await ownVendorId(db, caller);
  if (!vendorId) throw notFound('Vendor record');
  return vendorId;
}

/** The caller's statement: the staff statement of the caller's own vendor (sums, order, document numbers). */
export async function ownStatement(db: Db, caller: Caller, q: { from?: string; to?: string }): Promise<pm.VendorStatement> {
  return statement(db, caller, await requireOwnVendorId(db, caller), q);
}

/** The statement as a PDF: the staff file of the caller's own vendor. */
export async function ownStatementPdf(db: Db, caller: Caller, q: { from?: string; to?: string; language?: string }): Promise<Buffer> {
  return statementPdfFile(db, caller, await requireOwnVendorId(db, caller), q);
}

/** One of the caller's own issued invoices as a PDF (another's answers 404, as `ownInvoice`). */
export async function ownInvoicePdf(db: Db, caller: Caller, id: string, language?: string): Promise<Buffer> {
  return invoicePdfFile(db, caller.orgId, await ownInvoice(db, caller, id), language);
}

/** The statement as CSV: the staff file of the caller's own vendor, so both read alike. */
export async function ownStatementCsv(db: Db, caller: Caller, q: { from?: string; to?: string }): Promise<string> {
  return statementCsv(db, caller, await requireOwnVendorId(db, caller), q);
}

/**
 * Declares the sales of one of the caller's own bookings through payment management's rule (audited, as staff
 * declarations are): on or after its market day, for a booking that held its slot; another's booking is not found.
 */
export async function declareOwnSales(db: Db, caller: Caller, bookingId: string, amount: number): Promise<c.VendorDeclaredSales> {
  const vendorId = await ownVendorId(db, caller);
  if (!vendorId) throw notFound('Booking');
  const saved = await declareSales(db, caller, bookingId, amount, { vendorId });
  return { assignmentId: saved.assignmentId, declaredSales: saved.declaredSales, declaredSalesAt: saved.declaredSalesAt };
}
