import { marketAssignmentsRoutes as r } from '@market/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { bindRoute } from '../../lib/api-route.js';
import * as svc from './check-in.service.js';

/** Check-in on the market day: the day's list with refusal reasons, and check-in or no-show keyed by the device's id. */
export async function checkInRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  bindRoute(app, r.getCheckInList, ({ caller, params }) => svc.checkInList(ctx.db, caller, params.id));
  bindRoute(app, r.createCheckIn, ({ caller, body }) => svc.recordCheckIn(ctx.db, caller, body));
}
