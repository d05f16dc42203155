import { z } from 'zod';
import { defineRoute } from '../common/route.js';
import { waitlistOfferCreateSchema, waitlistOfferListQuery, waitlistOfferSchema, waitlistSchema } from './waitlist-schemas.js';

export * from './waitlist-schemas.js';

const access = { permission: 'vendor_management' } as const;
const idParams = z.object({ id: z.uuid('must be an id') });
const tag = 'market-assignments';

export const getWaitlist = defineRoute({
  method: 'GET',
  path: '/market-days/:id/waitlist',
  tag,
  summary: 'The waitlist of a market day in offer order (priority, then time joined), with its offers and their expiry',
  access,
  params: idParams,
  response: waitlistSchema,
});
export const listWaitlistOffers = defineRoute({
  method: 'GET',
  path: '/waitlist-offers',
  tag,
  summary: 'Waitlist offers of a market day',
  access,
  query: waitlistOfferListQuery,
  response: z.array(waitlistOfferSchema),
});
export const createWaitlistOffer = defineRoute({
  method: 'POST',
  path: '/waitlist-offers',
  tag,
  summary: 'Offer a free slot to a waitlisted request by hand; it is e-mailed and expires after the offer hours',
  access,
  body: waitlistOfferCreateSchema,
  response: waitlistOfferSchema,
  status: 201,
});
export const withdrawWaitlistOffer = defineRoute({
  method: 'POST',
  path: '/waitlist-offers/:id/withdraw',
  tag,
  summary: 'Withdraw an open offer; the slot passes to the next vendor in line',
  access,
  params: idParams,
  response: waitlistOfferSchema,
});
