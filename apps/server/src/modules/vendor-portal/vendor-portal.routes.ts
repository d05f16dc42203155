import { vendorPortalRoutes as r } from '@market/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { bindRoute } from '../../lib/api-route.js';
import { answerOwnOffer, ownOffers } from './vendor-portal.offers.js';
import { overview } from './vendor-portal.service.js';

/** The signed-in vendor's own data. */
export async function vendorPortalRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  bindRoute(app, r.getVendorOverview, ({ caller }) => overview(ctx.db, caller));
  bindRoute(app, r.listVendorOffers, ({ caller }) => ownOffers(ctx, caller));
  bindRoute(app, r.acceptVendorOffer, ({ caller, params }) => answerOwnOffer(ctx, caller, params.id, 'accept'));
  bindRoute(app, r.declineVendorOffer, ({ caller, params }) => answerOwnOffer(ctx, caller, params.id, 'decline'));
}
