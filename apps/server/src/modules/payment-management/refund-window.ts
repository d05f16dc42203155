import type { paymentManagementRoutes as c } from '@market/contracts';
import { DEFAULT_MARKET_POLICIES } from '@market/contracts/plain';
import type { DbOrTx } from '../../db/client.js';
import { invalid, notFound } from '../../lib/errors.js';
import { invoiceBooking, windowFacts } from './booking-money.repository.js';
import { today } from './payment-management.shared.js';

// The refund window (market policy refund_window_days): money paid for a booking is refunded without a manager's
// override only while its market day is at least that many days away, counted from the day the booking was
// cancelled (a vendor who cancelled in time keeps the right to a refund) or else from today. Dates are UTC
// calendar dates, as every date of this module (payment-management.shared.ts).

/** Whole days from one calendar date to another (negative when `to` is earlier). */
export const daysFrom = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export interface WindowInput {
  marketDate: string;
  /** The cancellation date of a cancelled booking, else null. */
  cancelledOn: string | null;
  windowDays: number;
  today: string;
}

/** The window state of one booking: open while the market day is at least `windowDays` after the counting date. */
export function windowState(w: WindowInput) {
  const countedFrom = w.cancelledOn ?? w.today;
  const daysBefore = daysFrom(countedFrom, w.marketDate);
  return { countedFrom, daysBefore, windowDays: w.windowDays, open: daysBefore >= w.windowDays };
}

const dayWords = (n: number) => `${n} day${n === 1 ? '' : 's'}`;

/** "market day in 3 days" (from today), or "cancelled 3 days before the market day". */
function distance(daysBefore: number, cancelled: boolean): string {
  if (cancelled)
    return daysBefore === 0
      ? 'cancelled on the market day'
      : `cancelled ${dayWords(Math.abs(daysBefore))} ${daysBefore > 0 ? 'before' : 'after'} the market day`;
  if (daysBefore === 0) return 'market day today';
  return daysBefore > 0 ? `market day in ${dayWords(daysBefore)}` : `market day ${dayWords(-daysBefore)} ago`;
}

/** The window of an invoice's booking; an invoice without a booking is not windowed. */
export async function refundWindowOf(
  db: DbOrTx,
  orgId: string,
  invoice: { id: string; assignmentId: string | null },
): Promise<c.RefundWindow> {
  const facts = invoice.assignmentId ? await windowFacts(db, orgId, invoice.assignmentId) : null;
  if (!facts)
    return {
      invoiceId: invoice.id,
      applies: false,
      marketDate: null,
      countedFrom: null,
      cancelled: false,
      daysBefore: null,
      windowDays: DEFAULT_MARKET_POLICIES.refundWindowDays,
      open: true,
    };
  const s = windowState({
    marketDate: facts.marketDate,
    cancelledOn: facts.cancelledOn,
    windowDays: facts.windowDays ?? DEFAULT_MARKET_POLICIES.refundWindowDays,
    today: today(),
  });
  return { invoiceId: invoice.id, applies: true, marketDate: facts.marketDate, cancelled: facts.status === 'cancelled', ...s };
}

/** The route's answer: the window of one invoice of the organization (404 for any other). */
export async function refundWindowFor(db: DbOrTx, orgId: string, invoiceId: string): Promise<c.RefundWindow> {
  const invoice = await invoiceBooking(db, orgId, invoiceId);
  if (!invoice) throw notFound('Invoice');
  return refundWindowOf(db, orgId, invoice);
}

/**
 * Refuses a refund outside the window unless it carries a manager's reason (422 naming `overrideReason`).
 * Answers the reason to record: the override when the window was overridden, null when none was needed.
 */
export function checkRefundWindow(w: c.RefundWindow, overrideReason: string | undefined): string | null {
  if (w.open) return null;
  if (overrideReason) return overrideReason;
  throw invalid(
    'overrideReason',
    `outside the refund window (${distance(w.daysBefore!, w.cancelled)}, window ${dayWords(w.windowDays)}); a manager's reason is required`,
  );
}
