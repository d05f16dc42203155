import { platformRoutes as r } from '@market/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { bindRoute } from '../../lib/api-route.js';
import * as svc from './languages.service.js';

export async function languagesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  bindRoute(app, r.listLanguages, ({ query }) => svc.listLanguages(ctx.db, query.all === 'true'));
  bindRoute(app, r.createLanguage, ({ caller, body }) => svc.createLanguage(ctx.db, caller, body));
  bindRoute(app, r.updateLanguage, ({ caller, params, body }) => svc.updateLanguage(ctx.db, caller, params.id, body));
  bindRoute(app, r.deleteLanguage, async ({ caller, params }) => {
    await svc.deleteLanguage(ctx.db, caller, params.id);
    return { ok: true as const };
  });
  bindRoute(app, r.listTranslations, ({ query }) => svc.listTranslations(ctx.db, query.language));
  bindRoute(app, r.createTranslation, ({ caller, body }) => svc.createTranslation(ctx.db, caller, body));
  bindRoute(app, r.updateTranslation, ({ caller, params, body }) => svc.updateTranslation(ctx.db, caller, params.id, body.value));
  bindRoute(app, r.deleteTranslation, async ({ caller, params }) => {
    await svc.deleteTranslation(ctx.db, caller, params.id);
    return { ok: true as const };
  });
}
