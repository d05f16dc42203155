import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CHANNEL_KINDS } from '@market/contracts/plain';
import { users } from './auth.js';
import { catalogCategories } from './catalog.js';
import { organizations } from './platform.js';
import { products } from './products.js';

// Catalog publishing (decision 021): channels with their requirements and rules, completeness per channel kept
// by the writer's transaction, and numbered immutable snapshots that feeds and registers read.

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const orgId = () =>
  uuid('org_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

export type ChannelRequirement = { familyId: string; attributeIds: string[] };
export type ChannelRulesRow = {
  activeOnly: boolean;
  minCompleteness: number;
  categoryIds: string[];
  brandIds: string[];
  vendorIds: string[];
};
export type ChannelScheduleRow = { productId: string; publishAt: string | null; unpublishAt: string | null };

export const catalogChannels = pgTable(
  'catalog_channels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgId(),
    kind: text('kind', { enum: CHANNEL_KINDS }).notNull(),
    name: text('name').notNull(),
    locales: text('locales').array().notNull(),
    currencies: text('currencies')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    categoryRootId: uuid('category_root_id').references(() => catalogCategories.id, { onDelete: 'set null' }),
    requirements: jsonb('requirements').$type<ChannelRequirement[]>().notNull().default([]),
    rules: jsonb('rules').$type<ChannelRulesRow>().notNull(),
    includeIds: uuid('include_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    excludeIds: uuid('exclude_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    schedules: jsonb('schedules').$type<ChannelScheduleRow[]>().notNull().default([]),
    maxRemovalPercent: smallint('max_removal_percent').notNull().default(20),
    /** How many of the latest snapshots keep their items (decision 021): older ones keep their summary and diff only. */
    keepSnapshots: smallint('keep_snapshots').notNull().default(20),
    /** The shop's address of one product, with {sku} or {id}: each feed item's link (Google requires one). */
    productUrlTemplate: text('product_url_template'),
    /** sha256 of the feed token; null until one is made. */
    feedTokenHash: text('feed_token_hash'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('catalog_channels_org_name_key').on(t.orgId, sql`lower(${t.name})`),
    check('catalog_channels_kind', sql`${t.kind} in ('pos', 'web', 'feed')`),
    check('catalog_channels_removal', sql`${t.maxRemovalPercent} between 0 and 100`),
    check('catalog_channels_keep_snapshots', sql`${t.keepSnapshots} between 2 and 500`),
  ],
);

/** A product's completeness for one channel and locale: recomputed by every write that changes it, in its transaction. */
export const catalogChannelCompleteness = pgTable(
  'catalog_channel_completeness',
  {
    orgId: orgId(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => catalogChannels.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    score: smallint('score').notNull(),
    required: smallint('required').notNull(),
    missing: text('missing')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.productId, t.locale] }), index('catalog_channel_completeness_product_idx').on(t.productId)],
);

/** A published snapshot: immutable (but for letting go of its items past the channel's `keepSnapshots`); a rollback is a new number carrying an earlier snapshot's items. */
export const catalogSnapshots = pgTable(
  'catalog_snapshots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgId(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => catalogChannels.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    locales: text('locales').array().notNull(),
    currencies: text('currencies').array().notNull(),
    itemCount: integer('item_count').notNull(),
    checksum: text('checksum').notNull(),
    /** Against the snapshot numbered one lower: each list in SKU order, at most SNAPSHOT_DIFF_LIST entries; the counts are whole. */
    diff: jsonb('diff')
      .$type<{
        added: { id: string; sku: string }[];
        removed: { id: string; sku: string }[];
        changed: { id: string; sku: string; fields: string[] }[];
      }>()
      .notNull(),
    addedCount: integer('added_count').notNull().default(0),
    removedCount: integer('removed_count').notNull().default(0),
    changedCount: integer('changed_count').notNull().default(0),
    rolledBackFrom: integer('rolled_back_from'),
    /** Written when a product's scheduled date came (the schedule's changes only), not by a person's publish. */
    scheduled: boolean('scheduled').notNull().default(false),
    /** When its items were let go (older than the channel's `keepSnapshots`); null while they are kept. */
    itemsPrunedAt: ts('items_pruned_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('catalog_snapshots_channel_number_key').on(t.channelId, t.number), index('catalog_snapshots_org_idx').on(t.orgId)],
);

/** A snapshot's items, one row per product: feeds, exports and the register read them a page at a time. */
export const catalogSnapshotItems = pgTable(
  'catalog_snapshot_items',
  {
    snapshotId: uuid('snapshot_id')
      .notNull()
      .references(() => catalogSnapshots.id, { onDelete: 'cascade' }),
    orgId: orgId(),
    /** The item's place in feed order (SKU by code point, then id), from 0: a page is a range of positions. */
    position: integer('position').notNull(),
    productId: uuid('product_id').notNull(),
    sku: text('sku').notNull(),
    item: jsonb('item').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.snapshotId, t.position] }),
    uniqueIndex('catalog_snapshot_items_product_key').on(t.snapshotId, t.productId),
    index('catalog_snapshot_items_org_idx').on(t.orgId),
  ],
);
