import type { paymentManagementRoutes as c } from '@market/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/api-route.js';
import { checkDueRange, filterOf, toInvoice } from './invoice-read.js';
import * as repo from './invoices.repository.js';
import { formatMinor } from '../../lib/spreadsheet.js';
import { baseCurrency } from './payment-management.shared.js';

// Files of the payments overview and the vendor statement, written with the product export's cell rules (R14).

/** At most this many invoices per file; a larger selection ends with a note row (narrow the filters). */
export const INVOICE_EXPORT_MAX_ROWS = 10_000;

export const INVOICE_EXPORT_COLUMNS = [
  'number',
  'vendor',
  'market_date',
  'kind',
  'state',
  'currency',
  'issue_date',
  'due_date',
  'total',
  'charged',
  'paid',
  'refunded',
  'waived',
  'credited',
  'balance',
] as const;

function invoiceCells(i: c.Invoice, digits: number): string[] {
  const m = (n: number) => formatMinor(n, digits);
  return [
    i.number ?? '',
    i.vendorName,
    i.marketDate ?? '',
    i.kind,
    i.state,
    i.currency,
    i.issueDate ?? '',
    i.dueDate ?? '',
    m(i.total),
    m(i.charged),
    m(i.paid),
    m(i.refunded),
    m(i.waived),
    m(i.credited),
    m(i.balance),
  ];
}

/** The header and the rows of the invoices matching the filters (newest first), cells not yet neutralised. */
export async function invoiceRows(db: Db, caller: Caller, q: z.infer<typeof c.invoiceExportQuery>): Promise<string[][]> {
  checkDueRange(q);
  const digits = (await baseCurrency(db, caller.orgId))?.minorDigits ?? 2;
  const rows = await repo.listInvoices(db, caller.orgId, filterOf(q), INVOICE_EXPORT_MAX_ROWS + 1);
  const out = [[...INVOICE_EXPORT_COLUMNS], ...rows.slice(0, INVOICE_EXPORT_MAX_ROWS).map((r) => invoiceCells(toInvoice(r), digits))];
  if (rows.length > INVOICE_EXPORT_MAX_ROWS)
    out.push([`Only the first ${INVOICE_EXPORT_MAX_ROWS} invoices are in this file; narrow the filters to export the rest`]);
  return out;
}
