import { z } from 'zod';
import { concurrencyShape } from '../common/concurrency.js';
import { LOCATION_AMENITIES, LOCATION_STATUS_VALUES, PLAN_MAX_M, PLAN_MIN_M } from './constants.js';

export * from './constants.js';

const uuid = z.uuid();
const text = (max: number) => z.string().trim().max(max, `at most ${max} characters`);
const name = text(200).min(1, 'is required');
const description = text(4000).nullable();
const planSide = z.number().min(PLAN_MIN_M, `at least ${PLAN_MIN_M} metres`).max(PLAN_MAX_M, `at most ${PLAN_MAX_M} metres`);
/** A storage object path inside the organization's public bucket: segments without leading dots, so no "..". */
export const planImagePath = z
  .string()
  .max(512, 'at most 512 characters')
  .regex(/^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/, 'must be a storage object path such as plans/site.png');

/** Everything a location holds but its names, each optional both when creating and when updating. */
const optionalFields = {
  address: text(500).optional(),
  latitude: z.number().min(-90, 'must be between -90 and 90').max(90, 'must be between -90 and 90').nullable().optional(),
  longitude: z.number().min(-180, 'must be between -180 and 180').max(180, 'must be between -180 and 180').nullable().optional(),
  descriptionEn: description.optional(),
  descriptionAr: description.optional(),
  amenities: z
    .array(z.enum(LOCATION_AMENITIES))
    .max(LOCATION_AMENITIES.length, `at most ${LOCATION_AMENITIES.length} amenities`)
    .optional(),
  isPublic: z.boolean().optional(),
  status: z.enum(LOCATION_STATUS_VALUES).optional(),
  planWidthM: planSide.optional(),
  planDepthM: planSide.optional(),
  planImagePath: planImagePath.nullable().optional(),
};

type Coordinates = { latitude?: number | null; longitude?: number | null };

/** A point needs both coordinates: one without the other cannot be placed on the map. */
function bothOrNeither(v: Coordinates, ctx: z.RefinementCtx, requireBothKeys: boolean): void {
  const hasLat = v.latitude !== undefined && v.latitude !== null;
  const hasLng = v.longitude !== undefined && v.longitude !== null;
  if (requireBothKeys && (v.latitude === undefined) !== (v.longitude === undefined)) {
    const missing = v.latitude === undefined ? 'latitude' : 'longitude';
    ctx.addIssue({ code: 'custom', path: [missing], message: 'must be sent together with the other coordinate' });
    return;
  }
  if (hasLat !== hasLng) {
    const missing = hasLat ? 'longitude' : 'latitude';
    ctx.addIssue({ code: 'custom', path: [missing], message: 'is required when the other coordinate is given' });
  }
}

export const locationCreateSchema = z
  .object({
    nameEn: name,
    nameAr: name,
    ...optionalFields,
  })
  .strict()
  .superRefine((v, ctx) => bothOrNeither(v, ctx, false));

export const locationUpdateSchema = z
  .object({
    nameEn: name.optional(),
    nameAr: name.optional(),
    ...optionalFields,
    ...concurrencyShape,
  })
  .strict()
  .superRefine((v, ctx) => bothOrNeither(v, ctx, true));

export const locationListQuery = z
  .object({
    status: z.enum(LOCATION_STATUS_VALUES).optional(),
    q: z.string().trim().max(200, 'at most 200 characters').optional(),
  })
  .strict();

const time = z.string();
const day = z.string();

export const locationNextDaySchema = z.object({
  id: uuid,
  date: day,
  openTime: time,
  closeTime: time,
  status: z.enum(['draft', 'published', 'completed', 'cancelled']),
});

/** A location as a place (names, address, point, description, amenities): the staff and the public answers share it. */
export const locationPlaceShape = {
  id: uuid,
  nameEn: z.string(),
  nameAr: z.string(),
  address: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  descriptionEn: z.string().nullable(),
  descriptionAr: z.string().nullable(),
  amenities: z.array(z.enum(LOCATION_AMENITIES)),
};

export const locationSchema = z.object({
  ...locationPlaceShape,
  isPublic: z.boolean(),
  status: z.enum(LOCATION_STATUS_VALUES),
  planWidthM: z.number(),
  planDepthM: z.number(),
  planImagePath: z.string().nullable(),
  /** Public URL of the plan background (relative to the site), for previews. */
  planImageUrl: z.string().nullable(),
  slotCount: z.number().int(),
  marketDayCount: z.number().int(),
  /** The next day that is not cancelled, from today on. */
  nextMarketDay: locationNextDaySchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const locationPlanSlotSchema = z.object({
  id: uuid,
  code: z.string(),
  zone: z.string(),
  widthM: z.number(),
  depthM: z.number(),
  planX: z.number().nullable(),
  planY: z.number().nullable(),
  planRotation: z.number().int(),
  status: z.enum(['open', 'blocked']),
  categoryId: uuid.nullable(),
});

export const locationPlanCategorySchema = z.object({ id: uuid, nameEn: z.string(), nameAr: z.string(), colour: z.string() });

export const locationDetailSchema = locationSchema.extend({
  slots: z.array(locationPlanSlotSchema),
  /** The categories the slots point to, to colour the plan. */
  categories: z.array(locationPlanCategorySchema),
});
