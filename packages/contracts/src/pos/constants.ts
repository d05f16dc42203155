// Point of sale: the lists and limits its schemas, the server and the screens share.
import { EFFECTIVE_ROLES, ROLE_RANK, isVendorRole, type EffectiveRole } from '../auth/permissions.js';

/** How a sale can be paid. Cash opens the drawer and gives change. */
export const POS_TENDERS = ['cash', 'card', 'bank_transfer', 'voucher', 'other'] as const;
export type PosTender = (typeof POS_TENDERS)[number];

/** An archived register keeps its history and takes no new session. */
export const POS_REGISTER_STATUSES = ['active', 'archived'] as const;
export type PosRegisterStatus = (typeof POS_REGISTER_STATUSES)[number];

export const POS_REGISTER_LIMITS = {
  name: 80,
  receiptText: 500,
  /** The default opening float, in minor units (100,000.00 in a two-decimal currency). */
  openingFloatMax: 10_000_000,
  /** Staff named as a register's cashiers. */
  cashiers: 200,
} as const;

/** A session is open until it is closed by counting each tender; a closed session is never changed. */
export const POS_SESSION_STATUSES = ['open', 'closed'] as const;
export type PosSessionStatus = (typeof POS_SESSION_STATUSES)[number];

/** Every sale is an order; a return is an order of its own that names the sale it returns. */
export const POS_ORDER_KINDS = ['sale', 'return'] as const;
export type PosOrderKind = (typeof POS_ORDER_KINDS)[number];

/**
 * What happened to an order when it reached the server: recorded in the session it was sold in; recorded in
 * the register's open session because its own had been closed meanwhile (`moved`); or held for a manager
 * because the register had no open session (`held`). A held sale is recorded all the same, never dropped.
 * A completed customer order is a sale of its register outside any session (`customer_order`): its payments
 * were taken on the order.
 */
export const POS_ORDER_PLACEMENTS = ['session', 'moved', 'held', 'customer_order'] as const;
export type PosOrderPlacement = (typeof POS_ORDER_PLACEMENTS)[number];

export const POS_CASH_MOVE_KINDS = ['in', 'out'] as const;
export type PosCashMoveKind = (typeof POS_CASH_MOVE_KINDS)[number];

/** A line or order discount: a percentage (basis points, 1% = 100) or an amount in minor units. */
export const POS_DISCOUNT_KINDS = ['percentage', 'amount'] as const;
export type PosDiscountKind = (typeof POS_DISCOUNT_KINDS)[number];

/** A commission rule: a percentage of the line (with a minimum and a maximum) or a flat amount per line. */
export const COMMISSION_RULE_KINDS = ['percentage', 'flat'] as const;
export type CommissionRuleKind = (typeof COMMISSION_RULE_KINDS)[number];

export const PAYOUT_METHODS = ['bank_transfer', 'cash'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

/** How often one receipt may be e-mailed in any hour (a resend to a corrected address, not a mailing list). */
export const RECEIPT_EMAILS_PER_HOUR = 5;

/** What the sales report can be grouped by. */
export const POS_REPORT_GROUPS = ['day', 'hour', 'register', 'vendor', 'category', 'product', 'tender'] as const;
export type PosReportGroup = (typeof POS_REPORT_GROUPS)[number];

export const POS_LIMITS = {
  linesPerOrder: 200,
  quantity: 9_999,
  reason: 200,
  note: 1_000,
  customer: 200,
  reference: 120,
  /** Products a register lookup answers at most. */
  lookup: 20,
  /** Products a register keeps for selling offline (the most recently changed active products). */
  snapshot: 5_000,
  /** Orders a list page shows at most. */
  page: 100,
  /** Orders in one export file; a larger selection ends with a row saying to narrow the filters. */
  exportRows: 10_000,
  /** Days one report may cover. */
  reportDays: 366,
} as const;

/** The staff roles a discount limit can be set for (vendors never use a register). */
export const POS_STAFF_ROLES = EFFECTIVE_ROLES.filter((r) => !isVendorRole(r)) as Exclude<
  EffectiveRole,
  'market_vendor' | 'junior_vendor' | 'normal_vendor'
>[];
export type PosStaffRole = (typeof POS_STAFF_ROLES)[number];

/**
 * A point-of-sale manager (admin or super admin): uses every register whoever its cashiers are, and alone sets
 * who may use a register and the discount limits. Everyone else with point-of-sale access is a cashier.
 */
export const isPosManager = (role: EffectiveRole): boolean => ROLE_RANK[role] >= ROLE_RANK.admin;

/**
 * Whether a sale keeps within a discount limit of `limit` basis points: each line's own discount is at most that
 * share of the line, and all discounts together at most that share of the sale before discounts. A share is
 * rounded up to the minor unit, so a limit of 10% always allows 10% of an odd amount. `null`: no limit.
 */
export function discountOverLimit(
  limit: number | null,
  lines: readonly { gross: number; ownDiscount: number }[],
  totalDiscount: number,
): { line: number } | { order: true } | null {
  if (limit === null) return null;
  const allowed = (base: number) => Math.ceil((base * limit) / 10_000);
  for (const [i, l] of lines.entries()) if (l.ownDiscount > allowed(l.gross)) return { line: i };
  const gross = lines.reduce((a, l) => a + l.gross, 0);
  return totalDiscount > allowed(gross) ? { order: true } : null;
}

/**
 * A customer order: taken by staff for pickup or delivery. A draft is edited freely; confirming sets its items
 * aside (stock is taken); ready means packed; completing it (paid in full) records the sale at its register;
 * cancelling puts the stock back and refunds what was paid.
 */
export const CUSTOMER_ORDER_STATES = ['draft', 'confirmed', 'ready', 'completed', 'cancelled'] as const;
export type CustomerOrderState = (typeof CUSTOMER_ORDER_STATES)[number];

export const CUSTOMER_ORDER_FULFILMENTS = ['pickup', 'delivery'] as const;
export type CustomerOrderFulfilment = (typeof CUSTOMER_ORDER_FULFILMENTS)[number];

/** Where each state may go next. Completed and cancelled are final. */
export const CUSTOMER_ORDER_NEXT: Record<CustomerOrderState, readonly CustomerOrderState[]> = {
  draft: ['confirmed', 'cancelled'],
  confirmed: ['ready', 'completed', 'cancelled'],
  ready: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
};

/** Payments are taken once an order is confirmed and until it is completed or cancelled. */
export const customerOrderTakesPayments = (state: CustomerOrderState): boolean => state === 'confirmed' || state === 'ready';

export const CUSTOMER_ORDER_LIMITS = { address: 500, phone: 40 } as const;
