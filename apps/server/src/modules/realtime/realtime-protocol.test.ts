import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { driver, type TestContext } from '../../../test/harness.js';
import { realtimeServiceFor } from './realtime.routes.js';
import { memberTokenOf, rawClient, type RawClient, refusedUpgrade, startListeningApp } from './realtime.test-utils.js';

let t: TestContext;
const sockets: RawClient[] = [];
/** Channels without postgres_changes need an organization (broadcast and presence are members only). */
let memberToken: string;
beforeAll(async () => {
  t = await startListeningApp();
  memberToken = await memberTokenOf(t.app);
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.ws.terminate();
});
afterAll(async () => t?.close());

async function open(opts: Parameters<typeof rawClient>[1] = { vsn: '2.0.0' }) {
  const s = await rawClient(t.app, opts);
  sockets.push(s);
  return s;
}

const join = (topic: string, ref: string, payload?: unknown) => [
  ref,
  ref,
  topic,
  'phx_join',
  payload ?? { config: {}, access_token: memberToken },
];

/** A user broadcast push (kind 3) as realtime-js's serializer builds it. */
function binaryPush(joinRef: string, ref: string, topic: string, event: string, json: unknown): Buffer {
  const body = Buffer.from(JSON.stringify(json));
  const head = Buffer.from([3, joinRef.length, ref.length, topic.length, event.length, 0, 1]);
  return Buffer.concat([head, Buffer.from(joinRef + ref + topic + event, 'latin1'), body]);
}

