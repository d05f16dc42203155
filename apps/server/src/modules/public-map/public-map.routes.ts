import { publicMapRoutes as r } from '@market/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { bindRoute } from '../../lib/api-route.js';
import * as svc from './public-map.service.js';

export async function publicMapRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  bindRoute(app, r.getPublicMap, () => svc.publicMap(ctx.db));
  bindRoute(app, r.getPublicLocation, ({ params }) => svc.publicLocationPlan(ctx.db, params.id));
}
