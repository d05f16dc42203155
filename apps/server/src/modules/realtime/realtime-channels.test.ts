import { randomUUID } from 'node:crypto';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, createUser, tokenFor } from '../../../test/factories.js';
import { createTestApp, driver, type TestContext } from '../../../test/harness.js';
import { organizationMemberships, sessions, userRoles } from '../../db/schema/index.js';
import { translations } from '../../db/schema/index.js';
import { realtimeServiceFor } from './realtime.routes.js';
import { Inbox, rawClient, subscribe, supabaseFor, type RawClient } from './realtime.test-utils.js';

// Issue 12 item 7: broadcast and presence were shared by every organization and by anonymous sockets.

type Msg = { event: string; payload: Record<string, unknown> };

let t: TestContext;
const clients: SupabaseClient[] = [];
const sockets: RawClient[] = [];
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(async () => {
  for (const s of sockets.splice(0)) s.ws.terminate();
  await Promise.all(
    clients.splice(0).map(async (c) => {
      await c.removeAllChannels();
      await c.realtime.disconnect();
    }),
  );
});
afterAll(async () => t?.close());

async function client(token?: string): Promise<SupabaseClient> {
  const c = supabaseFor(t.app);
  clients.push(c);
  if (token) await c.realtime.setAuth(token);
  return c;
}

async function member(orgId: string, role = 'super_admin') {
  const u = await createUser(t.app, { orgId, role });
  return { ...u, token: await tokenFor(t.app, u) };
}

interface Joined {
  channel: RealtimeChannel;
  inbox: Inbox<Msg>;
  statuses: Inbox<string>;
  presence: Inbox<{ event: string; key: string }>;
}

/** Joins a topic and listens to broadcasts and presence; resolves with the first status. */
async function join(
  c: SupabaseClient,
  topic: string,
  opts: { private?: boolean; presenceKey?: string; self?: boolean; ack?: boolean } = {},
) {
  const inbox = new Inbox<Msg>();
  const statuses = new Inbox<string>();
  const presence = new Inbox<{ event: string; key: string }>();
  const channel = c
    .channel(topic, {
      config: {
        private: opts.private ?? false,
        broadcast: { self: opts.self ?? false, ack: opts.ack ?? false },
        presence: { key: opts.presenceKey ?? '' },
      },
    })
    .on('broadcast', { event: '*' }, (m) => inbox.push(m as unknown as Msg));
  // Presence listeners make realtime-js ask for presence at join: only when the test wants it.
  if (opts.presenceKey) {
    channel
      .on('presence', { event: 'join' }, (p) => presence.push({ event: 'join', key: p.key }))
      .on('presence', { event: 'leave' }, (p) => presence.push({ event: 'leave', key: p.key }));
  }
  const errors: string[] = [];
  channel.subscribe((status, err) => {
    if (err) errors.push(err.message);
    statuses.push(status);
  });
  const first = await statuses.next(3000);
  return { channel, inbox, statuses, presence, status: first, error: errors[0] } as Joined & { status: string; error?: string };
}

const rest = (headers: Record<string, string>, messages: unknown[]) =>
  t.app.inject({
    method: 'POST',
    url: '/realtime/v1/api/broadcast',
    headers: { 'content-type': 'application/json', ...headers },
    payload: { messages },
  });

