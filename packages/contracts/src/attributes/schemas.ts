import { z } from 'zod';
import { concurrencyShape } from '../common/concurrency.js';
import { ATTRIBUTE_TYPES, MAX_FAMILY_ATTRIBUTES, MAX_OPTIONS, type AttributeType } from './constants.js';

export * from './constants.js';

const uuid = z.uuid();
const code = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(64, 'at most 64 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, 'letters, digits, _ . - only, starting with a letter or digit');
const name = z.string().trim().min(1, 'is required').max(120, 'at most 120 characters');
const count = z.number().int('must be a whole number').min(0, 'must be 0 or more').max(1_000_000, 'at most 1000000');
const bound = z.number().finite('must be a number').min(-1e12, 'too small').max(1e12, 'too large');
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date such as 2026-05-31')
  .refine((s) => !Number.isNaN(Date.parse(s)), 'is not a real date');

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

/** min must not exceed max; the issue sits on `max` so the form can point at it. */
function ordered<T extends { [k: string]: unknown }>(lo: keyof T & string, hi: keyof T & string) {
  return (v: T, ctx: z.RefinementCtx) => {
    const a = v[lo];
    const b = v[hi];
    if (a !== undefined && b !== undefined && (a as number | string) > (b as number | string)) {
      ctx.addIssue({ code: 'custom', path: [hi], message: `must not be less than ${lo}` });
    }
  };
}

const textRules = z
  .object({
    minLength: count.optional(),
    maxLength: count.optional(),
    pattern: z
      .string()
      .min(1, 'is required')
      .max(500, 'at most 500 characters')
      .refine(compiles, 'is not a valid regular expression')
      .optional(),
  })
  .strict()
  .superRefine(ordered('minLength', 'maxLength'));
const numberRules = z
  .object({
    min: bound.optional(),
    max: bound.optional(),
    decimals: z.number().int('must be a whole number').min(0, 'must be 0 or more').max(6, 'at most 6').optional(),
  })
  .strict()
  .superRefine(ordered('min', 'max'));
const dateRules = z.object({ min: isoDate.optional(), max: isoDate.optional() }).strict().superRefine(ordered('min', 'max'));
const choiceRules = z
  .object({ minChoices: count.optional(), maxChoices: count.optional() })
  .strict()
  .superRefine(ordered('minChoices', 'maxChoices'));
const noRules = z.object({}).strict();

/** The validation rules each attribute type accepts; any other key is refused. */
export const attributeValidationSchemas = {
  text: textRules,
  long_text: textRules,
  number: numberRules,
  price: numberRules,
  measurement: numberRules,
  date: dateRules,
  multi_select: choiceRules,
  boolean: noRules,
  single_select: noRules,
  media: noRules,
} as const satisfies Record<AttributeType, z.ZodType>;

/** Every rule any type knows, all optional: the shape stored and answered. */
export const attributeValidationSchema = z.object({
  minLength: z.number().optional(),
  maxLength: z.number().optional(),
  pattern: z.string().optional(),
  min: z.union([z.number(), z.string()]).optional(),
  max: z.union([z.number(), z.string()]).optional(),
  decimals: z.number().optional(),
  minChoices: z.number().optional(),
  maxChoices: z.number().optional(),
});
export type AttributeValidation = z.infer<typeof attributeValidationSchema>;

export const attributeOptionInput = z.object({ id: uuid.optional(), code, labelEn: name, labelAr: name }).strict();
export type AttributeOptionInput = z.infer<typeof attributeOptionInput>;
const optionList = z.array(attributeOptionInput).max(MAX_OPTIONS, `at most ${MAX_OPTIONS} options`);

export const attributeOptionSchema = z.object({
  id: uuid,
  code: z.string(),
  labelEn: z.string(),
  labelAr: z.string(),
  position: z.number().int(),
});

export const attributeSchema = z.object({
  id: uuid,
  code: z.string(),
  type: z.enum(ATTRIBUTE_TYPES),
  nameEn: z.string(),
  nameAr: z.string(),
  localizable: z.boolean(),
  unitId: uuid.nullable(),
  unit: z.object({ id: uuid, code: z.string(), symbol: z.string() }).nullable(),
  validation: attributeValidationSchema,
  options: z.array(attributeOptionSchema),
  /** Families that include the attribute, and those of them that make it required. */
  familyCount: z.number().int(),
  requiredFamilyCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Attribute = z.infer<typeof attributeSchema>;

const base = { code, nameEn: name, nameAr: name };
const localizable = z.boolean().optional();
/** One variant per type: keys a type does not use (options, unitId, localizable) are refused by `.strict()`. */
export const attributeCreateSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ ...base, type: z.literal('text'), localizable, validation: textRules.optional() }).strict(),
    z.object({ ...base, type: z.literal('long_text'), localizable, validation: textRules.optional() }).strict(),
    z.object({ ...base, type: z.literal('number'), validation: numberRules.optional() }).strict(),
    z.object({ ...base, type: z.literal('price'), validation: numberRules.optional() }).strict(),
    z.object({ ...base, type: z.literal('measurement'), unitId: uuid, validation: numberRules.optional() }).strict(),
    z.object({ ...base, type: z.literal('date'), validation: dateRules.optional() }).strict(),
    z.object({ ...base, type: z.literal('boolean'), validation: noRules.optional() }).strict(),
    z.object({ ...base, type: z.literal('media'), validation: noRules.optional() }).strict(),
    z.object({ ...base, type: z.literal('single_select'), options: optionList, validation: noRules.optional() }).strict(),
    z.object({ ...base, type: z.literal('multi_select'), options: optionList, validation: choiceRules.optional() }).strict(),
  ],
  { error: `must be one of ${ATTRIBUTE_TYPES.join(', ')}` },
);
export type AttributeCreate = z.infer<typeof attributeCreateSchema>;

