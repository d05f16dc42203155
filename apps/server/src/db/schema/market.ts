import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, numeric, pgTable, primaryKey, text, time, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './platform.js';
import { SLOT_POWER, SLOT_STATUSES } from '@market/contracts/plain';
// The value lists are the contract's (one source for the database, the API and the forms).
export { SLOT_POWER, SLOT_STATUSES };

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const orgId = () =>
  uuid('org_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

export const DOCUMENT_TYPES = ['insurance', 'permit', 'licence', 'id', 'food_hygiene'] as const;
export const AMENITIES = ['parking', 'toilets', 'power', 'water', 'shade', 'step_free'] as const;
export const LOCATION_STATUSES = ['active', 'inactive'] as const;
export const MARKET_DAY_STATUSES = ['draft', 'published', 'completed', 'cancelled'] as const;

/** Kinds of stall holders a market day is planned for (food, crafts, ...), with a target count per day. */
export const marketCategories = pgTable(
  'market_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgId(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    colour: text('colour').notNull().default('#64748b'),
    descriptionEn: text('description_en'),
    descriptionAr: text('description_ar'),
    targetPerDay: integer('target_per_day').notNull().default(0),
    requiredDocumentTypes: text('required_document_types')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('market_categories_org_name_key').on(t.orgId, sql`lower(${t.nameEn})`)],
);

export const marketLocations = pgTable(
  'market_locations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgId(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    address: text('address').notNull().default(''),
    latitude: numeric('latitude', { precision: 9, scale: 6, mode: 'number' }),
    longitude: numeric('longitude', { precision: 9, scale: 6, mode: 'number' }),
    descriptionEn: text('description_en'),
    descriptionAr: text('description_ar'),
    amenities: text('amenities')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isPublic: boolean('is_public').notNull().default(false),
    status: text('status', { enum: LOCATION_STATUSES }).notNull().default('active'),
    /** Site-plan background: a storage object path in the organization's public bucket. */
    planImagePath: text('plan_image_path'),
    /** Size of the plan canvas in metres. */
    planWidthM: numeric('plan_width_m', { precision: 7, scale: 2, mode: 'number' }).notNull().default(60),
    planDepthM: numeric('plan_depth_m', { precision: 7, scale: 2, mode: 'number' }).notNull().default(40),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('market_locations_org_idx').on(t.orgId)],
);

export const marketSlots = pgTable(
  'market_slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgId(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => marketLocations.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    zone: text('zone').notNull().default(''),
    widthM: numeric('width_m', { precision: 6, scale: 2, mode: 'number' }).notNull().default(3),
    depthM: numeric('depth_m', { precision: 6, scale: 2, mode: 'number' }).notNull().default(3),
    power: text('power', { enum: SLOT_POWER }).notNull().default('none'),
    hasWater: boolean('has_water').notNull().default(false),
    hasShade: boolean('has_shade').notNull().default(false),
    isCorner: boolean('is_corner').notNull().default(false),
    /** Integer minor units of the organization's currency. */
    feePerDay: integer('fee_per_day').notNull().default(0),
    feePerSeason: integer('fee_per_season').notNull().default(0),
    status: text('status', { enum: SLOT_STATUSES }).notNull().default('open'),
    /** Category the slot is meant for; drives its colour on the plan. */
    categoryId: uuid('category_id').references(() => marketCategories.id, { onDelete: 'set null' }),
    /** Position of the slot's top-left corner on the plan, in metres, and its rotation in degrees. */
    planX: numeric('plan_x', { precision: 7, scale: 2, mode: 'number' }),
    planY: numeric('plan_y', { precision: 7, scale: 2, mode: 'number' }),
    planRotation: integer('plan_rotation').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('market_slots_location_code_key').on(t.locationId, sql`lower(${t.code})`), index('market_slots_org_idx').on(t.orgId)],
);

/** A recurring rule that generated market days; editing it re-plans its days that were not edited alone. */
export const marketDaySeries = pgTable('market_day_series', {
  id: uuid('id').primaryKey().defaultRandom(),
  orgId: orgId(),
  locationId: uuid('location_id')
    .notNull()
    .references(() => marketLocations.id, { onDelete: 'cascade' }),
  weekday: integer('weekday').notNull(),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  endDate: date('end_date', { mode: 'string' }).notNull(),
  skipDates: date('skip_dates', { mode: 'string' })
    .array()
    .notNull()
    .default(sql`'{}'::date[]`),
  setupTime: time('setup_time').notNull(),
  openTime: time('open_time').notNull(),
  closeTime: time('close_time').notNull(),
  notes: text('notes'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const marketDays = pgTable(
  'market_days',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgId(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => marketLocations.id, { onDelete: 'cascade' }),
    seriesId: uuid('series_id').references(() => marketDaySeries.id, { onDelete: 'set null' }),
    /** True once this day was edited on its own; series edits then leave it alone. */
    detached: boolean('detached').notNull().default(false),
    date: date('date', { mode: 'string' }).notNull(),
    setupTime: time('setup_time').notNull(),
    openTime: time('open_time').notNull(),
    closeTime: time('close_time').notNull(),
    status: text('status', { enum: MARKET_DAY_STATUSES }).notNull().default('draft'),
    cancelReason: text('cancel_reason'),
    applicationOpensAt: ts('application_opens_at'),
    applicationClosesAt: ts('application_closes_at'),
    notes: text('notes'),
    publishedAt: ts('published_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('market_days_org_date_idx').on(t.orgId, t.date), index('market_days_location_date_idx').on(t.locationId, t.date)],
);

/** Vendors planned per category on a market day; defaults from the category's target. */
export const marketDayCapacities = pgTable(
  'market_day_capacities',
  {
    orgId: orgId(),
    marketDayId: uuid('market_day_id')
      .notNull()
      .references(() => marketDays.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => marketCategories.id, { onDelete: 'cascade' }),
    capacity: integer('capacity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.marketDayId, t.categoryId] })],
);
