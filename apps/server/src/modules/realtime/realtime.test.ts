import { randomUUID } from 'node:crypto';
import type { RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, tokenFor } from '../../../test/factories.js';
import { driver, type TestContext } from '../../../test/harness.js';
import { sessions, translations } from '../../db/schema/index.js';
import { realtimeServiceFor } from './realtime.routes.js';
import { clientsClosedAfterEach, Inbox, startListeningApp, subscribe, supabaseFor } from './realtime.test-utils.js';

type Change = RealtimePostgresChangesPayload<Record<string, unknown>>;

let t: TestContext;
const clients = clientsClosedAfterEach({ disconnect: true });
beforeAll(async () => {
  t = await startListeningApp();
});
afterAll(async () => t?.close());

function client(key?: string): SupabaseClient {
  const c = supabaseFor(t.app, key);
  clients.push(c);
  return c;
}

/** A channel on translations; resolves once the server confirmed the subscription. */
async function watchTranslations(c: SupabaseClient, filter?: string) {
  const inbox = new Inbox<Change & { receivedAt: number }>();
  const channel = c
    .channel(`tr-${randomUUID()}`)
    .on('postgres_changes', { event: '*', schema: 'public', table: 'translations', ...(filter ? { filter } : {}) }, (p) =>
      inbox.push({ ...(p as Change), receivedAt: Date.now() }),
    );
  const outcome = await subscribe(channel);
  expect(outcome).toEqual({ status: 'SUBSCRIBED' });
  return { channel, inbox };
}

const key = () => `rt.${randomUUID()}`;

