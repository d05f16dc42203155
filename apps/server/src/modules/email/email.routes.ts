import { emailRoutes as r } from '@market/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { bindRoute } from '../../lib/api-route.js';
import * as svc from './email-admin.service.js';

export async function emailRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  bindRoute(app, r.listEmailOutbox, ({ caller, query }) => svc.listOutbox(ctx, caller, query));
  bindRoute(app, r.getEmailOutboxMessage, ({ caller, params }) => svc.getOutboxMessage(ctx, caller, params.id));
  bindRoute(app, r.sendTestEmail, ({ caller, body }) => svc.sendTestEmail(ctx, caller, body));
  bindRoute(app, r.getTestEmail, ({ caller, params }) => svc.getTestEmail(ctx, caller, params.id));
}
