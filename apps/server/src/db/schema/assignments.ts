import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ASSIGNMENT_STATUSES, CHECK_IN_ACTIONS, MARKET_REQUEST_STATUSES, WAITLIST_OFFER_STATUSES } from '@market/contracts/plain';
import { users } from './auth.js';
import { marketCategories, marketDays, marketSlots } from './market.js';
import { organizations } from './platform.js';
import { vendors } from './vendors.js';
// The value lists are the contract's (one source for the database, the API and the forms).
export { ASSIGNMENT_STATUSES, CHECK_IN_ACTIONS, MARKET_REQUEST_STATUSES, WAITLIST_OFFER_STATUSES };

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const orgId = () =>
  uuid('org_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });
const actor = (name: string) => uuid(name).references(() => users.id, { onDelete: 'set null' });

/** Market-operation settings of an organization (one row; defaults apply while there is none). */
export const marketPolicies = pgTable('market_policies', {
  orgId: uuid('org_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  /** Hours a waitlist offer stays open before it passes to the next vendor. */
  offerHours: integer('offer_hours').notNull().default(48),
  /** Share of an assignment's fees invoiced at acceptance, in basis points (0: one invoice for everything). */
  depositBasisPoints: integer('deposit_basis_points').notNull().default(0),
  /** The balance (or the whole fee without a deposit) falls due this many days before the market day. */
  balanceDueDaysBefore: integer('balance_due_days_before').notNull().default(7),
  /** A deposit falls due this many days after acceptance. */
  depositDueDays: integer('deposit_due_days').notNull().default(7),
  /** A cancelled booking is refundable up to this many days before the market day. */
  refundWindowDays: integer('refund_window_days').notNull().default(14),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** A vendor's request to trade on a market day, in the category it trades under. */
export const marketDayRequests = pgTable(
  'market_day_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgId(),
    marketDayId: uuid('market_day_id')
      .notNull()
      .references(() => marketDays.id, { onDelete: 'cascade' }),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => marketCategories.id, { onDelete: 'restrict' }),
    status: text('status', { enum: MARKET_REQUEST_STATUSES }).notNull().default('pending'),
    /** Waitlist order: higher first, then the time the vendor joined the waitlist. */
    priority: integer('priority').notNull().default(0),
    waitlistedAt: ts('waitlisted_at'),
    /** Requests made together for a series or a date range share this id. */
    termId: uuid('term_id'),
    note: text('note'),
    decisionReason: text('decision_reason'),
    decidedBy: actor('decided_by'),
    decidedAt: ts('decided_at'),
    /** When the request was accepted: the fee rules in force then price its assignment. */
    acceptedAt: ts('accepted_at'),
    createdBy: actor('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('market_day_requests_day_vendor_key').on(t.marketDayId, t.vendorId),
    index('market_day_requests_org_day_status_idx').on(t.orgId, t.marketDayId, t.status),
    index('market_day_requests_vendor_idx').on(t.vendorId),
  ],
);

/**
 * One vendor on one slot on one market day. The partial unique indexes make a double booking impossible:
 * one holding assignment per slot and day, and per vendor and day.
 */
export const marketAssignments = pgTable(
  'market_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgId(),
    marketDayId: uuid('market_day_id')
      .notNull()
      .references(() => marketDays.id, { onDelete: 'cascade' }),
    slotId: uuid('slot_id')
      .notNull()
      .references(() => marketSlots.id, { onDelete: 'restrict' }),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'restrict' }),
    requestId: uuid('request_id').references(() => marketDayRequests.id, { onDelete: 'set null' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => marketCategories.id, { onDelete: 'restrict' }),
    status: text('status', { enum: ASSIGNMENT_STATUSES }).notNull().default('confirmed'),
    statusReason: text('status_reason'),
    /** Automatic allocation never moves a locked assignment. */
    locked: boolean('locked').notNull().default(false),
    termId: uuid('term_id'),
    checkedInAt: ts('checked_in_at'),
    /** The vendor's sales of the day in minor units of the base currency: what sales_percentage fee rules charge a share of. */
    declaredSales: bigint('declared_sales', { mode: 'number' }),
    declaredSalesAt: ts('declared_sales_at'),
    declaredSalesBy: actor('declared_sales_by'),
    createdBy: actor('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('market_assignments_declared_sales', sql`${t.declaredSales} >= 0`),
    uniqueIndex('market_assignments_day_slot_key')
      .on(t.marketDayId, t.slotId)
      .where(sql`${t.status} in ('confirmed', 'checked_in')`),
    uniqueIndex('market_assignments_day_vendor_key')
      .on(t.marketDayId, t.vendorId)
      .where(sql`${t.status} in ('confirmed', 'checked_in')`),
    index('market_assignments_org_day_idx').on(t.orgId, t.marketDayId),
    index('market_assignments_vendor_idx').on(t.vendorId),
    index('market_assignments_slot_idx').on(t.slotId),
  ],
);

/** A check-in or no-show as the device recorded it; its id is the client's, so a retried one records once. */
export const marketCheckIns = pgTable(
  'market_check_ins',
  {
    id: uuid('id').primaryKey(),
    orgId: orgId(),
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => marketAssignments.id, { onDelete: 'cascade' }),
    action: text('action', { enum: CHECK_IN_ACTIONS }).notNull(),
    /** Set when a manager checked in despite a refusal (unpaid, document expired, not assigned). */
    overrideReason: text('override_reason'),
    /** When the device recorded it (it may have been offline). */
    recordedAt: ts('recorded_at').notNull(),
    recordedBy: actor('recorded_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('market_check_ins_assignment_idx').on(t.assignmentId)],
);

/** A freed slot offered to the next vendor of the waitlist; the offer job expires it and moves on. */
export const marketWaitlistOffers = pgTable(
  'market_waitlist_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgId(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => marketDayRequests.id, { onDelete: 'cascade' }),
    marketDayId: uuid('market_day_id')
      .notNull()
      .references(() => marketDays.id, { onDelete: 'cascade' }),
    slotId: uuid('slot_id')
      .notNull()
      .references(() => marketSlots.id, { onDelete: 'cascade' }),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    status: text('status', { enum: WAITLIST_OFFER_STATUSES }).notNull().default('offered'),
    expiresAt: ts('expires_at').notNull(),
    sentAt: ts('sent_at'),
    respondedAt: ts('responded_at'),
    createdBy: actor('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('market_waitlist_offers_open_slot_key')
      .on(t.marketDayId, t.slotId)
      .where(sql`${t.status} = 'offered'`),
    index('market_waitlist_offers_due_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'offered'`),
  ],
);
