// Integrations (/integrations, permission integrations): API keys (decision 023) and outgoing webhooks.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { apiKeyRoutes } from './api-keys.routes.js';
import { webhookRoutes } from './webhooks.routes.js';

export async function integrationsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await apiKeyRoutes(app, ctx);
  await webhookRoutes(app, ctx);
}

// plugins/auth-context resolves `Authorization: Bearer mbo_live_…` through these.
export { apiKeyAccess, authenticateApiKey } from './api-keys.auth.js';
