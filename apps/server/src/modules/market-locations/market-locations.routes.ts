import { marketLocationsRoutes as r } from '@market/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { bindRoute } from '../../lib/api-route.js';
import * as svc from './market-locations.service.js';

export async function marketLocationsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  bindRoute(app, r.listLocations, ({ caller, query }) => svc.listLocations(ctx.db, caller, query));
  bindRoute(app, r.getLocation, ({ caller, params }) => svc.getLocation(ctx.db, caller, params.id));
  bindRoute(app, r.createLocation, ({ caller, body }) => svc.createLocation(ctx.db, caller, body));
  bindRoute(app, r.updateLocation, ({ caller, params, body }) => svc.updateLocation(ctx.db, caller, params.id, body));
  bindRoute(app, r.deleteLocation, async ({ caller, params }) => {
    await svc.deleteLocation(ctx.db, caller, params.id);
    return { ok: true as const };
  });
}
