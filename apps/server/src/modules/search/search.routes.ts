import { searchRoutes as r } from '@market/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { bindRoute } from '../../lib/api-route.js';
import { searchEverything } from './search.service.js';

export async function searchRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  bindRoute(app, r.search, async ({ caller, query }) => searchEverything(ctx.db, caller.access, query.q, query.limit));
}
