import { APP_VERSION, platformRoutes as r } from '@market/contracts';
import type { FastifyInstance } from 'fastify';
import { bindRoute } from '../../lib/api-route.js';
import type { AppContext } from '../../app-context.js';
import { pingDatabase } from './platform.repository.js';
import { getMe, getProfile, saveProfile } from './platform.service.js';

/** What the SPA needs before it renders; also written into index.html by app.ts. */
export function publicConfigOf(ctx: AppContext) {
  return {
    version: APP_VERSION,
    anonKey: ctx.keys.anon,
    vendorHost: ctx.config.vendorHost,
    publicUrl: ctx.config.publicUrl,
    map: { tileUrl: ctx.config.mapTileUrl, attribution: ctx.config.mapTileAttribution },
  };
}

export async function platformRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const health = { status: 'ok' as const, version: APP_VERSION, database: ctx.driver };
  bindRoute(app, r.health, () => health);
  bindRoute(app, r.readiness, async () => {
    await pingDatabase(ctx.db);
    return health;
  });
  bindRoute(app, r.publicConfig, () => publicConfigOf(ctx));
  bindRoute(app, r.getMe, ({ caller }) => getMe(ctx.db, caller));
  bindRoute(app, r.getProfile, ({ caller }) => getProfile(ctx.db, caller));
  bindRoute(app, r.updateProfile, ({ caller, body }) => saveProfile(ctx.db, caller, body));
}
