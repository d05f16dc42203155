import { posRoutes as r } from '@market/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { bindRoute } from '../../lib/api-route.js';
import * as registers from './pos-registers.service.js';

export async function posRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  bindRoute(app, r.listRegisters, ({ caller, query }) => registers.listRegisters(ctx.db, caller, query.status));
  bindRoute(app, r.createRegister, ({ caller, body }) => registers.createRegister(ctx.db, caller, body));
  bindRoute(app, r.updateRegister, ({ caller, params, body }) => registers.updateRegister(ctx.db, caller, params.id, body));
}
