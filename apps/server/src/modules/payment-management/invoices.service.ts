import type { paymentManagementRoutes as c } from '@market/contracts';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import type { Caller } from '../../lib/api-route.js';
import { conflict, invalid, notFound } from '../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import { salesShareInvoiced, userName } from './booking-money.repository.js';
import { storeDeclaredSales } from './declared-sales.service.js';
import { rulesByIds, rulesInForce } from './fee-rules.repository.js';
import { DEFAULT_POLICY, feeLines, salesShare, schedule, type FeeLine, type ScheduledInvoice } from './fees.js';
import { loadInvoice, toInvoice } from './invoice-read.js';
import * as repo from './invoices.repository.js';
import { appendEntries } from './ledger-view.js';
import { baseCurrency, iso, isoDate, nextNumber, requireBaseCurrency, today } from './payment-management.shared.js';
import * as pay from './payments.repository.js';

type ManualInput = z.infer<typeof c.manualInvoiceCreateSchema>;
type AdjustInput = z.infer<typeof c.adjustmentCreateSchema>;

/**
 * The assignment's fee lines and schedule as of now, from the rules in force when its request was accepted; the
 * sales are the ones declared on the booking unless a preview names others.
 */
export async function priceAssignment(db: Db | Tx, orgId: string, a: repo.AssignmentRow, declaredSales?: number) {
  const pricedOn = a.acceptedAt ? isoDate(a.acceptedAt) : today();
  const rules = await rulesInForce(db, orgId, pricedOn);
  const sales = declaredSales ?? (a.declaredSales === null ? undefined : Number(a.declaredSales));
  const lines = feeLines(
    rules.map((r) => ({ ...r, amount: Number(r.amount), minimumAmount: Number(r.minimumAmount) })),
    { categoryId: a.categoryId, widthM: Number(a.widthM), depthM: Number(a.depthM), power: a.power, declaredSales: sales },
    pricedOn,
  );
  const policy = (await repo.policyOf(db, orgId)) ?? DEFAULT_POLICY;
  const plan = schedule(lines, policy, { marketDate: a.marketDate, acceptedOn: pricedOn, issueDate: today() });
  return { pricedOn, lines, plan, policy, depositBasisPoints: policy.depositBasisPoints };
}

export async function previewFees(db: Db, caller: Caller, id: string, declaredSales?: number): Promise<c.AssignmentFees> {
  const a = await repo.findAssignment(db, caller.orgId, id);
  if (!a) throw notFound('Assignment');
  const { pricedOn, lines, plan, policy, depositBasisPoints } = await priceAssignment(db, caller.orgId, a, declaredSales);
  const existing = await repo.listInvoices(db, caller.orgId, { assignmentId: id }, 100);
  const invoiced = existing.some((i) => i.invoice.status !== 'cancelled');
  const shareInvoiced = await salesShareInvoiced(db, id);
  // "Invoice sales share" is offered from the stored sales only (a preview's what-if sales are not declared).
  const share =
    invoiced && !shareInvoiced && a.status !== 'cancelled' && a.declaredSales !== null
      ? salesShare(declaredSales === undefined ? lines : (await priceAssignment(db, caller.orgId, a)).lines, policy, {
          marketDate: a.marketDate,
          issueDate: today(),
        })
      : null;
  return {
    assignmentId: a.id,
    vendorId: a.vendorId,
    vendorName: a.vendorName,
    marketDayId: a.marketDayId,
    marketDate: a.marketDate,
    slotId: a.slotId,
    slotCode: a.slotCode,
    categoryId: a.categoryId,
    acceptedAt: a.acceptedAt ? a.acceptedAt.toISOString() : null,
    pricedOn,
    currency: (await baseCurrency(db, caller.orgId))?.code ?? null,
    lines,
    total: lines.reduce((s, l) => s + l.amount, 0),
    depositBasisPoints,
    schedule: plan,
    invoices: existing.map(toInvoice),
    declaredSales: a.declaredSales === null ? null : Number(a.declaredSales),
    declaredSalesAt: iso(a.declaredSalesAt),
    declaredSalesByName: await userName(db, a.declaredSalesBy),
    salesShareInvoiced: shareInvoiced,
    salesShare: share,
  };
}

/** Inserts a draft invoice with its lines (positions in the order given). */
export async function insertDraft(
  tx: Tx,
  caller: Caller,
  v: {
    vendorId: string;
    assignmentId: string | null;
    kind: repo.InvoiceRow['kind'];
    currency: string;
    dueDate: string;
    notes: string | null;
  },
  lines: readonly FeeLine[],
) {
  const invoice = await repo.insertInvoice(tx, { ...v, orgId: caller.orgId, createdBy: caller.userId });
  const rows = await repo.insertLines(
    tx,
    lines.map((l, i) => ({ ...l, orgId: caller.orgId, invoiceId: invoice.id, position: i })),
  );
  await recordAudit(tx, caller, { action: 'create', entityType: 'invoice', entityId: invoice.id, after: { ...invoice, lines: rows } });
  return invoice;
}

