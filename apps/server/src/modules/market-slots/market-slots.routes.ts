import { marketSlotsRoutes as r } from '@market/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { bindRoute } from '../../lib/api-route.js';
import * as svc from './market-slots.service.js';
import * as batches from './slot-batches.service.js';

export async function marketSlotsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  bindRoute(app, r.listSlots, ({ caller, query }) => svc.listSlots(ctx.db, caller, query));
  bindRoute(app, r.slotOptions, ({ caller, query }) => svc.slotOptions(ctx.db, caller, query.locationId));
  bindRoute(app, r.getSlot, ({ caller, params }) => svc.getSlot(ctx.db, caller, params.id));
  bindRoute(app, r.createSlot, ({ caller, body }) => svc.createSlot(ctx.db, caller, body));
  bindRoute(app, r.generateSlots, ({ caller, body }) => batches.generateSlots(ctx.db, caller, body));
  bindRoute(app, r.updateSlotPositions, ({ caller, body }) => batches.updatePositions(ctx.db, caller, body.positions));
  bindRoute(app, r.updateSlot, ({ caller, params, body }) => svc.updateSlot(ctx.db, caller, params.id, body));
  bindRoute(app, r.deleteSlot, async ({ caller, params }) => {
    await svc.deleteSlot(ctx.db, caller, params.id);
    return { ok: true as const };
  });
}