describe(`realtime channel tenancy (${driver})`, () => {
  it("keeps one organization's broadcast away from another organization on the same topic", async () => {
    const [orgA, orgB] = [await createOrg(t.app), await createOrg(t.app)];
    const topic = `room-${randomUUID()}`;
    const a1 = await join(await client((await member(orgA.id)).token), topic, { ack: true });
    const a2 = await join(await client((await member(orgA.id)).token), topic);
    const b = await join(await client((await member(orgB.id)).token), topic);
    expect([a1.status, a2.status, b.status]).toEqual(['SUBSCRIBED', 'SUBSCRIBED', 'SUBSCRIBED']);

    expect(await a1.channel.send({ type: 'broadcast', event: 'note', payload: { secret: 'A' } })).toBe('ok');
    expect(await a2.inbox.next()).toMatchObject({ event: 'note', payload: { secret: 'A' } });
    await b.inbox.expectNothing();
    await b.channel.send({ type: 'broadcast', event: 'note', payload: { secret: 'B' } });
    await a1.inbox.expectNothing();
    await a2.inbox.expectNothing(0);
  });

  it('keeps presence (user ids and metadata) within the organization', async () => {
    const [orgA, orgB] = [await createOrg(t.app), await createOrg(t.app)];
    const topic = `room-${randomUUID()}`;
    const alice = await member(orgA.id);
    const a = await join(await client(alice.token), topic, { presenceKey: alice.id });
    const a2 = await join(await client((await member(orgA.id)).token), topic, { presenceKey: 'a2' });
    const b = await join(await client((await member(orgB.id)).token), topic, { presenceKey: 'bob' });
    expect(await a.channel.track({ email: alice.email })).toBe('ok');
    expect(await a2.presence.next()).toEqual({ event: 'join', key: alice.id });
    await b.presence.expectNothing();
    expect(b.channel.presenceState()).toEqual({});
  });

  it('lets anonymous sockets join only public topics, never a members broadcast or presence', async () => {
    const org = await createOrg(t.app);
    const topic = `room-${randomUUID()}`;
    const m = await join(await client((await member(org.id)).token), topic);
    const anon = await join(await client(), topic);
    expect(anon.status).toBe('CHANNEL_ERROR');
    expect(anon.error).toMatch(/^Unauthorized/);
    await m.channel.send({ type: 'broadcast', event: 'note', payload: { secret: 1 } });
    await anon.inbox.expectNothing();

    // The REST endpoint follows the same rules: the anon key cannot reach members either.
    const res = await rest({ apikey: t.app.ctx.keys.anon }, [{ topic, event: 'spoof', payload: { x: 1 } }]);
    expect(res.statusCode).toBe(403);
    await m.inbox.expectNothing();
  });

  it('authorizes private channels per topic rule, with Supabase error reasons', async () => {
    const org = await createOrg(t.app);
    const topic = `products:${randomUUID()}`;
    const allowed = await join(await client((await member(org.id, 'product_team')).token), topic, { private: true });
    expect(allowed.status).toBe('SUBSCRIBED');
    const denied = await join(await client((await member(org.id, 'vendor_manager')).token), topic, { private: true });
    expect(denied.status).toBe('CHANNEL_ERROR');
    expect(denied.error).toBe(`Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`);
    const anon = await join(await client(), topic, { private: true });
    expect(anon.status).toBe('CHANNEL_ERROR');
    // A public channel of the same name is another topic: its messages never reach the private one.
    const pub = await join(await client((await member(org.id, 'vendor_manager')).token), topic);
    expect(pub.status).toBe('SUBSCRIBED');
    await pub.channel.send({ type: 'broadcast', event: 'x', payload: {} });
    await allowed.inbox.expectNothing();
  });

  it('moves a channel with the token: another organization’s token no longer hears the first one', async () => {
    const [orgA, orgB] = [await createOrg(t.app), await createOrg(t.app)];
    const topic = `room-${randomUUID()}`;
    const sender = await join(await client((await member(orgA.id)).token), topic);
    const c = await client((await member(orgA.id)).token);
    const switcher = await join(c, topic);
    const bob = await member(orgB.id);
    await c.realtime.setAuth(bob.token);
    await new Promise((r) => setTimeout(r, 100));
    await sender.channel.send({ type: 'broadcast', event: 'after', payload: {} });
    await switcher.inbox.expectNothing();
  });

  it('stops a member removed from the organization mid-socket', async () => {
    const org = await createOrg(t.app);
    const topic = `room-${randomUUID()}`;
    const sender = await join(await client((await member(org.id)).token), topic);
    const leaver = await member(org.id);
    const j = await join(await client(leaver.token), topic);
    expect(j.status).toBe('SUBSCRIBED');
    await t.app.ctx.db.delete(userRoles).where(eq(userRoles.userId, leaver.id));
    await t.app.ctx.db
      .delete(organizationMemberships)
      .where(and(eq(organizationMemberships.userId, leaver.id), eq(organizationMemberships.orgId, org.id)));
    await realtimeServiceFor(t.app.ctx)!.hub.revalidate(Date.now() + 60_000);
    expect(await j.statuses.next()).toBe('CLOSED');
    await sender.channel.send({ type: 'broadcast', event: 'after', payload: {} });
    await j.inbox.expectNothing();
  });

  it('refuses topics with control characters or lone surrogates', async () => {
    const org = await createOrg(t.app);
    const token = (await member(org.id)).token;
    const s = await rawClient(t.app, { vsn: '1.0.0' });
    sockets.push(s);
    for (const [i, topic] of ['realtime:room\u0000x', 'realtime:room\u001bx', 'realtime:room\ud800', 'realtime:'].entries()) {
      s.send({ topic, event: 'phx_join', payload: { config: {}, access_token: token }, ref: String(i), join_ref: String(i) });
      expect(await s.inbox.next()).toMatchObject({
        topic,
        event: 'phx_reply',
        payload: { status: 'error', response: { reason: expect.stringMatching(/^unmatched topic/) } },
      });
      await s.inbox.next(); // its system message
    }
  });

  it('refuses a broadcast the channel may not send, with or without ack and self, and delivers nothing', async () => {
    const org = await createOrg(t.app);
    const topic = `public:news-${randomUUID()}`;
    const reader = await join(await client((await member(org.id)).token), topic);
    expect(reader.status).toBe('SUBSCRIBED');
    const s = await rawClient(t.app, { vsn: '1.0.0' });
    sockets.push(s);
    const full = `realtime:${topic}`;
    s.send({
      topic: full,
      event: 'phx_join',
      payload: { config: { broadcast: { self: true, ack: true } }, access_token: (await member(org.id)).token },
      ref: '1',
      join_ref: '1',
    });
    expect(await s.inbox.next()).toMatchObject({ event: 'phx_reply', payload: { status: 'ok' } });
    s.send({ topic: full, event: 'broadcast', payload: { type: 'broadcast', event: 'spoof', payload: {} }, ref: '2', join_ref: '1' });
    expect(await s.inbox.next()).toMatchObject({
      event: 'phx_reply',
      ref: '2',
      payload: {
        status: 'error',
        response: { reason: `Unauthorized: You do not have permissions to write to this Channel topic: ${topic}` },
      },
    });
    s.send({ topic: full, event: 'presence', payload: { type: 'presence', event: 'track', payload: {} }, ref: '3', join_ref: '1' });
    expect(await s.inbox.next()).toMatchObject({ event: 'phx_reply', ref: '3', payload: { status: 'error' } });
    await s.inbox.expectNothing(); // no self echo
    await reader.inbox.expectNothing(0);
    // The service key is the one sender of public topics.
    const res = await rest({ apikey: t.app.ctx.keys.service }, [{ topic, event: 'notice', payload: { n: 1 } }]);
    expect(res.statusCode).toBe(202);
    expect(await reader.inbox.next()).toMatchObject({ event: 'notice', payload: { n: 1 } });
  });

  it('closes a channel whose token expired before it sends, and sends nothing to an expired listener', async () => {
    const org = await createOrg(t.app);
    const topic = `room-${randomUUID()}`;
    const u = await createUser(t.app, { orgId: org.id, role: 'super_admin' });
    const [session] = await t.app.ctx.db.insert(sessions).values({ userId: u.id }).returning();
    const claims = {
      sub: u.id,
      session_id: session!.id,
      email: u.email,
      phone: '',
      aal: 'aal1' as const,
      amr: [],
      app_metadata: {},
      user_metadata: {},
      is_anonymous: false,
    };
    const other = await join(await client((await member(org.id)).token), topic);
    // Issued so that it has two or three seconds left.
    const { token, exp } = await t.app.ctx.jwt.signAccess(claims, Date.now() - (t.app.ctx.config.jwtExpiry - 3) * 1000);
    const expiring = await join(await client(token), topic);
    expect(expiring.status).toBe('SUBSCRIBED');
    await new Promise((r) => setTimeout(r, exp * 1000 - Date.now() + 50));
    await other.channel.send({ type: 'broadcast', event: 'late', payload: {} });
    expect(await expiring.statuses.next()).toBe('CLOSED');
    await expiring.inbox.expectNothing();
  });

  it('notices a removal from the organization at the next sweep, without waiting for the token cache', async () => {
    const org = await createOrg(t.app);
    const leaver = await member(org.id);
    const j = await join(await client(leaver.token), `room-${randomUUID()}`);
    expect(j.status).toBe('SUBSCRIBED');
    await t.app.ctx.db.delete(organizationMemberships).where(eq(organizationMemberships.userId, leaver.id));
    expect(await j.statuses.next(7000)).toBe('CLOSED');
  });

  it("keeps the SPA's languages and translations channel through sign-in and sign-out", async () => {
    const org = await createOrg(t.app);
    const c = await client();
    const changes = new Inbox<string>();
    const channel = c
      .channel('i18n-changes')
      .on('postgres_changes', { event: '*', schema: 'public', table: 'languages' }, () => changes.push('languages'))
      .on('postgres_changes', { event: '*', schema: 'public', table: 'translations' }, () => changes.push('translations'));
    expect(await subscribe(channel)).toEqual({ status: 'SUBSCRIBED' });
    const write = () => t.app.ctx.db.insert(translations).values({ key: `rt.${randomUUID()}`, language: 'en', value: 'x' });
    await write();
    expect(await changes.next()).toBe('translations');
    await c.realtime.setAuth((await member(org.id)).token);
    await new Promise((r) => setTimeout(r, 100));
    await write();
    expect(await changes.next()).toBe('translations');
    await c.realtime.setAuth(t.app.ctx.keys.anon);
    await new Promise((r) => setTimeout(r, 100));
    await write();
    expect(await changes.next()).toBe('translations');
    expect(channel.state).toBe('joined');
  });
});
