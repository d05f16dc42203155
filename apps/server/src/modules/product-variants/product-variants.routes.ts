import { productVariantsRoutes as r } from '@market/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { bindRoute } from '../../lib/api-route.js';
import * as svc from './product-variants.service.js';
import * as grid from './variant-grid.service.js';

/** Product variants: per product (list, add, generate) and the grid across products (edit, bulk edit, delete). */
export async function productVariantsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  bindRoute(app, r.listProductVariants, ({ caller, params }) => svc.listProductVariants(ctx.db, caller, params.id));
  bindRoute(app, r.createProductVariant, ({ caller, params, body }) => svc.createVariant(ctx.db, caller, params.id, body));
  bindRoute(app, r.generateProductVariants, ({ caller, params, body }) => svc.generateVariants(ctx.db, caller, params.id, body));
  bindRoute(app, r.listVariantGrid, ({ caller, query }) => grid.variantGrid(ctx.db, caller, query));
  bindRoute(app, r.bulkUpdateVariants, ({ caller, body }) => svc.bulkUpdateVariants(ctx.db, caller, body));
  bindRoute(app, r.updateVariant, ({ caller, params, body }) => svc.updateVariant(ctx.db, caller, params.id, body));
  bindRoute(app, r.deleteVariant, async ({ caller, params }) => {
    await svc.deleteVariant(ctx.db, caller, params.id);
    return { ok: true as const };
  });
}