describe(`realtime wire protocol (${driver})`, () => {
  it('answers heartbeats in both serializer versions', async () => {
    const v2 = await open();
    v2.send([null, '7', 'phoenix', 'heartbeat', {}]);
    expect(await v2.inbox.next()).toEqual([null, '7', 'phoenix', 'phx_reply', { status: 'ok', response: {} }]);
    const v1 = await open({ vsn: '1.0.0' });
    v1.send({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '3' });
    expect(await v1.inbox.next()).toEqual({
      topic: 'phoenix',
      event: 'phx_reply',
      payload: { status: 'ok', response: {} },
      ref: '3',
      join_ref: null,
    });
  });

  it('refuses the upgrade without a valid API key or with an unknown vsn', async () => {
    expect(await refusedUpgrade(t.app, '?vsn=2.0.0')).toBe(401);
    expect(await refusedUpgrade(t.app, '?vsn=2.0.0&apikey=nope')).toBe(401);
    expect(await refusedUpgrade(t.app, `?vsn=9.9.9&apikey=${t.app.ctx.keys.anon}`)).toBe(400);
  });

  it('survives garbage: error replies, then a close, and the server keeps serving', async () => {
    const s = await open();
    for (const junk of [
      'not json',
      '{"a":1}',
      '[1,2,3]',
      '[null,"1",42,"phx_join",{}]',
      Buffer.from([9, 9, 9]),
      Buffer.from([3, 200, 200, 200, 200, 200, 1]),
    ]) {
      s.send(junk);
      expect(await s.inbox.next()).toEqual([null, null, 'phoenix', 'phx_error', { reason: 'malformed message' }]);
    }
    s.send(join('realtime:x', '1', 'not an object'));
    expect(await s.inbox.next()).toMatchObject(['1', '1', 'realtime:x', 'phx_reply', { status: 'error' }]);
    expect(await s.inbox.next()).toMatchObject(['1', null, 'realtime:x', 'system', { status: 'error', extension: 'system' }]);
    s.send(['1', '2', 'realtime:never-joined', 'broadcast', { type: 'broadcast', event: 'e', payload: {} }]);
    expect(await s.inbox.next()).toEqual([
      '1',
      '2',
      'realtime:never-joined',
      'phx_reply',
      { status: 'error', response: { reason: 'unmatched topic' } },
    ]);
    s.send(join('realtime:bad', '3', { config: { postgres_changes: [{ event: 'EXPLODE', schema: 'public', table: 'translations' }] } }));
    expect(await s.inbox.next()).toMatchObject(['3', '3', 'realtime:bad', 'phx_reply', { status: 'error' }]);
    await s.inbox.next(); // its system message

    // Past the limit of malformed frames the socket is closed; an oversized frame closes it too.
    for (let i = 0; i < 30; i++) s.send('garbage');
    expect(await s.closed).toBe(1008);
    const big = await open();
    big.send('x'.repeat(1024 * 1024 + 10));
    expect(await big.closed).toBe(1009);

    const fresh = await open();
    fresh.send([null, '1', 'phoenix', 'heartbeat', {}]);
    expect(await fresh.inbox.next()).toMatchObject([null, '1', 'phoenix', 'phx_reply', { status: 'ok' }]);
    expect((await t.app.inject({ url: '/api/v1/health' })).statusCode).toBe(200);
  });

  it('replies to a join with the binding ids realtime-js matches, then a system message', async () => {
    const s = await open();
    const binding = { event: 'INSERT', schema: 'public', table: 'translations', filter: 'language=in.(ar,en)' };
    s.send(join('realtime:ids', '1', { config: { postgres_changes: [binding, { event: '*', schema: 'public', table: 'languages' }] } }));
    const [, , , event, payload] = (await s.inbox.next()) as [
      string,
      string,
      string,
      string,
      { status: string; response: { postgres_changes: { id: number }[] } },
    ];
    expect(event).toBe('phx_reply');
    expect(payload.status).toBe('ok');
    const [first, second] = payload.response.postgres_changes;
    expect(first).toEqual({ id: expect.any(Number), ...binding });
    expect(second).toEqual({ id: expect.any(Number), event: '*', schema: 'public', table: 'languages' });
    expect(first!.id).not.toBe(second!.id);
    expect(await s.inbox.next()).toEqual([
      '1',
      null,
      'realtime:ids',
      'system',
      { message: 'Subscribed to PostgreSQL', status: 'ok', extension: 'postgres_changes', channel: 'ids' },
    ]);

    s.send(
      join('realtime:badcol', '2', {
        config: { postgres_changes: [{ event: '*', schema: 'public', table: 'translations', filter: 'nope=eq.1' }] },
      }),
    );
    expect(await s.inbox.next()).toMatchObject([
      '2',
      '2',
      'realtime:badcol',
      'phx_reply',
      { status: 'error', response: { reason: expect.stringMatching(/column "nope"/) } },
    ]);
    await s.inbox.next(); // its system message
    s.send(join('realtime:private', '3', { config: { private: true } }));
    expect(await s.inbox.next()).toMatchObject(['3', '3', 'realtime:private', 'phx_reply', { status: 'error' }]);
  });

  it('relays binary user broadcasts as kind 4 frames and acknowledges when asked', async () => {
    const a = await open();
    const b = await open();
    a.send(join('realtime:bin', '1', { config: { broadcast: { ack: true, self: false } }, access_token: memberToken }));
    b.send(join('realtime:bin', '1'));
    await a.inbox.next();
    await b.inbox.next();
    a.send(binaryPush('1', '2', 'realtime:bin', 'ping', { n: 42 }));
    expect(await a.inbox.next()).toEqual(['1', '2', 'realtime:bin', 'phx_reply', { status: 'ok', response: {} }]);
    const frame = (await b.inbox.next()) as Buffer;
    expect(Buffer.isBuffer(frame)).toBe(true);
    expect([frame[0], frame[1], frame[2], frame[3], frame[4]]).toEqual([4, 'realtime:bin'.length, 'ping'.length, 0, 1]);
    expect(frame.subarray(5, 5 + 12).toString()).toBe('realtime:bin');
    expect(JSON.parse(frame.subarray(5 + 12 + 4).toString())).toEqual({ n: 42 });
  });

  it('limits channels per socket, leaves on request, and drops silent sockets', async () => {
    const s = await open();
    for (let i = 0; i < 100; i++) s.send(join(`realtime:c${i}`, String(i)));
    for (let i = 0; i < 100; i++)
      expect(await s.inbox.next()).toMatchObject([String(i), String(i), `realtime:c${i}`, 'phx_reply', { status: 'ok' }]);
    s.send(join('realtime:one-too-many', '100'));
    expect(await s.inbox.next()).toMatchObject([
      '100',
      '100',
      'realtime:one-too-many',
      'phx_reply',
      { status: 'error', response: { reason: expect.stringMatching(/too many channels/) } },
    ]);
    await s.inbox.next(); // its system message
    s.send(['0', '101', 'realtime:c0', 'phx_leave', {}]);
    expect(await s.inbox.next()).toEqual(['0', '101', 'realtime:c0', 'phx_reply', { status: 'ok', response: {} }]);
    s.send(join('realtime:now-fits', '102'));
    expect(await s.inbox.next()).toMatchObject(['102', '102', 'realtime:now-fits', 'phx_reply', { status: 'ok' }]);

    const { hub } = realtimeServiceFor(t.app.ctx)!;
    const before = hub.connectionCount;
    hub.sweepIdle(Date.now() + 61_000);
    expect(await s.closed).toBeGreaterThan(0);
    expect(hub.connectionCount).toBeLessThan(before);
  });
});
