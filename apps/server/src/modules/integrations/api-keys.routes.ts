import { integrationsRoutes as r } from '@market/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { bindRoute } from '../../lib/api-route.js';
import * as service from './api-keys.service.js';

/** API keys of the organization (permission integrations). */
export async function apiKeyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  bindRoute(app, r.listApiKeys, ({ caller }) => service.listApiKeys(db, caller));
  bindRoute(app, r.createApiKey, ({ caller, body }) => service.createApiKey(db, caller, body));
  bindRoute(app, r.rollApiKey, ({ caller, params, body }) => service.rollApiKey(db, caller, params.id, body));
  bindRoute(app, r.revokeApiKey, ({ caller, params }) => service.revokeApiKey(db, caller, params.id));
}
