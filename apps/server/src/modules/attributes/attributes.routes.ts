import { attributesRoutes as r } from '@market/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { bindRoute } from '../../lib/api-route.js';
import * as families from './attribute-families.service.js';
import * as svc from './attributes.service.js';

/** Master data of the catalogue: attributes with options and validation, attribute families. */
export async function attributesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  bindRoute(app, r.listAttributes, ({ caller }) => svc.listAttributes(ctx.db, caller));
  bindRoute(app, r.createAttribute, ({ caller, body }) => svc.createAttribute(ctx.db, caller, body));
  bindRoute(app, r.updateAttribute, ({ caller, params, body }) => svc.updateAttribute(ctx.db, caller, params.id, body));
  bindRoute(app, r.deleteAttribute, async ({ caller, params }) => {
    await svc.deleteAttribute(ctx.db, caller, params.id);
    return { ok: true as const };
  });
  bindRoute(app, r.listAttributeFamilies, ({ caller }) => families.listFamilies(ctx.db, caller));
  bindRoute(app, r.createAttributeFamily, ({ caller, body }) => families.createFamily(ctx.db, caller, body));
  bindRoute(app, r.updateAttributeFamily, ({ caller, params, body }) => families.updateFamily(ctx.db, caller, params.id, body));
  bindRoute(app, r.deleteAttributeFamily, async ({ caller, params }) => {
    await families.deleteFamily(ctx.db, caller, params.id);
    return { ok: true as const };
  });
}
