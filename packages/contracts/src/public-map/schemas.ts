import { z } from 'zod';
import { locationPlaceShape } from '../market-locations/schemas.js';

/** Caps of the public answer: it is unauthenticated, so its size must not grow with the data. */
export const PUBLIC_MAP_MAX_LOCATIONS = 200;
export const PUBLIC_MAP_MAX_DAYS = 10;
export const PUBLIC_MAP_MAX_SLOTS = 2000;

const uuid = z.uuid();

/** A published market day from today on; times are HH:MM local to the market. */
export const publicMarketDaySchema = z.object({
  id: uuid,
  date: z.string(),
  setupTime: z.string(),
  openTime: z.string(),
  closeTime: z.string(),
});

export const publicLocationSchema = z.object({
  ...locationPlaceShape,
  organizationName: z.string(),
  /** Placed slots on the plan; the plan itself is fetched per location. */
  slotCount: z.number().int(),
  marketDays: z.array(publicMarketDaySchema),
});

export const publicMapSchema = z.object({
  locations: z.array(publicLocationSchema),
  /** True when more public locations exist than the answer holds. */
  truncated: z.boolean(),
});

/** A slot as the public sees it: where it is and what it is for, never its fee or who trades there. */
export const publicSlotSchema = z.object({
  code: z.string(),
  planX: z.number(),
  planY: z.number(),
  widthM: z.number(),
  depthM: z.number(),
  planRotation: z.number().int(),
  categoryId: uuid.nullable(),
});

export const publicCategorySchema = z.object({ id: uuid, nameEn: z.string(), nameAr: z.string(), colour: z.string() });

export const publicLocationPlanSchema = publicLocationSchema.extend({
  planWidthM: z.number(),
  planDepthM: z.number(),
  planImageUrl: z.string().nullable(),
  slots: z.array(publicSlotSchema),
  categories: z.array(publicCategorySchema),
});
