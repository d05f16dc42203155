import type { paymentManagementRoutes as c } from '@market/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Caller } from '../../lib/api-route.js';
import { invalid, notFound } from '../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import { toEntry } from './invoice-read.js';
import { vendorOfOrg } from './invoices.repository.js';
import * as repo from './ledger.repository.js';
import { csvRow, formatMinor } from '../../lib/spreadsheet.js';
import { baseCurrency } from './payment-management.shared.js';
import * as pay from './payments.repository.js';

/** A vendor's statement: the sum before `from`, the entries in range with a running balance, the sum up to `to`. */
export async function statement(db: Db, caller: Caller, vendorId: string, q: { from?: string; to?: string }): Promise<c.VendorStatement> {
  if (q.from && q.to && q.to < q.from) throw invalid('to', 'must be on or after from');
  const vendor = await vendorOfOrg(db, caller.orgId, vendorId);
  if (!vendor) throw notFound('Vendor');
  const opening = q.from ? await pay.vendorSum(db, caller.orgId, vendorId, q.from) : 0;
  const rows = await pay.entriesOf(db, caller.orgId, { vendorId, from: q.from, to: q.to });
  let running = opening;
  const entries = rows.map((r) => {
    running += Number(r.entry.amount);
    return { ...toEntry(r), runningBalance: running };
  });
  return {
    vendorId,
    vendorName: vendor.name,
    currency: (await baseCurrency(db, caller.orgId))?.code ?? rows[0]?.entry.currency ?? null,
    from: q.from ?? null,
    to: q.to ?? null,
    openingBalance: opening,
    entries,
    closingBalance: running,
    currentBalance: await pay.vendorSum(db, caller.orgId, vendorId),
  };
}

export const STATEMENT_COLUMNS = ['date', 'type', 'document', 'memo', 'amount', 'running_balance', 'currency'];

