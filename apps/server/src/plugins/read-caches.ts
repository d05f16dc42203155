import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.js';
import { ReadCache } from '../lib/read-cache.js';
import type { AccessContext, Principal } from '../lib/principal.js';

/**
 * The app's read caches (decision 007):
 * - `principals` (by bearer token) and `access` (by user: membership, role, permissions), moved on by
 *   writes to users, sessions, second factors, organizations, memberships, roles and the role matrix;
 * - `catalog`: serialised product list pages, moved on by writes to products and what their rows show.
 */
export interface ReadCaches {
  principals: ReadCache<Extract<Principal, { kind: 'user' }>>;
  access: ReadCache<AccessContext>;
  catalog: ReadCache<string>;
}

/** The NOTIFY channels the triggers of migration 0011 signal on commit, and the caches each one moves on. */
const CACHE_CHANNELS: Record<string, (keyof ReadCaches)[]> = { cache_sessions: ['principals', 'access'], cache_catalog: ['catalog'] };

export function createReadCaches(): ReadCaches {
  return {
    principals: new ReadCache({ max: 10_000, ttlMs: 30_000 }),
    access: new ReadCache({ max: 10_000, ttlMs: 30_000 }),
    catalog: new ReadCache({ max: 200, ttlMs: 60_000 }),
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** GET routes that write what a cached principal holds (an e-mail link's confirmation, a re-authentication nonce). */
const WRITING_GETS = ['/auth/v1/verify', '/auth/v1/reauthenticate'];

function mayHaveWritten(req: FastifyRequest): boolean {
  return !SAFE_METHODS.has(req.method) || WRITING_GETS.some((p) => req.url.startsWith(p));
}

/**
 * Keeps the caches true. A request that may have written invalidates both before its answer is sent,
 * so its caller's next read sees the write; writes of other processes and of background work arrive
 * through NOTIFY from the tables' triggers; while that feed is down the caches serve nothing.
 */
export async function wireReadCaches(app: FastifyInstance, caches: ReadCaches, database: Pick<Database, 'listen'>): Promise<void> {
  app.addHook('onSend', async (req, _reply, payload) => {
    if (mayHaveWritten(req)) for (const cache of Object.values(caches)) cache.invalidate();
    return payload;
  });
  const stops = await Promise.all(
    Object.entries(CACHE_CHANNELS).map(([channel, names]) =>
      database.listen(
        channel,
        () => names.forEach((n) => caches[n].invalidate()),
        (lost) => names.forEach((n) => caches[n].pause(lost)),
      ),
    ),
  );
  app.addHook('onClose', async () => {
    for (const stop of stops) await stop();
  });
}
