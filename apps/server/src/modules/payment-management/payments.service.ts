import type { paymentManagementRoutes as c } from '@market/contracts';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client.js';
import type { Caller } from '../../lib/api-route.js';
import { conflict, invalid, notFound } from '../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import { decodeCursor, encodeCursor, toRefund } from './invoice-read.js';
import * as inv from './invoices.repository.js';
import { appendEntries } from './ledger-view.js';
import { baseCurrency, iso, isoDate, nextNumber, requireBaseCurrency, today } from './payment-management.shared.js';
import * as repo from './payments.repository.js';
import { checkRefundWindow, refundWindowOf } from './refund-window.js';

type PaymentInput = z.infer<typeof c.paymentCreateSchema>;
type RefundInput = z.infer<typeof c.refundCreateSchema>;
type ListQuery = z.infer<typeof c.paymentListQuery>;

async function toPayments(db: DbOrTx, rows: repo.PaymentListRow[]): Promise<c.Payment[]> {
  const allocations = await repo.allocationsOf(db, { paymentIds: rows.map((r) => r.payment.id) });
  return rows.map(({ payment: p, vendorName, takenByName }) => {
    const mine = allocations.filter((a) => a.allocation.paymentId === p.id);
    return {
      id: p.id,
      receiptNumber: p.receiptNumber,
      vendorId: p.vendorId,
      vendorName,
      method: p.method,
      amount: Number(p.amount),
      currency: p.currency,
      reference: p.reference,
      note: p.note,
      receivedAt: iso(p.receivedAt)!,
      takenBy: p.takenBy,
      takenByName,
      refunded: mine.reduce((s, a) => s + a.refunded, 0),
      allocations: mine.map((a) => ({
        id: a.allocation.id,
        invoiceId: a.allocation.invoiceId,
        invoiceNumber: a.invoiceNumber,
        amount: Number(a.allocation.amount),
        refunded: a.refunded,
      })),
      createdAt: iso(p.createdAt)!,
    };
  });
}

export async function loadPayment(db: DbOrTx, orgId: string, id: string): Promise<c.PaymentDetail> {
  const rows = await repo.listPayments(db, orgId, { id }, 1);
  if (!rows.length) throw notFound('Payment');
  const [payment] = await toPayments(db, rows);
  return { ...payment!, refunds: (await repo.refundsOf(db, orgId, { paymentId: id })).map(toRefund) };
}

export async function listPayments(db: DbOrTx, caller: Caller, q: ListQuery): Promise<z.infer<typeof c.paymentPageSchema>> {
  if (q.from && q.to && q.to < q.from) throw invalid('to', 'must be on or after from');
  const limit = q.limit ?? 50;
  const after = q.cursor ? decodeCursor(q.cursor) : undefined;
  const f = { vendorId: q.vendorId, invoiceId: q.invoiceId, method: q.method, from: q.from, to: q.to };
  const rows = await repo.listPayments(db, caller.orgId, f, limit + 1, after);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: await toPayments(db, page),
    nextCursor: rows.length > limit && last ? encodeCursor(last.key, last.payment.id) : null,
    totals: await repo.paymentTotals(db, caller.orgId, f),
    currency: (await baseCurrency(db, caller.orgId))?.code ?? null,
  };
}

/**
 * Records money received and splits it over the vendor's issued invoices: the allocations sum to the amount,
 * each is at most its invoice's open balance (read under the invoices' locks), and each writes one `payment`
 * entry. The receipt takes the next gap-free number.
 */