/** Issues a locked draft: the next gap-free number, and one `charge` entry per line. */
export async function issueLocked(tx: Tx, caller: Caller, invoice: repo.InvoiceRow): Promise<void> {
  if (invoice.status !== 'draft') throw conflict(`Only a draft invoice can be issued; this one is ${invoice.status}`);
  const lines = await repo.linesOf(tx, invoice.id);
  if (!lines.some((l) => Number(l.amount) > 0)) throw conflict('An invoice without any amount cannot be issued');
  const issueDate = today();
  const number = await nextNumber(tx, caller.orgId, 'invoice');
  const after = await repo.updateInvoice(tx, invoice.id, { status: 'issued', number, issueDate, issuedAt: new Date() });
  await appendEntries(
    tx,
    lines.map((l) => ({
      orgId: caller.orgId,
      vendorId: invoice.vendorId,
      invoiceId: invoice.id,
      entryType: 'charge' as const,
      sourceType: 'invoice_line',
      sourceId: l.id,
      amount: Number(l.amount),
      currency: invoice.currency,
      occurredOn: issueDate,
      memo: l.descriptionEn,
      createdBy: caller.userId,
    })),
  );
  await recordAudit(tx, caller, { action: 'issue', entityType: 'invoice', entityId: invoice.id, before: invoice, after });
}

export async function createAssignmentInvoices(
  tx: Tx,
  caller: Caller,
  id: string,
  input: z.infer<typeof c.createAssignmentInvoicesSchema>,
): Promise<z.infer<typeof c.assignmentInvoicesResultSchema>> {
  const a = await repo.findAssignment(tx, caller.orgId, id, true);
  if (!a) throw notFound('Assignment');
  if (a.status === 'cancelled') throw conflict('A cancelled assignment is not invoiced');
  const currency = await requireBaseCurrency(tx, caller.orgId);
  if ((await repo.openAssignmentInvoices(tx, id)).length)
    throw conflict('This assignment is already invoiced: cancel its invoices before making new ones');
  // Sales still sent with the request are declared first: invoices are priced from the booking's stored sales.
  if (input.declaredSales !== undefined) {
    const stored = await storeDeclaredSales(tx, caller, id, input.declaredSales);
    a.declaredSales = stored.declaredSales;
  }
  const { plan } = await priceAssignment(tx, caller.orgId, a);
  if (!plan.length) throw conflict('No fee rule in force gives this assignment any amount: add fee rules first');
  const made: string[] = [];
  for (const inv of plan as ScheduledInvoice[]) {
    const draft = await insertDraft(
      tx,
      caller,
      {
        vendorId: a.vendorId,
        assignmentId: a.id,
        kind: inv.kind,
        currency: currency.code,
        dueDate: inv.dueDate,
        notes: input.notes || null,
      },
      inv.lines,
    );
    await issueLocked(tx, caller, draft);
    made.push(draft.id);
  }
  const invoices: c.InvoiceDetail[] = [];
  for (const id of made) invoices.push(await loadInvoice(tx, caller.orgId, id));
  return { invoices };
}

export async function createManualInvoice(tx: Tx, caller: Caller, input: ManualInput): Promise<c.InvoiceDetail> {
  const currency = await requireBaseCurrency(tx, caller.orgId);
  if (!(await repo.vendorOfOrg(tx, caller.orgId, input.vendorId))) throw invalid('vendorId', 'is not a vendor of your organization');
  if (input.assignmentId) {
    const a = await repo.findAssignment(tx, caller.orgId, input.assignmentId);
    if (!a) throw invalid('assignmentId', 'is not an assignment of your organization');
    if (a.vendorId !== input.vendorId) throw invalid('assignmentId', "is not this vendor's assignment");
  }
  const ruleIds = [...new Set(input.lines.map((l) => l.feeRuleId).filter((x): x is string => !!x))];
  const known = new Set((await rulesByIds(tx, caller.orgId, ruleIds)).map((r) => r.id));
  input.lines.forEach((l, i) => {
    if (l.feeRuleId && !known.has(l.feeRuleId)) throw invalid(`lines.${i}.feeRuleId`, 'is not a fee rule of your organization');
  });
  const lines: FeeLine[] = input.lines.map((l) => ({
    kind: l.kind,
    descriptionEn: l.descriptionEn,
    descriptionAr: l.descriptionAr,
    quantity: l.quantity,
    unitAmount: l.unitAmount,
    amount: l.quantity * l.unitAmount,
    feeRuleId: l.feeRuleId ?? null,
  }));
  lines.forEach((l, i) => {
    if (!Number.isSafeInteger(l.amount) || l.amount > 100_000_000_000) throw invalid(`lines.${i}.quantity`, 'makes the line too large');
  });
  const draft = await insertDraft(
    tx,
    caller,
    {
      vendorId: input.vendorId,
      assignmentId: input.assignmentId ?? null,
      kind: input.kind ?? 'other',
      currency: currency.code,
      dueDate: input.dueDate,
      notes: input.notes || null,
    },
    lines,
  );
  if (input.issue) await issueLocked(tx, caller, draft);
  return loadInvoice(tx, caller.orgId, draft.id);
}

