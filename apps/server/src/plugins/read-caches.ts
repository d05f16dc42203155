import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.js';
import { ReadCache } from '../lib/read-cache.js';
import type { AccessContext, Principal } from '../lib/principal.js';

/**
 * The app's read caches (decision 007):
 * - `principals` (by bearer token) and `access` (by user: membership, role, permissions), moved on by
 *   writes to users, sessions, second factors, organizations, memberships, roles and the role matrix;
 * - `catalog`: serialised product list pages, and a category filter's subtree and size, moved on by writes to
 *   products and what their rows show (categories included).
 */
export interface ReadCaches {
  principals: ReadCache<Extract<Principal, { kind: 'user' }>>;
  access: ReadCache<AccessContext>;
  catalog: ReadCache<string>;
}

/** The NOTIFY channels the triggers of migration 0011 signal on commit, and the caches each one moves on. */
export const CACHE_CHANNELS: Record<string, (keyof ReadCaches)[]> = {
  cache_sessions: ['principals', 'access'],
  cache_catalog: ['catalog'],
};
/** The channel of the write barrier: a token this process sends itself after a request that may have written. */
export const BARRIER_CHANNEL = 'cache_barrier';
/** How long a writing request waits for its barrier before it empties every cache instead. */
export const BARRIER_TIMEOUT_MS = 2000;

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

/**
 * Writing routes whose writes no cache reads (a register's sale and return: orders, their lines and payments,
 * stock counts, the vendor ledger, session totals and counters, none of which a trigger of migration 0011 signals).
 * They skip the barrier, the round trip a sale would otherwise add. `read-caches.triggers.test.ts` records the
 * notifications a sale and a return commit and fails when one of them signals a cache.
 */
export const WRITES_NO_CACHED_TABLE: ReadonlySet<string> = new Set(['POST /api/v1/pos/orders', 'POST /api/v1/pos/orders/:id/returns']);

function mayHaveWritten(req: FastifyRequest): boolean {
  if (SAFE_METHODS.has(req.method)) return WRITING_GETS.some((p) => req.url.startsWith(p));
  return !WRITES_NO_CACHED_TABLE.has(`${req.method} ${req.routeOptions.url}`);
}

/**
 * "Every notification committed before now has reached this process." pass() commits a NOTIFY of a fresh
 * token on the barrier channel, in a transaction that starts after the caller's writes committed, and
 * waits until the listening connection hears it. PostgreSQL delivers the notifications of a listening
 * connection in commit order, so by then the cache_* notifications of those writes have been handled.
 * false: the feed is down, the token did not come back within the time limit, or it could not be sent.
 */
export class NotifyBarrier {
  /** Other processes hear this process's tokens too; the prefix keeps them from matching a waiter here. */
  private readonly prefix = randomUUID();
  private seq = 0;
  private readonly waiting = new Map<string, (heard: boolean) => void>();
  private listening = false;

  constructor(
    private readonly send: (token: string) => Promise<unknown>,
    private readonly timeoutMs = BARRIER_TIMEOUT_MS,
  ) {}

  async pass(): Promise<boolean> {
    if (!this.listening) return false;
    const token = `${this.prefix}:${++this.seq}`;
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<boolean>((resolve) => {
      this.waiting.set(token, resolve);
      timer = setTimeout(() => resolve(false), this.timeoutMs);
    });
    try {
      await this.send(token);
      return await heard;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
      this.waiting.delete(token);
    }
  }

  /** A token arrived on the barrier channel (its own or another process's). */
  heard(token: string): void {
    this.waiting.get(token)?.(true);
  }

  /** The listening connection is up (true) or lost (false): a token sent meanwhile may never come back. */
  setListening(up: boolean): void {
    this.listening = up;
    if (!up) for (const resolve of this.waiting.values()) resolve(false);
  }
}

/**
 * Keeps the caches true. Every cache moves on only when a NOTIFY of its channel arrives (the tables'
 * triggers send them on commit, whoever wrote); a request that may have written waits for its barrier
 * before its answer is sent, so its caller's next read comes after the caches heard of the write. A
 * barrier that does not come back in time empties every cache instead; while the feed is down the caches
 * serve nothing.
 */
export async function wireReadCaches(
  app: FastifyInstance,
  caches: ReadCaches,
  database: Pick<Database, 'db' | 'listen'>,
  opts: { barrierTimeoutMs?: number } = {},
): Promise<void> {
  const barrier = new NotifyBarrier(
    (token) => database.db.execute(sql`select pg_notify(${BARRIER_CHANNEL}, ${token})`),
    opts.barrierTimeoutMs ?? BARRIER_TIMEOUT_MS,
  );
  const all = Object.values(caches);
  app.addHook('onSend', async (req, _reply, payload) => {
    if (mayHaveWritten(req) && !(await barrier.pass())) for (const cache of all) cache.invalidate();
    return payload;
  });
  // One connection for every channel: the order between a write's cache_* notifications and a later barrier holds.
  const stop = await database.listen(
    [...Object.keys(CACHE_CHANNELS), BARRIER_CHANNEL],
    (payload, channel) => {
      if (channel === BARRIER_CHANNEL) barrier.heard(payload);
      else for (const name of CACHE_CHANNELS[channel] ?? []) caches[name].invalidate();
    },
    (lost) => {
      barrier.setListening(!lost);
      for (const cache of all) cache.pause(lost);
    },
  );
  barrier.setListening(true);
  app.addHook('onClose', async () => {
    barrier.setListening(false);
    await stop();
  });
}
