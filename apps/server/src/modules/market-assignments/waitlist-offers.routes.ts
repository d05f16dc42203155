import { marketAssignmentsRoutes as r } from '@market/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { bindRoute } from '../../lib/api-route.js';
import * as svc from './waitlist-offers.service.js';

/** The waitlist of a day and its offers; the offer job is registered with them. */
export async function waitlistOfferRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  svc.registerWaitlistJobs(ctx);
  bindRoute(app, r.getWaitlist, ({ caller, params }) => svc.waitlistOfDay(ctx.db, caller, params.id));
  bindRoute(app, r.listWaitlistOffers, ({ caller, query }) => svc.listOffers(ctx.db, caller, query.marketDayId, query.status));
  bindRoute(app, r.createWaitlistOffer, ({ caller, body }) => svc.sendOffer(ctx, caller, body.requestId, body.slotId));
  bindRoute(app, r.withdrawWaitlistOffer, ({ caller, params }) => svc.withdrawOffer(ctx, caller, params.id));
}
