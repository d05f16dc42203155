import { vendorPortalRoutes as r } from '@market/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { bindRoute } from '../../lib/api-route.js';
import { fileDay, sendFile } from '../../lib/file-reply.js';
import {
  declareOwnSales,
  ownInvoice,
  ownInvoicePdf,
  ownInvoices,
  ownMarketDays,
  ownStatement,
  ownStatementCsv,
  ownStatementPdf,
} from './vendor-portal.money.js';
import { answerOwnOffer, ownOffers } from './vendor-portal.offers.js';
import { overview } from './vendor-portal.service.js';

const day = fileDay;

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
  bindRoute(app, r.getVendorInvoicePdf, async ({ caller, params, query, reply }) =>
    sendFile(
      reply,
      `invoice-${params.id.slice(0, 8)}.pdf`,
      'application/pdf',
      await ownInvoicePdf(ctx.db, caller, params.id, query.language),
    ),
  );
  bindRoute(app, r.exportVendorStatement, async ({ caller, query, reply }) =>
    query.format === 'pdf'
      ? sendFile(reply, `statement-${day()}.pdf`, 'application/pdf', await ownStatementPdf(ctx.db, caller, query))
      : sendFile(reply, `statement-${day()}.csv`, 'text/csv; charset=utf-8', await ownStatementCsv(ctx.db, caller, query)),
  );
}
