import { marketDaysRoutes as r } from '@market/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { bindRoute } from '../../lib/api-route.js';
import * as series from './market-day-series.service.js';
import * as svc from './market-days.service.js';

export async function marketDaysRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  bindRoute(app, r.listMarketDays, ({ caller, query }) => svc.listDays(ctx.db, caller, query));
  bindRoute(app, r.upcomingMarketDays, ({ caller, query }) => svc.upcomingDays(ctx.db, caller, query.limit));
  bindRoute(app, r.getMarketDay, ({ caller, params }) => svc.getDay(ctx.db, caller, params.id));
  bindRoute(app, r.createMarketDay, ({ caller, body }) => svc.createDay(ctx.db, caller, body));
  bindRoute(app, r.updateMarketDay, ({ caller, params, body }) => svc.updateDay(ctx.db, caller, params.id, body));
  bindRoute(app, r.deleteMarketDay, async ({ caller, params }) => {
    await svc.deleteDay(ctx.db, caller, params.id);
    return { ok: true as const };
  });
  bindRoute(app, r.setMarketDayCapacities, ({ caller, params, body }) =>
    svc.setCapacities(ctx.db, caller, params.id, body.capacities, body.expectedUpdatedAt),
  );
  bindRoute(app, r.publishMarketDay, ({ caller, params }) => svc.transition(ctx.db, caller, params.id, 'published'));
  bindRoute(app, r.completeMarketDay, ({ caller, params }) => svc.transition(ctx.db, caller, params.id, 'completed'));
  bindRoute(app, r.cancelMarketDay, ({ caller, params, body }) => svc.transition(ctx.db, caller, params.id, 'cancelled', body.reason));

  bindRoute(app, r.listSeries, ({ caller, query }) => series.listSeries(ctx.db, caller, query.locationId));
  bindRoute(app, r.getSeries, ({ caller, params }) => series.getSeries(ctx.db, caller, params.id));
  bindRoute(app, r.createSeries, ({ caller, body }) => series.createSeries(ctx.db, caller, body));
  bindRoute(app, r.updateSeries, ({ caller, params, body }) => series.updateSeries(ctx.db, caller, params.id, body));
  bindRoute(app, r.deleteSeries, ({ caller, params }) => series.deleteSeries(ctx.db, caller, params.id));
  bindRoute(app, r.publishSeries, ({ caller, params }) => series.publishSeries(ctx.db, caller, params.id));
}
