import { integrationsRoutes as r } from '@market/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { bindRoute } from '../../lib/api-route.js';
import { registerWebhookJobs } from './webhooks.delivery.js';
import * as service from './webhooks.service.js';

/** Outgoing webhooks: endpoints, secrets, the delivery log with replay, a test event; registers the sender job. */
export async function webhookRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const s = service.webhookSettingsOf(ctx.config);
  registerWebhookJobs(ctx);

  bindRoute(app, r.listWebhookEndpoints, ({ caller }) => service.listEndpoints(db, caller));
  bindRoute(app, r.createWebhookEndpoint, ({ caller, body }) => service.createEndpoint(db, s, caller, body));
  bindRoute(app, r.getWebhookEndpoint, ({ caller, params }) => service.getEndpoint(db, caller, params.id));
  bindRoute(app, r.updateWebhookEndpoint, ({ caller, params, body }) => service.updateEndpoint(db, s, caller, params.id, body));
  bindRoute(app, r.deleteWebhookEndpoint, ({ caller, params }) => service.deleteEndpoint(db, caller, params.id));
  bindRoute(app, r.getWebhookSecret, ({ caller, params }) => service.getSecret(db, s, caller, params.id));
  bindRoute(app, r.rotateWebhookSecret, ({ caller, params }) => service.rotateSecret(db, s, caller, params.id));
  bindRoute(app, r.sendWebhookTest, ({ caller, params }) => service.sendTest(db, caller, params.id));
  bindRoute(app, r.listWebhookDeliveries, ({ caller, params, query }) => service.listDeliveries(db, caller, params.id, query));
  bindRoute(app, r.getWebhookDelivery, ({ caller, params }) => service.getDelivery(db, caller, params.id, params.deliveryId));
  bindRoute(app, r.replayWebhookDelivery, ({ caller, params }) => service.replayDelivery(db, caller, params.id, params.deliveryId));
}
