import { z } from 'zod';
import { concurrencyShape } from '../common/concurrency.js';
import { MAX_SLOTS_PER_BATCH, SLOT_POWER, SLOT_STATUSES } from './constants.js';

export * from './constants.js';

const uuid = z.uuid();
const bool = z.enum(['true', 'false'], 'must be true or false');
export const slotCode = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(20, 'at most 20 characters')
  .regex(
    /^[A-Za-z0-9\u0621-\u064A\u0660-\u0669][A-Za-z0-9\u0621-\u064A\u0660-\u0669._-]*$/,
    'may hold letters, digits, dots, dashes and underscores, starting with a letter or digit',
  );
const zone = z.string().trim().max(50, 'at most 50 characters');
/** Metres with centimetre precision (rounded by the server). */
const size = z.number('must be a number of metres').min(0.5, 'must be at least 0.5 m').max(100, 'must be at most 100 m');
const fee = z
  .number()
  .int('must be a whole number of minor units')
  .min(0, 'must be 0 or more')
  .max(1_000_000_000, 'must be at most 1000000000');
/** Position on the plan in metres; the server checks it against the location's plan size. */
const coordinate = z.number('must be a number of metres').min(0, 'must be 0 or more').max(10_000, 'must be at most 10000 m');
const rotation = z.number().int('must be a whole number of degrees').min(0, 'must be 0 to 359').max(359, 'must be 0 to 359');

export const slotSchema = z.object({
  id: uuid,
  locationId: uuid,
  code: z.string(),
  zone: z.string(),
  widthM: z.number(),
  depthM: z.number(),
  power: z.enum(SLOT_POWER),
  hasWater: z.boolean(),
  hasShade: z.boolean(),
  isCorner: z.boolean(),
  feePerDay: z.number().int(),
  feePerSeason: z.number().int(),
  status: z.enum(SLOT_STATUSES),
  categoryId: uuid.nullable(),
  planX: z.number().nullable(),
  planY: z.number().nullable(),
  planRotation: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Slot = z.infer<typeof slotSchema>;

/** What a slot offers and costs; a single slot and a generated run take the same. */
const slotTermsShape = {
  power: z.enum(SLOT_POWER, 'must be none, single_phase or three_phase').optional(),
  hasWater: z.boolean().optional(),
  hasShade: z.boolean().optional(),
  isCorner: z.boolean().optional(),
  feePerDay: fee.optional(),
  feePerSeason: fee.optional(),
  status: z.enum(SLOT_STATUSES, 'must be open or blocked').optional(),
  categoryId: uuid.nullable().optional(),
};

const slotFields = {
  code: slotCode,
  zone: zone.optional(),
  widthM: size.optional(),
  depthM: size.optional(),
  ...slotTermsShape,
  planX: coordinate.nullable().optional(),
  planY: coordinate.nullable().optional(),
  planRotation: rotation.optional(),
};

export const slotCreateSchema = z.object({ locationId: uuid, ...slotFields }).strict();
export type SlotCreate = z.infer<typeof slotCreateSchema>;
export const slotUpdateSchema = z.object(slotFields).partial().extend(concurrencyShape).strict();
export type SlotUpdate = z.infer<typeof slotUpdateSchema>;

export const slotListQuery = z
  .object({
    locationId: uuid.optional(),
    zone: zone.optional(),
    status: z.enum(SLOT_STATUSES, 'must be open or blocked').optional(),
    categoryId: uuid.optional(),
    power: z.enum(['none', 'single_phase', 'three_phase', 'any'], 'must be none, single_phase, three_phase or any').optional(),
    water: bool.optional(),
    shade: bool.optional(),
    corner: bool.optional(),
  })
  .strict();
export type SlotListQuery = z.infer<typeof slotListQuery>;

export const slotPositionSchema = z
  .object({ id: uuid, planX: coordinate, planY: coordinate, planRotation: rotation, widthM: size.optional(), depthM: size.optional() })
  .strict();
export type SlotPosition = z.infer<typeof slotPositionSchema>;
export const slotPositionsSchema = z
  .object({
    positions: z
      .array(slotPositionSchema)
      .min(1, 'needs at least one slot')
      .max(MAX_SLOTS_PER_BATCH, `at most ${MAX_SLOTS_PER_BATCH} slots at once`),
  })
  .strict();

export const generatorLayoutSchema = z
  .object({
    startX: coordinate,
    startY: coordinate,
    direction: z.enum(['row', 'column'], 'must be row or column'),
    gapM: z.number('must be a number of metres').min(0, 'must be 0 or more').max(100, 'must be at most 100 m'),
  })
  .strict();
export type GeneratorLayout = z.infer<typeof generatorLayoutSchema>;

const runNumber = z.number().int('must be a whole number').min(0, 'must be 0 or more').max(999_999, 'must be at most 999999');
export const slotGenerateSchema = z
  .object({
    locationId: uuid,
    prefix: z
      .string()
      .trim()
      .max(10, 'at most 10 characters')
      .regex(
        /^([A-Za-z0-9\u0621-\u064A\u0660-\u0669][A-Za-z0-9\u0621-\u064A\u0660-\u0669._-]*)?$/,
        'may hold letters, digits, dots, dashes and underscores, starting with a letter or digit',
      ),
    from: runNumber,
    to: runNumber,
    zone: zone.optional(),
    widthM: size,
    depthM: size,
    ...slotTermsShape,
    layout: generatorLayoutSchema,
  })
  .strict();
export type SlotGenerate = z.infer<typeof slotGenerateSchema>;

/** What the slot pages need besides the slots: the currency of the fees and the zones in use. */
export const slotOptionsSchema = z.object({ currency: z.string(), zones: z.array(z.string()) });
export const slotOptionsQuery = z.object({ locationId: uuid.optional() }).strict();