/** The statement as CSV: English headers, an opening and a closing row, amounts in major units of the currency. */
export async function statementCsv(db: Db, caller: Caller, vendorId: string, q: { from?: string; to?: string }): Promise<string> {
  const s = await statement(db, caller, vendorId, q);
  const digits = (await baseCurrency(db, caller.orgId))?.minorDigits ?? 2;
  const cur = s.currency ?? '';
  const money = (n: number) => formatMinor(n, digits);
  const lines = [
    csvRow(STATEMENT_COLUMNS),
    csvRow([s.from ?? '', 'opening_balance', '', s.vendorName, '', money(s.openingBalance), cur]),
    ...s.entries.map((e) =>
      csvRow([e.occurredOn, e.entryType, e.document ?? '', e.memo ?? '', money(e.amount), money(e.runningBalance), e.currency]),
    ),
    csvRow([s.to ?? '', 'closing_balance', '', s.vendorName, '', money(s.closingBalance), cur]),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

type Disagreement = c.LedgerConsistency['disagreements'][number];

/**
 * Proves the ledger, the invoices and the payments agree: every issued invoice charged exactly its lines, its
 * balance is lines - payments + refunds - adjustments (0 once cancelled, the cancellation reversing the rest),
 * each payment's allocations sum to it and to its entries, each refund and adjustment has its one entry, and
 * no entry lacks its source document.
 */
export async function checkConsistency(db: DbOrTx, orgId: string, vendorId?: string): Promise<c.LedgerConsistency> {
  const out: Disagreement[] = [];
  const add = (
    kind: Disagreement['kind'],
    entityType: Disagreement['entityType'],
    entityId: string,
    document: string | null,
    expected: number | null,
    actual: number | null,
    message: string,
  ) => out.push({ kind, entityType, entityId, document, expected, actual, message });
  const invoices = await repo.invoiceFigures(db, orgId, vendorId);
  for (const i of invoices) {
    const name = i.number ?? i.id;
    const issued = i.number !== null;
    const charges = issued ? i.lines : 0;
    if (i.charged !== charges)
      add(
        'invoice_charge',
        'invoice',
        i.id,
        i.number,
        charges,
        i.charged,
        `${name}: the ledger charged ${i.charged}, its lines come to ${charges}`,
      );
    if (i.paid !== i.allocated)
      add(
        'invoice_balance',
        'invoice',
        i.id,
        i.number,
        i.allocated,
        i.paid,
        `${name}: payments allocated ${i.allocated}, the ledger has ${i.paid}`,
      );
    if (i.refunded !== i.refunds)
      add(
        'invoice_balance',
        'invoice',
        i.id,
        i.number,
        i.refunds,
        i.refunded,
        `${name}: refunds of ${i.refunds}, the ledger has ${i.refunded}`,
      );
    if (i.adjusted !== i.adjustments)
      add(
        'invoice_balance',
        'invoice',
        i.id,
        i.number,
        i.adjustments,
        i.adjusted,
        `${name}: adjustments of ${i.adjustments}, the ledger has ${i.adjusted}`,
      );
    const documents = charges - i.allocated + i.refunds - i.adjustments;
    const reversal = i.status === 'cancelled' ? documents : 0;
    if (i.cancelled !== reversal)
      add(
        'invoice_cancellation',
        'invoice',
        i.id,
        i.number,
        reversal,
        i.cancelled,
        `${name}: the cancellation should reverse ${reversal}, the ledger reversed ${i.cancelled}`,
      );
    const expected = documents - reversal;
    if (i.viewBalance !== expected || i.ledgerSum !== expected)
      add(
        'invoice_balance',
        'invoice',
        i.id,
        i.number,
        expected,
        i.viewBalance,
        `${name}: the balance should be ${expected}, the ledger says ${i.viewBalance}`,
      );
  }
  const payments = await repo.paymentFigures(db, orgId, vendorId);
  for (const p of payments) {
    if (p.allocated !== p.amount)
      add(
        'payment_allocations',
        'payment',
        p.id,
        p.receiptNumber,
        p.amount,
        p.allocated,
        `payment ${p.id}: allocations of ${p.allocated} for an amount of ${p.amount}`,
      );
    if (p.ledger !== p.allocated)
      add(
        'payment_ledger',
        'payment',
        p.id,
        p.receiptNumber,
        p.allocated,
        p.ledger,
        `payment ${p.id}: allocations of ${p.allocated}, entries of ${p.ledger}`,
      );
  }
  for (const d of await repo.documentEntryFigures(db, orgId, vendorId)) {
    if (d.ledger !== d.amount || d.entries !== 1)
      add(
        d.kind === 'refund' ? 'refund_ledger' : 'adjustment_ledger',
        'ledger_entry',
        d.id,
        d.invoiceNumber,
        d.amount,
        d.ledger,
        `${d.kind} ${d.id} of ${d.amount} has ${d.entries} entries for ${d.ledger}`,
      );
  }
  for (const o of await repo.posOrderFigures(db, orgId, vendorId)) {
    if (o.ledgerTotal !== o.total || o.ledgerCommission !== o.commission)
      add(
        'pos_order_ledger',
        'ledger_entry',
        o.id,
        o.receiptNumber,
        o.total,
        o.ledgerTotal,
        `order ${o.receiptNumber}: lines of ${o.total} (commission ${o.commission}), entries of ${o.ledgerTotal} (commission ${o.ledgerCommission})`,
      );
  }
  for (const e of await repo.orphanEntries(db, orgId, vendorId))
    add(
      'entry_without_source',
      'ledger_entry',
      e.id,
      e.invoiceNumber,
      null,
      e.amount,
      `entry ${e.id} (${e.sourceType}) has no matching source document`,
    );
  return {
    invoicesChecked: invoices.length,
    paymentsChecked: payments.length,
    entriesChecked: await repo.entryCount(db, orgId, vendorId),
    consistent: out.length === 0,
    disagreements: out,
  };
}

/** The check as the API answers it: for the organization, or one of its vendors (404 for any other). */
export async function consistencyFor(db: Db, caller: Caller, vendorId?: string): Promise<c.LedgerConsistency> {
  if (vendorId && !(await vendorOfOrg(db, caller.orgId, vendorId))) throw notFound('Vendor');
  return checkConsistency(db, caller.orgId, vendorId);
}

/** The admin action: the same check, its result recorded in the audit log. */
export async function runCheck(db: Db, caller: Caller): Promise<c.LedgerConsistency> {
  return db.transaction(async (tx) => {
    const report = await checkConsistency(tx, caller.orgId);
    await recordAudit(tx, caller, {
      action: 'consistency_check',
      entityType: 'vendor_ledger',
      entityId: null,
      after: { ...report, disagreements: report.disagreements.slice(0, 100) },
    });
    return report;
  });
}
