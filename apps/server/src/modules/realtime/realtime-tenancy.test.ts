import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, createUser, tokenFor } from '../../../test/factories.js';
import { driver, type TestContext } from '../../../test/harness.js';
import { readableByOrganization, registerRealtimeTable } from './realtime.policies.js';
import { clientsClosedAfterEach, Inbox, startListeningApp, subscribe, supabaseFor, watchTable } from './realtime.test-utils.js';

// A tenant table made for this suite, announced by the same trigger as the real ones.
const TABLE = 'rt_tenant_items';
let asyncPolicyCalls = 0;
registerRealtimeTable(TABLE, readableByOrganization);
registerRealtimeTable('rt_async_items', async (viewer, row) => {
  asyncPolicyCalls++;
  await new Promise((r) => setTimeout(r, 5));
  return viewer.kind === 'user' && row.owner_id === viewer.userId;
});

let t: TestContext;
const clients = clientsClosedAfterEach();
beforeAll(async () => {
  t = await startListeningApp();
  for (const name of [TABLE, 'rt_async_items']) {
    await t.app.ctx.db.execute(
      sql.raw(
        `create table public.${name} (id uuid primary key default gen_random_uuid(), org_id uuid, owner_id uuid, name text not null)`,
      ),
    );
    await t.app.ctx.db.execute(
      sql.raw(
        `create trigger ${name}_realtime after insert or update or delete on public.${name} for each row execute function public.realtime_notify()`,
      ),
    );
  }
});
afterAll(async () => t?.close());

async function watcher(table: string, token?: string) {
  const { inbox, join } = await watchTable(t.app, clients, table, { token, event: 'INSERT' });
  expect(join).toEqual({ status: 'SUBSCRIBED' });
  return inbox;
}

const insert = (table: string, values: { org_id?: string; owner_id?: string; name: string }) =>
  t.app.ctx.db.execute(
    sql`insert into ${sql.identifier(table)} (org_id, owner_id, name) values (${values.org_id ?? null}, ${values.owner_id ?? null}, ${values.name})`,
  );

describe(`realtime authorization (${driver})`, () => {
  it('delivers tenant rows only to members of the row organization', async () => {
    const orgA = await createOrg(t.app);
    const orgB = await createOrg(t.app);
    const alice = await createUser(t.app, { orgId: orgA.id, role: 'admin' });
    const bob = await createUser(t.app, { orgId: orgB.id, role: 'admin' });
    const aliceInbox = await watcher(TABLE, await tokenFor(t.app, alice));
    const bobInbox = await watcher(TABLE, await tokenFor(t.app, bob));
    // An anonymous socket may not even subscribe to a tenant table (only to the public ones).
    const anon = supabaseFor(t.app);
    clients.push(anon);
    const anonJoin = await subscribe(
      anon.channel(`w-${randomUUID()}`).on('postgres_changes', { event: 'INSERT', schema: 'public', table: TABLE }, () => {}),
    );
    expect(anonJoin.status).toBe('CHANNEL_ERROR');
    expect(anonJoin.err?.message).toMatch(/^Unauthorized/);

    await insert(TABLE, { org_id: orgA.id, name: 'for A' });
    await insert(TABLE, { org_id: orgB.id, name: 'for B' });
    expect((await aliceInbox.next()).new).toMatchObject({ org_id: orgA.id, name: 'for A' });
    expect((await bobInbox.next()).new).toMatchObject({ org_id: orgB.id, name: 'for B' });
    await aliceInbox.expectNothing();
    await bobInbox.expectNothing(0);
  });

  it('waits for asynchronous policies and keeps commit order', async () => {
    const u = await createUser(t.app);
    const other = await createUser(t.app);
    const inbox = await watcher('rt_async_items', await tokenFor(t.app, u));
    for (const name of ['1', '2', '3']) await insert('rt_async_items', { owner_id: u.id, name });
    await insert('rt_async_items', { owner_id: other.id, name: 'not mine' });
    await insert('rt_async_items', { owner_id: u.id, name: '4' });
    const names = [];
    for (let i = 0; i < 4; i++) names.push((await inbox.next()).new.name);
    expect(names).toEqual(['1', '2', '3', '4']);
    await inbox.expectNothing();
    expect(asyncPolicyCalls).toBe(5);
  });

  it('lets a service key read every registered table but still refuses unregistered ones', async () => {
    const c = supabaseFor(t.app, t.app.ctx.keys.service);
    clients.push(c);
    const inbox = new Inbox<{ new: Record<string, unknown> }>();
    const ok = c
      .channel(`svc-${randomUUID()}`)
      .on('postgres_changes', { event: '*', schema: 'public', table: TABLE }, (p) => inbox.push(p));
    expect(await subscribe(ok)).toEqual({ status: 'SUBSCRIBED' });
    const org = await createOrg(t.app);
    await insert(TABLE, { org_id: org.id, name: 'any org' });
    expect((await inbox.next()).new).toMatchObject({ name: 'any org' });
    const denied = c
      .channel(`svc-deny-${randomUUID()}`)
      .on('postgres_changes', { event: '*', schema: 'public', table: 'audit_log' }, () => {});
    expect((await subscribe(denied)).status).toBe('CHANNEL_ERROR');
  });

  it('serves an all-tables binding from every registered table under each table policy', async () => {
    const org = await createOrg(t.app);
    const u = await createUser(t.app, { orgId: org.id, role: 'admin' });
    const c = supabaseFor(t.app);
    clients.push(c);
    await c.realtime.setAuth(await tokenFor(t.app, u));
    const inbox = new Inbox<{ table: string; new: Record<string, unknown> }>();
    const ch = c.channel(`all-${randomUUID()}`).on('postgres_changes', { event: 'INSERT', schema: 'public' }, (p) => inbox.push(p));
    expect(await subscribe(ch)).toEqual({ status: 'SUBSCRIBED' });
    await insert(TABLE, { org_id: randomUUID(), name: 'other org' });
    await insert(TABLE, { org_id: org.id, name: 'mine' });
    await t.app.ctx.db.execute(sql`insert into translations (key, language, value) values (${`rt.${randomUUID()}`}, 'en', 'x')`);
    expect(await inbox.next()).toMatchObject({ table: TABLE, new: { name: 'mine' } });
    expect(await inbox.next()).toMatchObject({ table: 'translations', new: { value: 'x' } });
    await inbox.expectNothing();
  });
});
