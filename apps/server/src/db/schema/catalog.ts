import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { organizations } from './platform.js';
import { ATTRIBUTE_TYPES, UNIT_KINDS } from '@market/contracts/plain';
// The value lists are the contract's (one source for the database, the API and the forms).
export { ATTRIBUTE_TYPES, UNIT_KINDS };

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const orgId = () =>
  uuid('org_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });
const stamps = () => ({ createdAt: ts('created_at').notNull().defaultNow(), updatedAt: ts('updated_at').notNull().defaultNow() });

/** The catalogue's category tree (not the market categories): a parent and a position among its siblings. */
export const catalogCategories = pgTable(
  'catalog_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgId(),
    parentId: uuid('parent_id').references((): AnyPgColumn => catalogCategories.id, { onDelete: 'restrict' }),
    code: text('code').notNull(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    descriptionEn: text('description_en'),
    descriptionAr: text('description_ar'),
    position: integer('position').notNull().default(0),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('catalog_categories_org_code_key').on(t.orgId, sql`lower(${t.code})`),
    index('catalog_categories_parent_idx').on(t.orgId, t.parentId, t.position),
  ],
);

export const brands = pgTable(
  'brands',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgId(),
    code: text('code').notNull(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    descriptionEn: text('description_en'),
    descriptionAr: text('description_ar'),
    website: text('website'),
    isActive: boolean('is_active').notNull().default(true),
    ...stamps(),
  },
  (t) => [uniqueIndex('brands_org_code_key').on(t.orgId, sql`lower(${t.code})`)],
);

export const units = pgTable(
  'units',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgId(),
    code: text('code').notNull(),
    kind: text('kind', { enum: UNIT_KINDS }).notNull(),
    symbol: text('symbol').notNull(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    ...stamps(),
  },
  (t) => [uniqueIndex('units_org_code_key').on(t.orgId, sql`lower(${t.code})`)],
);

export const taxClasses = pgTable(
  'tax_classes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgId(),
    code: text('code').notNull(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    ...stamps(),
  },
  (t) => [uniqueIndex('tax_classes_org_code_key').on(t.orgId, sql`lower(${t.code})`)],
);

/** A rate of a tax class, in basis points (500 = 5%), optionally for one country. */
export const taxRates = pgTable(
  'tax_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgId(),
    taxClassId: uuid('tax_class_id')
      .notNull()
      .references(() => taxClasses.id, { onDelete: 'cascade' }),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    rateBasisPoints: integer('rate_basis_points').notNull(),
    country: text('country'),
    ...stamps(),
  },
  (t) => [index('tax_rates_class_idx').on(t.taxClassId), check('tax_rates_rate_range', sql`${t.rateBasisPoints} between 0 and 10000`)],
);

/** Currencies the organization prices in; ISO 4217 code, minor-unit digits, rate against the base currency. */
export const currencies = pgTable(
  'currencies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgId(),
    code: text('code').notNull(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    symbol: text('symbol').notNull(),
    minorDigits: integer('minor_digits').notNull().default(2),
    /** Units of this currency per one unit of the base currency, times 1,000,000 (integer). */
    rateMicros: integer('rate_micros').notNull().default(1_000_000),
    isBase: boolean('is_base').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('currencies_org_code_key').on(t.orgId, t.code),
    check('currencies_minor_digits_range', sql`${t.minorDigits} between 0 and 4`),
  ],
);

/** A typed product attribute; `validation` holds the rules of its type (required, min, max, pattern, ...). */
export const attributes = pgTable(
  'attributes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgId(),
    code: text('code').notNull(),
    type: text('type', { enum: ATTRIBUTE_TYPES }).notNull(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    /** One value per language (en/ar) instead of one value. */
    localizable: boolean('localizable').notNull().default(false),
    /** Measurement attributes: the unit values are given in. */
    unitId: uuid('unit_id').references(() => units.id, { onDelete: 'restrict' }),
    validation: jsonb('validation').$type<Record<string, unknown>>().notNull().default({}),
    position: integer('position').notNull().default(0),
    ...stamps(),
  },
  (t) => [uniqueIndex('attributes_org_code_key').on(t.orgId, sql`lower(${t.code})`)],
);

export const attributeOptions = pgTable(
  'attribute_options',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgId(),
    attributeId: uuid('attribute_id')
      .notNull()
      .references(() => attributes.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    labelEn: text('label_en').notNull(),
    labelAr: text('label_ar').notNull(),
    position: integer('position').notNull().default(0),
    ...stamps(),
  },
  (t) => [uniqueIndex('attribute_options_attribute_code_key').on(t.attributeId, sql`lower(${t.code})`)],
);

export const attributeFamilies = pgTable(
  'attribute_families',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgId(),
    code: text('code').notNull(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    ...stamps(),
  },
  (t) => [uniqueIndex('attribute_families_org_code_key').on(t.orgId, sql`lower(${t.code})`)],
);

/** Which attributes a family has, in which order, and which of them a product must fill. */
export const attributeFamilyAttributes = pgTable(
  'attribute_family_attributes',
  {
    orgId: orgId(),
    familyId: uuid('family_id')
      .notNull()
      .references(() => attributeFamilies.id, { onDelete: 'cascade' }),
    attributeId: uuid('attribute_id')
      .notNull()
      .references(() => attributes.id, { onDelete: 'restrict' }),
    required: boolean('required').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.familyId, t.attributeId] }), index('attribute_family_attributes_attribute_idx').on(t.attributeId)],
);
