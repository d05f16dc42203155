import { z } from 'zod';
import { concurrencyShape } from '../common/concurrency.js';
import { MAX_RATE_MICROS, UNIT_KINDS } from './constants.js';

export * from './constants.js';

const uuid = z.uuid();
const code = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(50, 'at most 50 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, 'use letters, digits, "-", "_" or "." (starting with a letter or digit)');
const name = z.string().trim().min(1, 'is required').max(200, 'at most 200 characters');
const description = z.string().trim().max(2000, 'at most 2000 characters').nullable();
const stamps = { createdAt: z.string(), updatedAt: z.string() };

// Category tree: flat rows, the client builds the tree from parentId + position.
export const catalogCategorySchema = z.object({
  id: uuid,
  parentId: uuid.nullable(),
  code: z.string(),
  nameEn: z.string(),
  nameAr: z.string(),
  descriptionEn: z.string().nullable(),
  descriptionAr: z.string().nullable(),
  position: z.number().int(),
  ...stamps,
});
export type CatalogCategory = z.infer<typeof catalogCategorySchema>;

const categoryFields = { code, nameEn: name, nameAr: name, descriptionEn: description.optional(), descriptionAr: description.optional() };
/** A new category goes last among its siblings. */
export const catalogCategoryCreateSchema = z.object({ ...categoryFields, parentId: uuid.nullable().optional() }).strict();
export type CatalogCategoryCreate = z.infer<typeof catalogCategoryCreateSchema>;
/** Parent and position change only through the move route, which keeps siblings in order. */
export const catalogCategoryUpdateSchema = z.object(categoryFields).partial().extend(concurrencyShape).strict();
export type CatalogCategoryUpdate = z.infer<typeof catalogCategoryUpdateSchema>;
export const catalogCategoryMoveSchema = z
  .object({
    parentId: uuid.nullable(),
    position: z.number().int('must be a whole number').min(0, 'must be 0 or more').max(100000, 'at most 100000'),
  })
  .strict();
export type CatalogCategoryMove = z.infer<typeof catalogCategoryMoveSchema>;

export const brandSchema = z.object({
  id: uuid,
  code: z.string(),
  nameEn: z.string(),
  nameAr: z.string(),
  descriptionEn: z.string().nullable(),
  descriptionAr: z.string().nullable(),
  website: z.string().nullable(),
  isActive: z.boolean(),
  ...stamps,
});
export type Brand = z.infer<typeof brandSchema>;
export const brandCreateSchema = z
  .object({
    ...categoryFields,
    website: z
      .string()
      .trim()
      .max(500, 'at most 500 characters')
      .regex(/^(https?:\/\/[^\s/$.?#][^\s]*)?$/i, 'must be a web address starting with http:// or https://')
      .nullable()
      .optional(),
    isActive: z.boolean().optional(),
  })
  .strict();
export type BrandCreate = z.infer<typeof brandCreateSchema>;
export const brandUpdateSchema = brandCreateSchema.partial().extend(concurrencyShape).strict();
export type BrandUpdate = z.infer<typeof brandUpdateSchema>;

export const unitSchema = z.object({
  id: uuid,
  code: z.string(),
  kind: z.enum(UNIT_KINDS),
  symbol: z.string(),
  nameEn: z.string(),
  nameAr: z.string(),
  ...stamps,
});
export type Unit = z.infer<typeof unitSchema>;
export const unitCreateSchema = z
  .object({
    code,
    kind: z.enum(UNIT_KINDS, `must be one of ${UNIT_KINDS.join(', ')}`),
    symbol: z.string().trim().min(1, 'is required').max(20, 'at most 20 characters'),
    nameEn: name,
    nameAr: name,
  })
  .strict();
export type UnitCreate = z.infer<typeof unitCreateSchema>;
export const unitUpdateSchema = unitCreateSchema.partial().extend(concurrencyShape).strict();
export type UnitUpdate = z.infer<typeof unitUpdateSchema>;

export const taxRateSchema = z.object({
  id: uuid,
  taxClassId: uuid,
  nameEn: z.string(),
  nameAr: z.string(),
  /** 500 = 5%. */
  rateBasisPoints: z.number().int(),
  country: z.string().nullable(),
  ...stamps,
});
export type TaxRate = z.infer<typeof taxRateSchema>;
export const taxRateCreateSchema = z
  .object({
    nameEn: name,
    nameAr: name,
    rateBasisPoints: z
      .number()
      .int('must be a whole number of basis points')
      .min(0, 'must be 0 or more')
      .max(10000, 'at most 10000 (100%)'),
    country: z
      .string()
      .trim()
      .regex(/^[A-Z]{2}$/, 'must be a two-letter country code such as AE')
      .nullable()
      .optional(),
  })
  .strict();
export type TaxRateCreate = z.infer<typeof taxRateCreateSchema>;
export const taxRateUpdateSchema = taxRateCreateSchema.partial().extend(concurrencyShape).strict();
export type TaxRateUpdate = z.infer<typeof taxRateUpdateSchema>;

export const taxClassSchema = z.object({
  id: uuid,
  code: z.string(),
  nameEn: z.string(),
  nameAr: z.string(),
  isDefault: z.boolean(),
  rates: z.array(taxRateSchema),
  ...stamps,
});
export type TaxClass = z.infer<typeof taxClassSchema>;
/** Making a class the default takes the flag from the previous default. */
export const taxClassCreateSchema = z.object({ code, nameEn: name, nameAr: name, isDefault: z.boolean().optional() }).strict();
export type TaxClassCreate = z.infer<typeof taxClassCreateSchema>;
export const taxClassUpdateSchema = taxClassCreateSchema.partial().extend(concurrencyShape).strict();
export type TaxClassUpdate = z.infer<typeof taxClassUpdateSchema>;

export const currencySchema = z.object({
  id: uuid,
  code: z.string(),
  nameEn: z.string(),
  nameAr: z.string(),
  symbol: z.string(),
  minorDigits: z.number().int(),
  /** Units of this currency per one unit of the base currency, times 1,000,000. */
  rateMicros: z.number().int(),
  isBase: z.boolean(),
  isActive: z.boolean(),
  ...stamps,
});
export type Currency = z.infer<typeof currencySchema>;
/** The first currency becomes the base; making another the base re-expresses every rate against it. */
export const currencyCreateSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code of three capital letters, such as AED'),
    nameEn: name,
    nameAr: name,
    symbol: z.string().trim().min(1, 'is required').max(10, 'at most 10 characters'),
    minorDigits: z.number().int('must be a whole number').min(0, 'must be 0 or more').max(4, 'at most 4'),
    rateMicros: z
      .number()
      .int('must be a whole number')
      .min(1, 'must be more than 0')
      .max(MAX_RATE_MICROS, `at most ${MAX_RATE_MICROS}`)
      .optional(),
    isBase: z.boolean().optional(),
    isActive: z.boolean().optional(),
  })
  .strict();
export type CurrencyCreate = z.infer<typeof currencyCreateSchema>;
export const currencyUpdateSchema = currencyCreateSchema.partial().extend(concurrencyShape).strict();
export type CurrencyUpdate = z.infer<typeof currencyUpdateSchema>;
