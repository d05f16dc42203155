import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import { afterEach } from 'vitest';
import WebSocket from 'ws';
import type { App } from '../../app.js';
import { createOrg, createUser, tokenFor } from '../../../test/factories.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';

/** Test helpers for the realtime suites; not a test file itself. */

export function httpUrl(app: App): string {
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** supabase-js as the SPA builds it; Node 20 has no global WebSocket, so `ws` is the transport. */
export function supabaseFor(app: App, key = app.ctx.keys.anon): SupabaseClient {
  return createClient(httpUrl(app), key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never, timeout: 3000 },
  });
}

/** The app listening on a free port, for clients that connect over the network. */
export async function startListeningApp(): Promise<TestContext> {
  const t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return t;
}

/** The token of a member of a fresh organization (broadcast and presence are for members only). */
export async function memberTokenOf(app: App): Promise<string> {
  const org = await createOrg(app);
  return tokenFor(app, await createUser(app, { orgId: org.id, role: 'super_admin' }));
}

/** The supabase-js clients a test file opens: after each test their channels are removed (and they disconnect, if asked). */
export function clientsClosedAfterEach(o: { disconnect?: boolean } = {}): SupabaseClient[] {
  const clients: SupabaseClient[] = [];
  afterEach(async () => {
    await Promise.all(
      clients.splice(0).map(async (c) => {
        await c.removeAllChannels();
        if (o.disconnect) await c.realtime.disconnect();
      }),
    );
  });
  return clients;
}

/** A new client (signed in when given a token) following one table's changes; `join` is how its subscription went. */
export async function watchTable(app: App, clients: SupabaseClient[], table: string, o: { token?: string; event?: '*' | 'INSERT' } = {}) {
  const c = supabaseFor(app);
  clients.push(c);
  if (o.token) await c.realtime.setAuth(o.token);
  const inbox = new Inbox<{ new: Record<string, unknown> }>();
  // One overload per event in supabase-js: the payload is read the same for both.
  const filter = { event: (o.event ?? '*') as '*', schema: 'public', table };
  const channel = c.channel(`watch-${randomUUID()}`).on('postgres_changes', filter, (p) => inbox.push(p));
  return { inbox, join: await subscribe(channel) };
}

export interface SubscribeOutcome {
  status: string;
  err?: Error;
}

/** Subscribes and resolves with the first status the client reports: SUBSCRIBED, CHANNEL_ERROR, TIMED_OUT or CLOSED. */
export function subscribe(channel: RealtimeChannel): Promise<SubscribeOutcome> {
  return new Promise((resolve) => {
    let done = false;
    channel.subscribe((status, err) => {
      if (done) return;
      done = true;
      resolve(err ? { status, err } : { status });
    });
  });
}

/** Collects values in arrival order; next() waits for the following one. */
export class Inbox<T> {
  readonly items: T[] = [];
  private read = 0;
  private waiter: (() => void) | null = null;

  readonly push = (item: T): void => {
    this.items.push(item);
    this.waiter?.();
  };

  async next(timeoutMs = 1000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    while (this.read >= this.items.length) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`nothing received within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.waiter = null;
    }
    return this.items[this.read++]!;
  }

  /** Waits a little and checks nothing more arrived. */
  async expectNothing(ms = 150): Promise<void> {
    await new Promise((r) => setTimeout(r, ms));
    if (this.read < this.items.length) throw new Error(`unexpected message: ${JSON.stringify(this.items[this.read])}`);
  }
}

export interface RawClient {
  ws: WebSocket;
  inbox: Inbox<unknown>;
  send(msg: unknown): void;
  closed: Promise<number>;
}

/** A bare socket speaking the wire protocol by hand: text frames are parsed, binary frames are kept as Buffers. */
export async function rawClient(app: App, opts: { vsn?: string; apikey?: string | null } = {}): Promise<RawClient> {
  const params = new URLSearchParams();
  const apikey = opts.apikey === undefined ? app.ctx.keys.anon : opts.apikey;
  if (apikey !== null) params.set('apikey', apikey);
  if (opts.vsn) params.set('vsn', opts.vsn);
  const ws = new WebSocket(`${httpUrl(app).replace('http', 'ws')}/realtime/v1/websocket?${params}`);
  const inbox = new Inbox<unknown>();
  ws.on('message', (data, isBinary) => {
    const buf = data as Buffer;
    inbox.push(isBinary ? buf : JSON.parse(buf.toString('utf8')));
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return { ws, inbox, closed, send: (msg) => ws.send(typeof msg === 'string' || Buffer.isBuffer(msg) ? msg : JSON.stringify(msg)) };
}

/** Opens a socket expecting the upgrade to be refused; resolves with the HTTP status. */
export function refusedUpgrade(app: App, query: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${httpUrl(app).replace('http', 'ws')}/realtime/v1/websocket${query}`);
    ws.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.on('open', () => reject(new Error('upgrade was accepted')));
    ws.on('error', () => {});
  });
}
