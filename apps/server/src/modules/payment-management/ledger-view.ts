import { INVOICE_STATES, INVOICE_STATUSES } from '@market/contracts/plain';
import { bigint, date, pgView, text, uuid } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { vendorLedgerEntries } from '../../db/schema/index.js';

/** The view of migration 0016: each invoice's figures, summed from its ledger entries (never stored). */
export const invoiceBalances = pgView('invoice_balances', {
  invoiceId: uuid('invoice_id').notNull(),
  orgId: uuid('org_id').notNull(),
  vendorId: uuid('vendor_id').notNull(),
  assignmentId: uuid('assignment_id'),
  status: text('status', { enum: INVOICE_STATUSES }).notNull(),
  dueDate: date('due_date', { mode: 'string' }),
  charged: bigint('charged', { mode: 'number' }).notNull(),
  paid: bigint('paid', { mode: 'number' }).notNull(),
  refunded: bigint('refunded', { mode: 'number' }).notNull(),
  waived: bigint('waived', { mode: 'number' }).notNull(),
  credited: bigint('credited', { mode: 'number' }).notNull(),
  balance: bigint('balance', { mode: 'number' }).notNull(),
  state: text('state', { enum: INVOICE_STATES }).notNull(),
}).existing();

export type EntryInsert = typeof vendorLedgerEntries.$inferInsert;

/** Appends entries to the vendor ledger (the only write it ever takes). */
export async function appendEntries(db: DbOrTx, entries: EntryInsert[]): Promise<void> {
  if (entries.length) await db.insert(vendorLedgerEntries).values(entries);
}