describe(`realtime postgres_changes (${driver})`, () => {
  it('delivers INSERT, UPDATE and DELETE of translations to supabase-js within 1 s', async () => {
    const { inbox } = await watchTranslations(client());
    const k = key();
    const latencies: number[] = [];

    let sentAt = Date.now();
    const [row] = await t.app.ctx.db.insert(translations).values({ key: k, language: 'en', value: 'Hello' }).returning();
    const ins = await inbox.next(1000);
    latencies.push(ins.receivedAt - sentAt);
    expect(ins.eventType).toBe('INSERT');
    expect(ins).toMatchObject({ schema: 'public', table: 'translations', errors: null });
    expect(ins.new).toMatchObject({ id: row!.id, key: k, language: 'en', value: 'Hello' });
    expect(Object.keys(ins.new)).toContain('created_at'); // snake_case, as in the table
    expect(ins.old).toEqual({});
    expect(typeof ins.commit_timestamp).toBe('string');

    sentAt = Date.now();
    await t.app.ctx.db.update(translations).set({ value: 'Hi' }).where(eq(translations.id, row!.id));
    const upd = await inbox.next(1000);
    latencies.push(upd.receivedAt - sentAt);
    expect(upd.eventType).toBe('UPDATE');
    expect(upd.new).toMatchObject({ id: row!.id, value: 'Hi' });
    expect(upd.old).toMatchObject({ id: row!.id, value: 'Hello' });

    sentAt = Date.now();
    await t.app.ctx.db.delete(translations).where(eq(translations.id, row!.id));
    const del = await inbox.next(1000);
    latencies.push(del.receivedAt - sentAt);
    expect(del.eventType).toBe('DELETE');
    expect(del.new).toEqual({});
    expect(del.old).toMatchObject({ id: row!.id, key: k, value: 'Hi' });
    console.log(`[realtime ${driver}] postgres_changes latency write->callback ms: ${latencies.join(', ')}`);
  });

  it('applies a filter: language=eq.ar delivers only matching rows', async () => {
    const { inbox } = await watchTranslations(client(), 'language=eq.ar');
    const k = key();
    await t.app.ctx.db.insert(translations).values({ key: k, language: 'en', value: 'Hello' });
    await t.app.ctx.db.insert(translations).values({ key: k, language: 'ar', value: 'مرحبا' });
    const first = await inbox.next(1000);
    // Changes arrive in commit order: the en row would have come first.
    expect(first.new).toMatchObject({ key: k, language: 'ar', value: 'مرحبا' });
    await inbox.expectNothing();
  });

  it('reads a row again when the notification was too large to carry it', async () => {
    const { inbox } = await watchTranslations(client());
    const big = 'x'.repeat(20_000);
    const [row] = await t.app.ctx.db.insert(translations).values({ key: key(), language: 'en', value: big }).returning();
    const ins = await inbox.next(1000);
    expect(ins.eventType).toBe('INSERT');
    expect(ins.new).toMatchObject({ id: row!.id, value: big });
  });

  it('refuses a table that is not registered, and a schema other than public', async () => {
    for (const binding of [
      { event: '*', schema: 'public', table: 'organizations' },
      { event: '*', schema: 'auth', table: 'users' },
    ] as const) {
      const system = new Inbox<Record<string, unknown>>();
      const channel = client()
        .channel(`deny-${randomUUID()}`)
        .on('postgres_changes', binding, () => {})
        .on('system', {}, (p) => system.push(p as Record<string, unknown>));
      const outcome = await subscribe(channel);
      expect(outcome.status).toBe('CHANNEL_ERROR');
      expect(outcome.err?.message).toMatch(/Unauthorized/);
      expect(await system.next()).toMatchObject({ status: 'error', extension: 'system' });
    }
  });

  it('refuses a join with an invalid or expired access token', async () => {
    const c = client();
    await c.realtime.setAuth('not-a-valid-token');
    const bad = await subscribe(
      c.channel('bad-token').on('postgres_changes', { event: '*', schema: 'public', table: 'translations' }, () => {}),
    );
    expect(bad.status).toBe('CHANNEL_ERROR');
    expect(bad.err?.message).toMatch(/Invalid token/);

    const u = await createUser(t.app);
    const [s] = await t.app.ctx.db.insert(sessions).values({ userId: u.id }).returning();
    const { token } = await t.app.ctx.jwt.signAccess(
      {
        sub: u.id,
        session_id: s!.id,
        email: u.email,
        phone: '',
        aal: 'aal1',
        amr: [],
        app_metadata: {},
        user_metadata: {},
        is_anonymous: false,
      },
      Date.now() - 2 * 3600_000,
    );
    const c2 = client();
    await c2.realtime.setAuth(token);
    const expired = await subscribe(c2.channel('expired-token'));
    expect(expired.status).toBe('CHANNEL_ERROR');
    expect(expired.err?.message).toMatch(/expired/);
  });

  it('serves a signed-in user and stops once the session is revoked', async () => {
    const u = await createUser(t.app);
    const token = await tokenFor(t.app, u);
    const c = client();
    await c.realtime.setAuth(token);
    const statuses = new Inbox<string>();
    const inbox = new Inbox<Change>();
    const channel = c
      .channel(`user-${randomUUID()}`)
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'translations' }, (p) => inbox.push(p as Change));
    channel.subscribe((status) => statuses.push(status));
    expect(await statuses.next(2000)).toBe('SUBSCRIBED');
    await t.app.ctx.db.insert(translations).values({ key: key(), language: 'en', value: 'one' });
    expect((await inbox.next()).new).toMatchObject({ value: 'one' });

    await t.app.ctx.db
      .update(sessions)
      .set({ notAfter: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, u.id));
    // The sweep re-checks sessions older than the cache lifetime; pretend that time has passed.
    await realtimeServiceFor(t.app.ctx)!.hub.revalidate(Date.now() + 60_000);
    expect(await statuses.next(1000)).toBe('CLOSED');
    await t.app.ctx.db.insert(translations).values({ key: key(), language: 'en', value: 'two' });
    await inbox.expectNothing();
  });

  it('closes a channel whose refreshed access token is invalid', async () => {
    const c = client();
    const statuses = new Inbox<string>();
    const system = new Inbox<Record<string, unknown>>();
    const channel = c
      .channel(`refresh-${randomUUID()}`)
      .on('postgres_changes', { event: '*', schema: 'public', table: 'translations' }, () => {})
      .on('system', {}, (p) => system.push(p as Record<string, unknown>));
    channel.subscribe((status) => statuses.push(status));
    expect(await statuses.next(2000)).toBe('SUBSCRIBED');
    expect(await system.next()).toMatchObject({ status: 'ok', extension: 'postgres_changes' });
    await c.realtime.setAuth('garbage.token.value');
    expect(await system.next()).toMatchObject({ status: 'error', message: expect.stringMatching(/Invalid token/) });
    expect(await statuses.next()).toBe('CLOSED');
  });
});
