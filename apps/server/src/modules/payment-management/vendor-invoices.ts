import type { paymentManagementRoutes as c } from '@market/contracts';
import type { DbOrTx } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { toAllocation, toInvoice, toLine, toRefund } from './invoice-read.js';
import * as repo from './invoices.repository.js';
import { lookUps } from '../../db/look-ups.js';
import * as pay from './payments.repository.js';

// A vendor's invoices as the vendor itself reads them (the vendor portal, which passes the caller's own vendor):
// only issued ones (a draft has no number and was never sent), each with the place of its booking, read through
// the same rows and figures as the staff list; the detail has what the printed copy shows (lines, payments,
// refunds), never the staff's adjustments, ledger or history.

export interface IssuedInvoice extends c.Invoice {
  number: string;
  locationNameEn: string | null;
  locationNameAr: string | null;
  slotCode: string | null;
}

export interface IssuedInvoiceDetail extends IssuedInvoice {
  lines: c.InvoiceDetail['lines'];
  allocations: c.InvoiceDetail['allocations'];
  refunds: c.Refund[];
}

/** Newest issue date first, then the higher number (numbers are gap-free, so the later one). */
const newestIssued = (a: IssuedInvoice, b: IssuedInvoice) =>
  (b.issueDate ?? '').localeCompare(a.issueDate ?? '') || b.number.localeCompare(a.number);

/** The vendor's issued invoices (or only the one of `id`), newest first. */
export async function issuedInvoicesOf(db: DbOrTx, orgId: string, vendorId: string, id?: string): Promise<IssuedInvoice[]> {
  const ids = await repo.matchingIds(db, orgId, { vendorId, issued: true, id });
  if (!ids.length) return [];
  const rows = await repo.listInvoices(db, orgId, { ids }, ids.length);
  return rows
    .map((r) => ({
      ...toInvoice(r),
      number: r.invoice.number!,
      locationNameEn: r.locationNameEn,
      locationNameAr: r.locationNameAr,
      slotCode: r.slotCode,
    }))
    .sort(newestIssued);
}

/** One of the vendor's issued invoices with its lines, payments and refunds; any other id is not found. */
export async function issuedInvoiceOf(db: DbOrTx, orgId: string, vendorId: string, id: string): Promise<IssuedInvoiceDetail> {
  const [invoice] = await issuedInvoicesOf(db, orgId, vendorId, id);
  if (!invoice) throw notFound('Invoice');
  const [lines, allocations, refunds] = await lookUps(db, [
    () => repo.linesOf(db, id),
    () => pay.allocationsOf(db, { invoiceId: id }),
    () => pay.refundsOf(db, orgId, { invoiceId: id }),
  ]);
  return { ...invoice, lines: lines.map(toLine), allocations: allocations.map(toAllocation), refunds: refunds.map(toRefund) };
}
