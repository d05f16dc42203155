import { z } from 'zod';
import { defineRoute } from '../common/route.js';
import { waitlistOfferSchema } from '../market-assignments/waitlist-schemas.js';
import { vendorPortalOverviewSchema } from '../applications/schemas.js';

export const getVendorOverview = defineRoute({
  method: 'GET',
  path: '/vendor-portal/overview',
  tag: 'vendor-portal',
  summary: "The signed-in vendor's own record (categories, documents) and applications",
  access: { permission: 'vendor_dashboard' },
  response: vendorPortalOverviewSchema,
});

const offerParams = z.object({ id: z.uuid('must be an id') });

export const listVendorOffers = defineRoute({
  method: 'GET',
  path: '/vendor-portal/offers',
  tag: 'vendor-portal',
  summary: "The signed-in vendor's open waitlist offers: a free stall on a market day, until the offer expires",
  access: { permission: 'vendor_dashboard' },
  response: z.array(waitlistOfferSchema),
});
export const acceptVendorOffer = defineRoute({
  method: 'POST',
  path: '/vendor-portal/offers/:id/accept',
  tag: 'vendor-portal',
  summary: 'Accept an open offer of the signed-in vendor: the stall is booked for it',
  access: { permission: 'vendor_dashboard' },
  params: offerParams,
  response: waitlistOfferSchema,
});
export const declineVendorOffer = defineRoute({
  method: 'POST',
  path: '/vendor-portal/offers/:id/decline',
  tag: 'vendor-portal',
  summary: 'Decline an open offer of the signed-in vendor: the stall passes to the next vendor in line',
  access: { permission: 'vendor_dashboard' },
  params: offerParams,
  response: waitlistOfferSchema,
});
