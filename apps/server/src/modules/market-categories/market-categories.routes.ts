import { marketCategoriesRoutes as r } from '@market/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { bindRoute } from '../../lib/api-route.js';
import * as svc from './market-categories.service.js';

export async function marketCategoriesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  bindRoute(app, r.listCategories, ({ caller, query }) => svc.listCategories(ctx.db, caller, query.status));
  bindRoute(app, r.getCategory, ({ caller, params }) => svc.getCategory(ctx.db, caller, params.id));
  bindRoute(app, r.createCategory, ({ caller, body }) => svc.createCategory(ctx.db, caller, body));
  bindRoute(app, r.updateCategory, ({ caller, params, body }) => svc.updateCategory(ctx.db, caller, params.id, body));
  bindRoute(app, r.deactivateCategory, ({ caller, params }) => svc.setActive(ctx.db, caller, params.id, false));
  bindRoute(app, r.activateCategory, ({ caller, params }) => svc.setActive(ctx.db, caller, params.id, true));
  bindRoute(app, r.deleteCategory, async ({ caller, params }) => {
    await svc.deleteCategory(ctx.db, caller, params.id);
    return { ok: true as const };
  });
}