async function lockedInvoice(tx: Tx, orgId: string, id: string): Promise<repo.InvoiceRow> {
  const invoice = await repo.lockInvoice(tx, orgId, id);
  if (!invoice) throw notFound('Invoice');
  return invoice;
}

export async function issueInvoice(tx: Tx, caller: Caller, id: string): Promise<c.InvoiceDetail> {
  const invoice = await lockedInvoice(tx, caller.orgId, id);
  await requireBaseCurrency(tx, caller.orgId);
  await issueLocked(tx, caller, invoice);
  return loadInvoice(tx, caller.orgId, id);
}

/** Cancels an invoice nothing is paid on (net of refunds): one `cancellation` entry reverses its open balance. */
export async function cancelInvoice(tx: Tx, caller: Caller, id: string, reason: string): Promise<c.InvoiceDetail> {
  const invoice = await lockedInvoice(tx, caller.orgId, id);
  if (invoice.status !== 'draft' && invoice.status !== 'issued') throw conflict(`A ${invoice.status} invoice cannot be cancelled`);
  const b = (await repo.balancesOf(tx, [id])).get(id)!;
  if (Number(b.paid) - Number(b.refunded) > 0)
    throw conflict('Money was paid on this invoice: refund the payments before cancelling it', [
      { field: 'reason', message: 'refund the payments first' },
    ]);
  const open = Number(b.balance);
  if (open > 0)
    await appendEntries(tx, [
      {
        orgId: caller.orgId,
        vendorId: invoice.vendorId,
        invoiceId: id,
        entryType: 'cancellation',
        sourceType: 'invoice',
        sourceId: id,
        amount: -open,
        currency: invoice.currency,
        occurredOn: today(),
        memo: reason,
        createdBy: caller.userId,
      },
    ]);
  const after = await repo.updateInvoice(tx, id, { status: 'cancelled', statusReason: reason });
  await recordAudit(tx, caller, {
    action: 'cancel',
    entityType: 'invoice',
    entityId: id,
    before: invoice,
    after: { ...after, reason, reversed: open },
  });
  return loadInvoice(tx, caller.orgId, id);
}

/** A waiver, discount or credit of at most the open balance; a credit of all of it makes the invoice credited. */
export async function adjustInvoice(tx: Tx, caller: Caller, id: string, input: AdjustInput): Promise<c.InvoiceDetail> {
  const invoice = await lockedInvoice(tx, caller.orgId, id);
  if (invoice.status !== 'issued') throw conflict(`Only an issued invoice can be adjusted; this one is ${invoice.status}`);
  const open = Number((await repo.balancesOf(tx, [id])).get(id)!.balance);
  if (open <= 0) throw conflict('Nothing is open on this invoice to waive, discount or credit');
  if (input.amount > open) throw invalid('amount', `must be at most the open balance, ${open}`);
  const adj = await pay.insertAdjustment(tx, {
    orgId: caller.orgId,
    invoiceId: id,
    kind: input.kind,
    amount: input.amount,
    reason: input.reason,
    approvedBy: caller.userId,
  });
  await appendEntries(tx, [
    {
      orgId: caller.orgId,
      vendorId: invoice.vendorId,
      invoiceId: id,
      entryType: input.kind,
      sourceType: 'invoice_adjustment',
      sourceId: adj.id,
      amount: -input.amount,
      currency: invoice.currency,
      occurredOn: today(),
      memo: input.reason,
      createdBy: caller.userId,
    },
  ]);
  if (input.kind === 'credit' && input.amount === open)
    await repo.updateInvoice(tx, id, { status: 'credited', statusReason: input.reason });
  else await repo.updateInvoice(tx, id, {});
  await recordAudit(tx, caller, {
    action: input.kind,
    entityType: 'invoice',
    entityId: id,
    before: invoice,
    after: { adjustment: adj, reason: input.reason },
  });
  return loadInvoice(tx, caller.orgId, id);
}
