import { productsRoutes as r } from '@market/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { bindRoute, cachedJson } from '../../lib/api-route.js';
import * as svc from './products.service.js';
import { bulkUpdate } from './product-bulk.service.js';
import { csvStream, exportFileName, xlsxStream } from './product-export.js';
import { baseMinorDigits, formOptions } from './product-form-options.repository.js';
import * as history from './product-history.service.js';
import { listProductsJson } from './product-list.service.js';
import * as views from './saved-views.service.js';

const ok = { ok: true as const };

/** Products: list, export, details, history, bulk changes, saved views (media upload and picker live in the assets module). */
export async function productsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // List pages are served from the catalogue cache until a write to the catalogue (decision 007).
  bindRoute(app, r.listProducts, ({ caller, query, req, reply }) =>
    cachedJson(ctx.caches.catalog, r.listProducts, `products:${caller.orgId}:${JSON.stringify(query)}`, { req, reply }, () =>
      listProductsJson(ctx.db, caller, query, ctx.caches.catalog),
    ),
  );
  bindRoute(app, r.exportProducts, async ({ caller, query, reply }) => {
    const digits = await baseMinorDigits(ctx.db, caller.orgId);
    const csv = query.format === 'csv';
    // The file is streamed: the reply is sent here, not serialised against the route's response schema.
    void reply
      .header('content-type', csv ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${exportFileName(query.format)}"`)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(csv ? csvStream(ctx.db, caller, query, digits) : xlsxStream(ctx.db, caller, query, digits));
    return reply as unknown as string;
  });
  bindRoute(app, r.getProductFormOptions, ({ caller }) => formOptions(ctx.db, caller.orgId));
  bindRoute(app, r.createProduct, ({ caller, body }) => svc.createProduct(ctx.db, caller, body));
  bindRoute(app, r.bulkUpdateProducts, ({ caller, body }) => bulkUpdate(ctx.db, caller, body));
  bindRoute(app, r.getProduct, ({ caller, params }) => svc.getProduct(ctx.db, caller, params.id));
  bindRoute(app, r.updateProduct, ({ caller, params, body }) => svc.updateProduct(ctx.db, caller, params.id, body));
  bindRoute(app, r.deleteProduct, async ({ caller, params }) => {
    await svc.deleteProduct(ctx.db, caller, params.id);
    return ok;
  });
  bindRoute(app, r.listProductVersions, ({ caller, params }) => history.listVersions(ctx.db, caller, params.id));
  bindRoute(app, r.getProductVersion, ({ caller, params }) => history.getVersion(ctx.db, caller, params.id, params.version));
  bindRoute(app, r.restoreProductVersion, ({ caller, params, body }) =>
    history.restoreVersion(ctx.db, caller, params.id, params.version, body.expectedVersion),
  );
  bindRoute(app, r.listSavedViews, ({ caller }) => views.listViews(ctx.db, caller));
  bindRoute(app, r.createSavedView, ({ caller, body }) => views.createView(ctx.db, caller, body));
  bindRoute(app, r.updateSavedView, ({ caller, params, body }) => views.updateView(ctx.db, caller, params.id, body));
  bindRoute(app, r.deleteSavedView, async ({ caller, params }) => {
    await views.deleteView(ctx.db, caller, params.id);
    return ok;
  });
}
