import { z } from 'zod';
import { concurrencyShape } from '../common/concurrency.js';
import { VENDOR_DOCUMENT_TYPES } from '../vendors/constants.js';

/** Document types a vendor of a category must hold: the vendor document types. */
export const DOCUMENT_TYPES = VENDOR_DOCUMENT_TYPES;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

const uuid = z.uuid();
const name = z.string().trim().min(1, 'is required').max(100, 'at most 100 characters');
const description = z.string().trim().max(2000, 'at most 2000 characters').nullable();

/** How a category presents itself: names, colour and description (staff list and public form alike). */
export const categoryLabelShape = {
  id: uuid,
  nameEn: z.string(),
  nameAr: z.string(),
  colour: z.string(),
  descriptionEn: z.string().nullable(),
  descriptionAr: z.string().nullable(),
};

export const categorySchema = z.object({
  ...categoryLabelShape,
  targetPerDay: z.number().int(),
  requiredDocumentTypes: z.array(z.enum(DOCUMENT_TYPES)),
  isActive: z.boolean(),
  /** Vendors in the category (vendor_categories). */
  vendorCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

export const categoryCreateSchema = z
  .object({
    nameEn: name,
    nameAr: name,
    colour: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour such as #16a34a'),
    descriptionEn: description.optional(),
    descriptionAr: description.optional(),
    targetPerDay: z.number().int('must be a whole number').min(0, 'must be 0 or more').max(10000, 'at most 10000'),
    requiredDocumentTypes: z
      .array(z.enum(DOCUMENT_TYPES, 'must be one of insurance, permit, licence, id, food_hygiene'))
      .max(DOCUMENT_TYPES.length, `at most ${DOCUMENT_TYPES.length} types`)
      .optional(),
    isActive: z.boolean().optional(),
  })
  .strict();
export type CategoryCreate = z.infer<typeof categoryCreateSchema>;

export const categoryUpdateSchema = categoryCreateSchema.partial().extend(concurrencyShape).strict();
export type CategoryUpdate = z.infer<typeof categoryUpdateSchema>;

export const categoryListQuery = z
  .object({ status: z.enum(['active', 'inactive', 'all'], 'must be active, inactive or all').optional() })
  .strict();
