import type { paymentManagementRoutes as c } from '@market/contracts';
import { ASSIGNMENT_HOLDING_STATUSES, MAX_AMOUNT_MINOR } from '@market/contracts/plain';
import type { Db, Tx } from '../../db/client.js';
import type { Caller } from '../../lib/api-route.js';
import { conflict, invalid, notFound } from '../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import * as repo from './booking-money.repository.js';
import { iso, today } from './payment-management.shared.js';

// Declared sales: what a vendor sold on a booked day, kept on the booking (market_assignments.declared_sales).
// sales_percentage fee rules charge a share of it when the booking is invoiced, or afterwards through the one
// sales invoice (sales-share.service.ts). Staff declare it here; the vendor portal calls the same function for
// the vendor's own booking (`opts.vendorId`), which the vendor may declare only once it has traded that day.

export interface DeclareSalesOptions {
  /**
   * The vendor's own declaration: only this vendor's booking (another's answers 404, as a booking of another
   * organization does), and only as `vendorSalesRefusal` allows.
   */
  vendorId?: string;
}

const HOLDING: readonly string[] = ASSIGNMENT_HOLDING_STATUSES;

/**
 * Why a vendor may not declare the sales of its booking, or null when it may: only a booking that held its slot
 * (confirmed or checked in: a cancelled, absent or no-show booking sold nothing there), and only from its market
 * day on (the server's UTC calendar, as every date here). Staff may declare them at any time.
 */
export function vendorSalesRefusal(b: { status: string; marketDate: string }, on: string = today()): string | null {
  if (!HOLDING.includes(b.status)) return 'cannot be declared: the booking did not hold its slot that day';
  if (b.marketDate > on) return `cannot be declared before the market day (${b.marketDate})`;
  return null;
}

const toResult = (b: repo.BookingSales): c.DeclaredSales => ({
  assignmentId: b.id,
  declaredSales: b.declaredSales === null ? null : Number(b.declaredSales),
  declaredSalesAt: iso(b.declaredSalesAt),
  declaredSalesBy: b.declaredSalesBy,
});

/**
 * Stores the declared sales inside the caller's transaction (audited): 422 naming `amount` for a value that is
 * not a whole number of minor units from 0, on a cancelled booking, or (a vendor's own) as `vendorSalesRefusal`
 * says; 409 when a standing invoice already charges a share of other sales (cancel that invoice first). Declaring
 * the same amount again changes nothing.
 */
export async function storeDeclaredSales(
  tx: Tx,
  caller: Caller,
  assignmentId: string,
  amount: number,
  opts: DeclareSalesOptions = {},
): Promise<c.DeclaredSales> {
  if (!Number.isSafeInteger(amount)) throw invalid('amount', 'must be a whole number of minor units');
  if (amount < 0) throw invalid('amount', 'must be 0 or more');
  if (amount > MAX_AMOUNT_MINOR) throw invalid('amount', `must be at most ${MAX_AMOUNT_MINOR}`);
  const before = await repo.lockBooking(tx, caller.orgId, assignmentId, opts.vendorId);
  if (!before) throw notFound('Booking');
  if (before.status === 'cancelled') throw invalid('amount', 'cannot be declared: the booking is cancelled');
  // Checked under the booking's lock: a status changed meanwhile (an absence) is seen.
  const refusal = opts.vendorId ? vendorSalesRefusal(before) : null;
  if (refusal) throw invalid('amount', refusal);
  if (before.declaredSales !== null && Number(before.declaredSales) === amount) return toResult(before);
  if (await repo.salesShareInvoiced(tx, assignmentId))
    throw conflict('The share of sales of this booking is already invoiced: cancel that invoice before declaring other sales', [
      { field: 'amount', message: 'the share of the declared sales is already invoiced' },
    ]);
  const after = await repo.setDeclaredSales(tx, assignmentId, amount, caller.userId);
  await recordAudit(tx, caller, {
    action: 'update',
    entityType: 'market_assignment',
    entityId: assignmentId,
    before: { declaredSales: before.declaredSales === null ? null : Number(before.declaredSales) },
    after: { declaredSales: amount },
  });
  return toResult(after);
}

/** Records the sales declared for a booking in its own transaction (the route, and the vendor portal for its own). */
export function declareSales(
  db: Db,
  caller: Caller,
  assignmentId: string,
  amount: number,
  opts: DeclareSalesOptions = {},
): Promise<c.DeclaredSales> {
  return db.transaction((tx) => storeDeclaredSales(tx, caller, assignmentId, amount, opts));
}
