import { marketAssignmentsRoutes as r } from '@market/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { bindRoute } from '../../lib/api-route.js';
import * as allocation from './allocation-service.js';

/** Automatic allocation of a market day: a proposal to review, then its application. */
export async function allocationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  bindRoute(app, r.proposeAllocation, ({ caller, params, body }) => allocation.proposeAllocation(ctx.db, caller, params.id, body));
  bindRoute(app, r.applyAllocation, ({ caller, params, body }) => allocation.applyAllocation(ctx.db, caller, params.id, body));
}
