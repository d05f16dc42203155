import { z } from 'zod';
import { concurrencyShape } from '../common/concurrency.js';
import { keysetPageSchema, keysetQueryShape } from '../common/paging.js';
import { SKU_PATTERN } from '../products/constants.js';
import {
  BARCODE_PATTERN,
  MAX_BULK_VARIANTS,
  MAX_VARIANT_AXES,
  MAX_VARIANT_PRICE_MINOR,
  MAX_VARIANT_STOCK,
  MAX_VARIANT_WEIGHT_GRAMS,
} from './constants.js';

export * from './constants.js';

const uuid = z.uuid();
export const variantSkuSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(100, 'at most 100 characters')
  .regex(SKU_PATTERN, 'letters, digits, _ . / - only, starting with a letter or digit');
/** Digits only: EAN-8, UPC-A (12) or EAN-13; the check digit is checked by the server. */
export const barcodeSchema = z.string().trim().regex(BARCODE_PATTERN, 'must be 8 (EAN-8), 12 (UPC-A) or 13 (EAN-13) digits');
export const priceOverrideSchema = z
  .number('must be a number')
  .int('must be a whole number of minor units (cents)')
  .min(0, 'must be 0 or more')
  .max(MAX_VARIANT_PRICE_MINOR, 'is too large');
export const stockQuantitySchema = z
  .number('must be a number')
  .int('must be a whole number')
  .min(0, 'must be 0 or more')
  .max(MAX_VARIANT_STOCK, 'is too large');
export const weightGramsSchema = z
  .number('must be a number')
  .int('must be a whole number of grams')
  .min(0, 'must be 0 or more')
  .max(MAX_VARIANT_WEIGHT_GRAMS, 'is too large');
const optionCode = z.string().trim().min(1, 'is required').max(64, 'at most 64 characters');

/** The check digit a GTIN (EAN-8, UPC-A, EAN-13) of these digits should end with. */
export function gtinCheckDigit(digitsWithoutCheck: string): number {
  let sum = 0;
  const n = digitsWithoutCheck.length;
  for (let i = 0; i < n; i++) {
    // Weights 3,1,3,1... from the rightmost digit before the check digit.
    const d = digitsWithoutCheck.charCodeAt(n - 1 - i) - 48;
    sum += i % 2 === 0 ? d * 3 : d;
  }
  return (10 - (sum % 10)) % 10;
}

/** null when the barcode's check digit is right, otherwise the digit it should have. */
export function barcodeCheckDigitError(barcode: string): number | null {
  const expected = gtinCheckDigit(barcode.slice(0, -1));
  return Number(barcode.at(-1)) === expected ? null : expected;
}

// ---- responses ----
export const variantAxisValueSchema = z.object({
  attributeId: uuid,
  attributeCode: z.string(),
  attributeNameEn: z.string(),
  attributeNameAr: z.string(),
  optionCode: z.string(),
  labelEn: z.string(),
  labelAr: z.string(),
});
export type VariantAxisValue = z.infer<typeof variantAxisValueSchema>;

export const variantSchema = z.object({
  id: uuid,
  productId: uuid,
  sku: z.string(),
  barcode: z.string().nullable(),
  /** Option code by axis attribute id. */
  axisValues: z.record(z.string(), z.string()),
  /** The axis values with their labels, in the product's axis order. */
  axes: z.array(variantAxisValueSchema),
  priceOverrideMinor: z.number().int().nullable(),
  stockQuantity: z.number().int(),
  weightGrams: z.number().int().nullable(),
  position: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Variant = z.infer<typeof variantSchema>;

export const variantGridRowSchema = variantSchema.extend({
  product: z.object({ id: uuid, sku: z.string(), nameEn: z.string(), nameAr: z.string(), priceMinor: z.number().int() }),
});
export type VariantGridRow = z.infer<typeof variantGridRowSchema>;

export const variantGridPageSchema = keysetPageSchema(variantGridRowSchema);
export type VariantGridPage = z.infer<typeof variantGridPageSchema>;

export const variantGenerateResultSchema = z.object({
  created: z.number().int(),
  skipped: z.number().int(),
  /** The product's axes after the generation. */
  variantAxes: z.array(uuid),
  items: z.array(variantSchema),
});
export type VariantGenerateResult = z.infer<typeof variantGenerateResultSchema>;
export const variantBulkResultSchema = z.object({ updated: z.number().int(), items: z.array(variantSchema) });

// ---- queries ----
export const variantGridQuery = z
  .object({
    /** Part of the variant SKU or barcode, or of the product's SKU or English or Arabic name. */
    q: z.string().trim().max(200, 'at most 200 characters').optional(),
    productId: z.uuid('must be a product id').optional(),
    ...keysetQueryShape,
  })
  .strict();
export type VariantGridQuery = z.infer<typeof variantGridQuery>;

// ---- writes ----
export const variantGenerateSchema = z
  .object({
    /** Single-select attributes of the product's family, in order (1 to 3). */
    axes: z.array(uuid).min(1, 'choose at least one axis').max(MAX_VARIANT_AXES, `at most ${MAX_VARIANT_AXES} axes`),
    /** The option codes to combine, per axis attribute id. */
    values: z
      .record(
        z.uuid('must be an axis attribute id'),
        z.array(optionCode).min(1, 'choose at least one value').max(200, 'at most 200 values'),
      )
      .refine((r) => Object.keys(r).length <= MAX_VARIANT_AXES, `at most ${MAX_VARIANT_AXES} axes`),
  })
  .strict();
export type VariantGenerate = z.infer<typeof variantGenerateSchema>;

const editableFields = {
  barcode: barcodeSchema.nullable().optional(),
  priceOverrideMinor: priceOverrideSchema.nullable().optional(),
  stockQuantity: stockQuantitySchema.optional(),
  weightGrams: weightGramsSchema.nullable().optional(),
};
export const variantCreateSchema = z
  .object({
    /** An option code for every axis of the product (the axes are set from these when the product has none). */
    axisValues: z
      .array(z.object({ attributeId: uuid, optionCode }).strict())
      .min(1, 'needs a value for each axis')
      .max(MAX_VARIANT_AXES, `at most ${MAX_VARIANT_AXES} axes`),
    /** Generated from the product SKU and the option codes when left out. */
    sku: variantSkuSchema.optional(),
    ...editableFields,
  })
  .strict();
export type VariantCreate = z.infer<typeof variantCreateSchema>;
export const variantUpdateSchema = z.object({ sku: variantSkuSchema.optional(), ...editableFields, ...concurrencyShape }).strict();
export type VariantUpdate = z.infer<typeof variantUpdateSchema>;
export const variantBulkItemSchema = z.object({ id: uuid, ...editableFields }).strict();
export type VariantBulkItem = z.infer<typeof variantBulkItemSchema>;
export const variantBulkSchema = z
  .object({
    items: z
      .array(variantBulkItemSchema)
      .min(1, 'change at least one variant')
      .max(MAX_BULK_VARIANTS, `at most ${MAX_BULK_VARIANTS} variants at once`),
  })
  .strict();
export type VariantBulk = z.infer<typeof variantBulkSchema>;
