import { languagesRoutes as r } from '@market/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { bindRoute } from '../../lib/api-route.js';
import './languages.realtime.js';
import * as svc from './languages.service.js';
import * as texts from './translations.service.js';

export async function languagesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  bindRoute(app, r.listLanguages, async ({ caller, query }) =>
    svc.listLanguages(ctx.db, await svc.readerOrg(ctx.db, caller, query.org), query.all === 'true'),
  );
  bindRoute(app, r.createLanguage, ({ caller, body }) => svc.createLanguage(ctx.db, caller, body));
  bindRoute(app, r.updateLanguage, ({ caller, params, body }) => svc.updateLanguage(ctx.db, caller, params.id, body));
  bindRoute(app, r.deleteLanguage, async ({ caller, params }) => {
    await svc.deleteLanguage(ctx.db, caller, params.id);
    return { ok: true as const };
  });
  bindRoute(app, r.listTranslations, async ({ caller, query }) =>
    texts.listTranslations(ctx.db, await svc.readerOrg(ctx.db, caller, query.org), query.language),
  );
  bindRoute(app, r.getDictionary, async ({ caller, query }) =>
    texts.dictionary(ctx.db, await svc.readerOrg(ctx.db, caller, query.org), query.language, query.known),
  );
  bindRoute(app, r.createTranslation, ({ caller, body }) => texts.createTranslation(ctx.db, caller, body));
  bindRoute(app, r.updateTranslation, ({ caller, params, body }) => texts.updateTranslation(ctx.db, caller, params.id, body));
  bindRoute(app, r.deleteTranslation, async ({ caller, params }) => {
    await texts.deleteTranslation(ctx.db, caller, params.id);
    return { ok: true as const };
  });
}