export async function createPayment(tx: Tx, caller: Caller, input: PaymentInput): Promise<c.PaymentDetail> {
  const currency = await requireBaseCurrency(tx, caller.orgId);
  if (!(await inv.vendorOfOrg(tx, caller.orgId, input.vendorId))) throw invalid('vendorId', 'is not a vendor of your organization');
  const seen = new Set<string>();
  input.allocations.forEach((a, i) => {
    if (seen.has(a.invoiceId)) throw invalid(`allocations.${i}.invoiceId`, 'names an invoice twice: give one allocation per invoice');
    seen.add(a.invoiceId);
  });
  const allocated = input.allocations.reduce((s, a) => s + a.amount, 0);
  if (allocated !== input.amount) throw invalid('allocations', `must add up to the amount (${input.amount}); they add up to ${allocated}`);
  const locked = new Map((await inv.lockInvoices(tx, caller.orgId, [...seen])).map((r) => [r.id, r]));
  const balances = await inv.balancesOf(tx, [...locked.keys()]);
  input.allocations.forEach((a, i) => {
    const invoice = locked.get(a.invoiceId);
    if (!invoice || invoice.vendorId !== input.vendorId) throw invalid(`allocations.${i}.invoiceId`, 'is not an invoice of this vendor');
    if (invoice.status !== 'issued')
      throw invalid(`allocations.${i}.invoiceId`, `is ${invoice.status}: only issued invoices take payments`);
    if (invoice.currency !== currency.code) throw invalid(`allocations.${i}.invoiceId`, `is in ${invoice.currency}, not ${currency.code}`);
    const open = Number(balances.get(a.invoiceId)!.balance);
    if (a.amount > open) throw invalid(`allocations.${i}.amount`, `must be at most the invoice's open balance, ${Math.max(open, 0)}`);
  });
  const receivedAt = input.receivedAt ? new Date(input.receivedAt) : new Date();
  const payment = await repo.insertPayment(tx, {
    orgId: caller.orgId,
    vendorId: input.vendorId,
    method: input.method,
    amount: input.amount,
    currency: currency.code,
    reference: input.reference || null,
    note: input.note || null,
    receivedAt,
    receiptNumber: await nextNumber(tx, caller.orgId, 'receipt'),
    takenBy: caller.userId,
  });
  const rows = await repo.insertAllocations(
    tx,
    input.allocations.map((a) => ({ orgId: caller.orgId, paymentId: payment.id, invoiceId: a.invoiceId, amount: a.amount })),
  );
  await appendEntries(
    tx,
    rows.map((a) => ({
      orgId: caller.orgId,
      vendorId: input.vendorId,
      invoiceId: a.invoiceId,
      entryType: 'payment' as const,
      sourceType: 'payment_allocation',
      sourceId: a.id,
      amount: -Number(a.amount),
      currency: currency.code,
      occurredOn: isoDate(receivedAt),
      memo: `${payment.receiptNumber} ${input.method}${input.reference ? ` ${input.reference}` : ''}`,
      createdBy: caller.userId,
    })),
  );
  await recordAudit(tx, caller, {
    action: 'create',
    entityType: 'payment',
    entityId: payment.id,
    after: { ...payment, allocations: rows },
  });
  for (const a of rows)
    await recordAudit(tx, caller, {
      action: 'payment',
      entityType: 'invoice',
      entityId: a.invoiceId,
      after: { paymentId: payment.id, receiptNumber: payment.receiptNumber, amount: Number(a.amount) },
    });
  return loadPayment(tx, caller.orgId, payment.id);
}

/**
 * Returns money against what one payment paid on one invoice, at most what it paid there minus earlier refunds.
 * On a booking's invoice outside the refund window it needs a manager's `overrideReason`, kept on the refund with
 * its approver (the caller) and in the invoice's history.
 */
export async function createRefund(tx: Tx, caller: Caller, input: RefundInput): Promise<c.Refund> {
  // The payment's lock queues refunds of one payment, so two cannot both pass the cap.
  const payment = await repo.lockPayment(tx, caller.orgId, input.paymentId);
  if (!payment) throw invalid('paymentId', 'is not a payment of your organization');
  const invoice = await inv.lockInvoice(tx, caller.orgId, input.invoiceId);
  if (!invoice) throw invalid('invoiceId', 'is not an invoice of your organization');
  const { paid, refunded } = await repo.refundableOf(tx, payment.id, invoice.id);
  if (paid === 0) throw invalid('invoiceId', 'was not paid by this payment');
  if (invoice.status !== 'issued') throw conflict(`A ${invoice.status} invoice takes no refunds`);
  const cap = paid - refunded;
  if (input.amount > cap) throw invalid('amount', `must be at most what this payment paid on the invoice and was not refunded yet, ${cap}`);
  const window = await refundWindowOf(tx, caller.orgId, invoice);
  const overrideReason = checkRefundWindow(window, input.overrideReason);
  const refund = await repo.insertRefund(tx, {
    orgId: caller.orgId,
    paymentId: payment.id,
    invoiceId: invoice.id,
    amount: input.amount,
    method: input.method,
    reason: input.reason,
    overrideReason,
    createdBy: caller.userId,
  });
  await appendEntries(tx, [
    {
      orgId: caller.orgId,
      vendorId: invoice.vendorId,
      invoiceId: invoice.id,
      entryType: 'refund',
      sourceType: 'refund',
      sourceId: refund.id,
      amount: input.amount,
      currency: payment.currency,
      occurredOn: today(),
      memo: input.reason,
      createdBy: caller.userId,
    },
  ]);
  await recordAudit(tx, caller, { action: 'create', entityType: 'refund', entityId: refund.id, after: refund });
  await recordAudit(tx, caller, {
    action: 'refund',
    entityType: 'invoice',
    entityId: invoice.id,
    after: {
      refundId: refund.id,
      paymentId: payment.id,
      amount: input.amount,
      reason: input.reason,
      ...(overrideReason ? { overrideReason, refundWindow: window } : {}),
    },
  });
  const [row] = await repo.refundsOf(tx, caller.orgId, { id: refund.id });
  return toRefund(row!);
}
