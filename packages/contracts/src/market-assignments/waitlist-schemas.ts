import { z } from 'zod';
import { WAITLIST_OFFER_STATUSES } from './constants.js';

const id = z.uuid('must be an id');

export const waitlistOfferListQuery = z
  .object({
    marketDayId: id,
    status: z.enum(WAITLIST_OFFER_STATUSES).optional(),
  })
  .strict();

/** Offer a free slot to a waitlisted request by hand (the job does the same on its own when a slot frees). */
export const waitlistOfferCreateSchema = z.object({ requestId: id, slotId: id }).strict();

export const waitlistOfferSchema = z.object({
  id: z.uuid(),
  requestId: z.uuid(),
  marketDayId: z.uuid(),
  date: z.string(),
  locationNameEn: z.string(),
  locationNameAr: z.string(),
  slotId: z.uuid(),
  slotCode: z.string(),
  vendorId: z.uuid(),
  vendorName: z.string(),
  categoryNameEn: z.string(),
  categoryNameAr: z.string(),
  status: z.enum(WAITLIST_OFFER_STATUSES),
  expiresAt: z.string(),
  /** When the offer was e-mailed to the vendor; null when no e-mail went out. */
  sentAt: z.string().nullable(),
  /**
   * The e-mail was held back: the vendor had already been e-mailed OFFER_EMAILS_PER_HOUR offers in the hour
   * before. The offer stands all the same (the vendor's dashboard lists it).
   */
  emailHeld: z.boolean(),
  respondedAt: z.string().nullable(),
  /** Set once accepted: the booking the offer became. */
  assignmentId: z.uuid().nullable(),
  createdAt: z.string(),
});
export type WaitlistOffer = z.infer<typeof waitlistOfferSchema>;

/** The waitlist of one market day: requests in offer order (priority, then time joined) and the offers made. */
export const waitlistSchema = z.object({
  marketDayId: z.uuid(),
  offerHours: z.number().int(),
  queue: z.array(
    z.object({
      requestId: z.uuid(),
      vendorId: z.uuid(),
      vendorName: z.string(),
      categoryId: z.uuid(),
      categoryNameEn: z.string(),
      categoryNameAr: z.string(),
      priority: z.number().int(),
      waitlistedAt: z.string().nullable(),
      /** 1-based place in the offer order of its category. */
      position: z.number().int(),
      /** The request's version, for reordering it (`PATCH /market-requests/:id`). */
      updatedAt: z.string(),
    }),
  ),
  offers: z.array(waitlistOfferSchema),
});
export type Waitlist = z.infer<typeof waitlistSchema>;
