import { randomUUID } from 'node:crypto';
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driver, type TestContext } from '../../../test/harness.js';
import { clientsClosedAfterEach, httpUrl, Inbox, memberTokenOf, startListeningApp, subscribe, supabaseFor } from './realtime.test-utils.js';

type Msg = { type: string; event: string; payload: unknown; receivedAt: number };

let t: TestContext;
const clients = clientsClosedAfterEach();
/** Broadcast and presence need an organization: every client here is a member of the same one. */
let memberToken: string;
beforeAll(async () => {
  t = await startListeningApp();
  memberToken = await memberTokenOf(t.app);
});
afterAll(async () => t?.close());

function client(vsn?: '1.0.0'): SupabaseClient {
  const c = vsn
    ? createClient(httpUrl(t.app), t.app.ctx.keys.anon, {
        auth: { persistSession: false, autoRefreshToken: false },
        realtime: { transport: WebSocket as never, vsn },
      })
    : supabaseFor(t.app);
  clients.push(c);
  void c.realtime.setAuth(memberToken);
  return c;
}

async function join(c: SupabaseClient, room: string, config: { self?: boolean; ack?: boolean } = {}) {
  const inbox = new Inbox<Msg>();
  const channel = c
    .channel(room, { config: { broadcast: { self: config.self ?? false, ack: config.ack ?? false } } })
    .on('broadcast', { event: '*' }, (m) => inbox.push({ ...(m as Omit<Msg, 'receivedAt'>), receivedAt: Date.now() }));
  expect(await subscribe(channel)).toEqual({ status: 'SUBSCRIBED' });
  return { channel, inbox };
}

describe(`realtime broadcast and presence (${driver})`, () => {
  it('fans a broadcast out to the other subscribers of the topic, not to the sender', async () => {
    const room = `room-${randomUUID()}`;
    const a = await join(client(), room, { ack: true });
    const b = await join(client(), room);
    const v1 = await join(client('1.0.0'), room);
    const other = await join(client(), `room-${randomUUID()}`);

    const sentAt = Date.now();
    expect(await a.channel.send({ type: 'broadcast', event: 'cursor', payload: { x: 1, label: 'سلام' } })).toBe('ok');
    const got = await b.inbox.next();
    expect(got).toMatchObject({ type: 'broadcast', event: 'cursor', payload: { x: 1, label: 'سلام' } });
    expect(await v1.inbox.next()).toMatchObject({ event: 'cursor', payload: { x: 1, label: 'سلام' } });
    console.log(`[realtime ${driver}] broadcast latency send->callback ms: ${got.receivedAt - sentAt}`);
    await a.inbox.expectNothing(50);
    await other.inbox.expectNothing(50);

    // From a vsn 1.0.0 client (JSON frames) to a vsn 2.0.0 one (binary frames).
    await v1.channel.send({ type: 'broadcast', event: 'hello', payload: { from: 'v1' } });
    expect(await b.inbox.next()).toMatchObject({ event: 'hello', payload: { from: 'v1' } });
  });

  it('echoes to the sender with self, and carries binary payloads', async () => {
    const room = `room-${randomUUID()}`;
    const a = await join(client(), room, { self: true });
    const b = await join(client(), room);
    await a.channel.send({ type: 'broadcast', event: 'me', payload: { n: 1 } });
    expect(await a.inbox.next()).toMatchObject({ event: 'me', payload: { n: 1 } });
    expect(await b.inbox.next()).toMatchObject({ event: 'me', payload: { n: 1 } });

    await a.channel.send({ type: 'broadcast', event: 'bytes', payload: new Uint8Array([1, 2, 250]).buffer });
    const bin = await b.inbox.next();
    expect(bin.event).toBe('bytes');
    expect([...new Uint8Array(bin.payload as ArrayBuffer)]).toEqual([1, 2, 250]);
  });

  it('accepts broadcasts through the REST endpoint realtime-js falls back to', async () => {
    const room = `room-${randomUUID()}`;
    const b = await join(client(), room);
    const res = await t.app.inject({
      method: 'POST',
      url: '/realtime/v1/api/broadcast',
      headers: { apikey: t.app.ctx.keys.anon, authorization: `Bearer ${memberToken}`, 'content-type': 'application/json' },
      payload: { messages: [{ topic: room, event: 'rest', payload: { ok: true } }] },
    });
    expect(res.statusCode).toBe(202);
    expect(await b.inbox.next()).toMatchObject({ event: 'rest', payload: { ok: true } });

    const noKey = await t.app.inject({ method: 'POST', url: '/realtime/v1/api/broadcast', payload: { messages: [] } });
    expect(noKey.statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/realtime/v1/api/broadcast',
      headers: { apikey: t.app.ctx.keys.anon },
      payload: { messages: 'nope' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('tracks presence and tells the others who joined and left', async () => {
    const room = `room-${randomUUID()}`;
    const watch = (key: string) => {
      const events = new Inbox<{ event: string; key: string }>();
      const channel: RealtimeChannel = client()
        .channel(room, { config: { presence: { key } } })
        .on('presence', { event: 'join' }, (p) => events.push({ event: 'join', key: p.key }))
        .on('presence', { event: 'leave' }, (p) => events.push({ event: 'leave', key: p.key }));
      return { channel, events };
    };
    const a = watch('alice');
    const b = watch('bob');
    expect(await subscribe(a.channel)).toEqual({ status: 'SUBSCRIBED' });
    expect(await subscribe(b.channel)).toEqual({ status: 'SUBSCRIBED' });
    expect(await a.channel.track({ online: true })).toBe('ok');
    expect(await b.events.next()).toEqual({ event: 'join', key: 'alice' });
    expect(b.channel.presenceState()).toMatchObject({ alice: [{ online: true }] });
    await a.channel.unsubscribe();
    expect(await b.events.next()).toEqual({ event: 'leave', key: 'alice' });
    expect(b.channel.presenceState()).toEqual({});
  });
});
