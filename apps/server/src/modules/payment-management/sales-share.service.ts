import type { paymentManagementRoutes as c } from '@market/contracts';
import type { Tx } from '../../db/client.js';
import type { Caller } from '../../lib/api-route.js';
import { conflict, notFound } from '../../lib/errors.js';
import { salesShareInvoiced } from './booking-money.repository.js';
import { salesShare } from './fees.js';
import { loadInvoice } from './invoice-read.js';
import * as repo from './invoices.repository.js';
import { insertDraft, issueLocked, priceAssignment } from './invoices.service.js';
import { requireBaseCurrency, today } from './payment-management.shared.js';

/**
 * "Invoice sales share": a booking invoiced before its sales were declared gets one more invoice, of kind `sales`,
 * for the sales_percentage line(s) of the rules in force when it was accepted, issued at once through the same
 * path as every invoice (so its charge is a ledger entry per line). Never twice: while a standing invoice of the
 * booking charges a share of sales, another attempt is a 409. The booking's row lock queues two attempts.
 */
export async function createSalesShareInvoice(tx: Tx, caller: Caller, id: string): Promise<c.InvoiceDetail> {
  const a = await repo.findAssignment(tx, caller.orgId, id, true);
  if (!a) throw notFound('Assignment');
  if (a.status === 'cancelled') throw conflict('A cancelled assignment is not invoiced');
  const currency = await requireBaseCurrency(tx, caller.orgId);
  if (a.declaredSales === null)
    throw conflict('No sales are declared for this booking: declare them first', [{ field: 'declaredSales', message: 'is not declared' }]);
  if (!(await repo.openAssignmentInvoices(tx, id)).length)
    throw conflict('This booking is not invoiced yet: issue its invoices, which charge the share of sales with the rest');
  if (await salesShareInvoiced(tx, id)) throw conflict('The share of sales of this booking is already invoiced');
  const { lines, policy } = await priceAssignment(tx, caller.orgId, a);
  const share = salesShare(lines, policy, { marketDate: a.marketDate, issueDate: today() });
  if (!share) throw conflict('No sales percentage fee rule in force when the request was accepted applies to this booking');
  const draft = await insertDraft(
    tx,
    caller,
    { vendorId: a.vendorId, assignmentId: a.id, kind: 'sales', currency: currency.code, dueDate: share.dueDate, notes: null },
    share.lines,
  );
  await issueLocked(tx, caller, draft);
  return loadInvoice(tx, caller.orgId, draft.id);
}
