import { vendorPortalRoutes as r } from '@market/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { bindRoute } from '../../lib/api-route.js';
import { declareOwnSales, ownInvoice, ownInvoices, ownMarketDays, ownStatement, ownStatementCsv } from './vendor-portal.money.js';
import { answerOwnOffer, ownOffers } from './vendor-portal.offers.js';
import { overview } from './vendor-portal.service.js';

const day = () => new Date().toISOString().slice(0, 10);

/** The signed-in vendor's own data. */
export async function vendorPortalRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  bindRoute(app, r.getVendorOverview, ({ caller }) => overview(ctx.db, caller));
  bindRoute(app, r.listVendorOffers, ({ caller }) => ownOffers(ctx, caller));
  bindRoute(app, r.acceptVendorOffer, ({ caller, params }) => answerOwnOffer(ctx, caller, params.id, 'accept'));
  bindRoute(app, r.declineVendorOffer, ({ caller, params }) => answerOwnOffer(ctx, caller, params.id, 'decline'));

  bindRoute(app, r.listVendorMarketDays, ({ caller }) => ownMarketDays(ctx.db, caller));
  // A fact about the day put in place, as the staff route: a repeat changes nothing, so no Idempotency-Key.
  bindRoute(app, r.declareVendorSales, ({ caller, params, body }) => declareOwnSales(ctx.db, caller, params.id, body.amount));
  bindRoute(app, r.listVendorInvoices, ({ caller }) => ownInvoices(ctx.db, caller));
  bindRoute(app, r.getVendorInvoice, ({ caller, params }) => ownInvoice(ctx.db, caller, params.id));
  bindRoute(app, r.getVendorStatement, ({ caller, query }) => ownStatement(ctx.db, caller, query));
  // A file answer: sent here, not serialised against the route's response schema (as the staff export).
  bindRoute(app, r.exportVendorStatement, async ({ caller, query, reply }) => {
    const csv = await ownStatementCsv(ctx.db, caller, query);
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="statement-${day()}.csv"`)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(csv);
    return reply as unknown as string;
  });
}
