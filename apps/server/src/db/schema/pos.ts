import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { POS_REGISTER_STATUSES, POS_TENDERS } from '@market/contracts/plain';
import { marketLocations } from './market.js';
import { organizations } from './platform.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** A point-of-sale register: where a cashier sells, the tenders it takes and what its receipts say. */
export const posRegisters = pgTable(
  'pos_registers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    locationId: uuid('location_id').references(() => marketLocations.id, { onDelete: 'set null' }),
    /** Minor units of the organization's currency. */
    openingFloat: bigint('opening_float', { mode: 'number' }).notNull().default(0),
    tenders: text('tenders')
      .array()
      .notNull()
      .default(sql`'{cash}'::text[]`),
    receiptHeaderEn: text('receipt_header_en').notNull().default(''),
    receiptHeaderAr: text('receipt_header_ar').notNull().default(''),
    receiptFooterEn: text('receipt_footer_en').notNull().default(''),
    receiptFooterAr: text('receipt_footer_ar').notNull().default(''),
    status: text('status', { enum: POS_REGISTER_STATUSES }).notNull().default('active'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pos_registers_org_name_key').on(t.orgId, sql`lower(${t.name})`),
    index('pos_registers_location_idx').on(t.locationId),
    check('pos_registers_opening_float', sql`${t.openingFloat} >= 0`),
    check('pos_registers_tenders', sql`cardinality(${t.tenders}) > 0 and ${t.tenders} <@ array[${inList(POS_TENDERS)}]::text[]`),
    check('pos_registers_status', sql`${t.status} in (${inList(POS_REGISTER_STATUSES)})`),
  ],
);
