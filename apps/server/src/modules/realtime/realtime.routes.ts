import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { ViewerResolver } from './realtime.auth.js';
import { broadcastApiRoutes } from './realtime.broadcast-api.js';
import { ChangeFeed, TableColumns } from './realtime.changes.js';
import { RealtimeHub } from './realtime.hub.js';
import { VSNS, type Vsn } from './realtime.protocol.js';

export const REALTIME_PATH = '/realtime/v1/websocket';
/** Largest frame a client may send; ws closes the socket with 1009 past it. */
export const MAX_MESSAGE_BYTES = 1024 * 1024;

export interface RealtimeService {
  hub: RealtimeHub;
  feed: ChangeFeed;
}

const services = new WeakMap<AppContext, RealtimeService>();

/** The running realtime service of an app (tests force re-validation with it; other modules may broadcast). */
export function realtimeServiceFor(ctx: AppContext): RealtimeService | undefined {
  return services.get(ctx);
}

function socketParams(req: FastifyRequest): { apiKey: string | null; vsn: Vsn | null } {
  const q = (req.query ?? {}) as Record<string, unknown>;
  const header = req.headers.apikey;
  const apiKey = typeof q.apikey === 'string' ? q.apikey : typeof header === 'string' ? header : null;
  // Phoenix treats a socket without vsn as 1.0.0.
  const vsn = q.vsn === undefined ? '1.0.0' : (VSNS.find((v) => v === q.vsn) ?? null);
  return { apiKey, vsn };
}

/** Phoenix-channel realtime service at /realtime/v1/websocket, speaking @supabase/realtime-js's protocol. */
export async function realtimeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(websocket, { options: { maxPayload: MAX_MESSAGE_BYTES, perMessageDeflate: false } });

  const resolver = new ViewerResolver(ctx.db, ctx.jwt);
  const columns = new TableColumns(ctx.db);
  const hub = new RealtimeHub(resolver, columns, app.log);
  const feed = new ChangeFeed(
    ctx.db,
    columns,
    (table) => hub.wantsTable(table),
    async (change) => {
      await hub.deliver(change);
    },
    app.log,
  );
  services.set(ctx, { hub, feed });

  // One LISTEN per app: every subscriber is served from it, whatever their number.
  const stopListening = await ctx.listen('realtime', feed.onNotify);
  // A write to users, sessions, memberships, roles or the role matrix (migration 0011's triggers) may end a session
  // or change an organization or a permission: every channel is decided again at the next sweep, not after the
  // resolver's lifetime. At most one forced pass per sweep, whatever the number of writes.
  let authChanged = false;
  const stopAuthListening = await ctx.listen('cache_sessions', () => {
    resolver.clear();
    authChanged = true;
  });
  const sweep = setInterval(() => {
    hub.sweepIdle();
    const force = authChanged;
    authChanged = false;
    hub.revalidate(Date.now(), force).catch((err: unknown) => app.log.error({ err }, 'realtime: token re-validation failed'));
  }, hub.limits.sweepIntervalMs);
  sweep.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    hub.closeAll();
    await stopListening();
    await stopAuthListening();
  });

  // Refuse before the upgrade: a client without a valid API key or with an unknown protocol version never gets a socket.
  const checkUpgrade = async (req: FastifyRequest, reply: FastifyReply) => {
    const { apiKey, vsn } = socketParams(req);
    if (!vsn) return reply.code(400).send({ error: 'unsupported_vsn', message: `vsn must be one of ${VSNS.join(', ')}` });
    if (!apiKey) return reply.code(401).send({ error: 'no_api_key', message: 'apikey query parameter is required' });
    try {
      await ctx.jwt.verifyApiKey(apiKey);
    } catch {
      return reply.code(401).send({ error: 'invalid_api_key', message: 'Invalid API key' });
    }
  };

  app.get(REALTIME_PATH, { websocket: true, preValidation: checkUpgrade }, (socket, req) => {
    const { apiKey, vsn } = socketParams(req);
    hub.attach(socket, vsn ?? '1.0.0', apiKey ?? '');
  });

  await broadcastApiRoutes(app, ctx, hub, resolver);
}