/**
 * The type is fixed once created, so the rules of the stored type decide which keys are allowed; the
 * server checks `validation`, `options`, `unitId` and `localizable` against it (422 naming the field).
 */
export const attributeUpdateSchema = z
  .object({
    code: code.optional(),
    nameEn: name.optional(),
    nameAr: name.optional(),
    type: z.enum(ATTRIBUTE_TYPES, `must be one of ${ATTRIBUTE_TYPES.join(', ')}`).optional(),
    localizable,
    unitId: uuid.nullable().optional(),
    validation: z.record(z.string(), z.unknown()).optional(),
    options: optionList.optional(),
    ...concurrencyShape,
  })
  .strict();
export type AttributeUpdate = z.infer<typeof attributeUpdateSchema>;

export const familyAttributeInput = z.object({ attributeId: uuid, required: z.boolean() }).strict();
export const attributeFamilySchema = z.object({
  id: uuid,
  code: z.string(),
  nameEn: z.string(),
  nameAr: z.string(),
  attributes: z.array(
    z.object({
      attributeId: uuid,
      code: z.string(),
      nameEn: z.string(),
      nameAr: z.string(),
      type: z.enum(ATTRIBUTE_TYPES),
      required: z.boolean(),
      position: z.number().int(),
    }),
  ),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AttributeFamily = z.infer<typeof attributeFamilySchema>;

const familyAttributes = z.array(familyAttributeInput).max(MAX_FAMILY_ATTRIBUTES, `at most ${MAX_FAMILY_ATTRIBUTES} attributes`);
export const attributeFamilyCreateSchema = z.object({ ...base, attributes: familyAttributes.optional() }).strict();
export type AttributeFamilyCreate = z.infer<typeof attributeFamilyCreateSchema>;
export const attributeFamilyUpdateSchema = attributeFamilyCreateSchema.partial().extend(concurrencyShape).strict();
export type AttributeFamilyUpdate = z.infer<typeof attributeFamilyUpdateSchema>;
