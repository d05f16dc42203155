import { vendorsRoutes as r } from '@market/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { bindRoute } from '../../lib/api-route.js';
import * as documents from './vendors.documents.service.js';
import * as svc from './vendors.service.js';

const ok = { ok: true as const };

export async function vendorsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  bindRoute(app, r.listVendors, ({ caller, query }) => svc.listVendors(ctx.db, caller, query));
  bindRoute(app, r.getVendor, ({ caller, params }) => svc.loadVendor(ctx.db, caller.orgId, params.id));
  bindRoute(app, r.createVendor, ({ caller, body }) => svc.createVendor(ctx.db, caller, body));
  bindRoute(app, r.updateVendor, ({ caller, params, body }) => svc.updateVendor(ctx.db, caller, params.id, body));
  bindRoute(app, r.changeVendorStatus, ({ caller, params, body }) => svc.changeStatus(ctx.db, caller, params.id, body));
  bindRoute(app, r.setVendorCategories, ({ caller, params, body }) =>
    svc.setCategories(ctx.db, caller, params.id, body.categoryIds, body.expectedUpdatedAt),
  );
  bindRoute(app, r.linkVendorUser, ({ caller, params, body }) => svc.linkUser(ctx.db, caller, params.id, body.email));
  bindRoute(app, r.unlinkVendorUser, async ({ caller, params }) => {
    await svc.unlinkUser(ctx.db, caller, params.id, params.userId);
    return ok;
  });
  bindRoute(app, r.addVendorDocument, ({ caller, params, body }) => documents.addDocument(ctx.db, caller, params.id, body));
  bindRoute(app, r.updateVendorDocument, ({ caller, params, body }) =>
    documents.updateDocument(ctx.db, caller, params.id, params.docId, body),
  );
  bindRoute(app, r.deleteVendorDocument, async ({ caller, params }) => {
    await documents.deleteDocument(ctx.db, caller, params.id, params.docId);
    return ok;
  });
  bindRoute(app, r.vendorDocumentUrl, ({ caller, params }) => documents.documentUrl(ctx, caller, params.id, params.docId));
}
