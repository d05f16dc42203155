import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { auditLog, mfaFactors, profiles } from '../../db/schema/index.js';
import { createTestApp, driver, type TestContext } from '../../../test/harness.js';
import { ANON_READS_PER_MINUTE } from './rest.routes.js';
import { bearer, createOrg, createUser, enablePermission, TEST_PASSWORD, tokenFor, type TestUser } from '../../../test/factories.js';

/** The table service (/rest/v1) as supabase-js speaks it, and as an anonymous visitor, another organization and a low role attack it. */
let t: TestContext;
let url: string;
let orgA: string;
let orgB: string;
let admin: TestUser;
let marketer: TestUser;
let stranger: TestUser;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function signedIn(user: TestUser): Promise<SupabaseClient> {
  const sb = createClient(url, t.app.ctx.keys.anon, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });
  const { error } = await sb.auth.signInWithPassword({ email: user.email, password: TEST_PASSWORD });
  if (error) throw error;
  return sb;
}

const anonClient = () =>
  createClient(url, t.app.ctx.keys.anon, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });

async function raw(method: string, path: string, headers: Record<string, string> = {}, payload?: unknown) {
  const res = await t.app.inject({
    method: method as 'GET',
    url: `/rest/v1/${path}`,
    headers: { apikey: t.app.ctx.keys.anon, ...(payload === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    payload: payload === undefined ? undefined : JSON.stringify(payload),
  });
  return { status: res.statusCode, headers: res.headers, body: res.body ? (JSON.parse(res.body) as Json) : null };
}

beforeAll(async () => {
  t = await createTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  orgA = (await createOrg(t.app)).id;
  orgB = (await createOrg(t.app)).id;
  admin = await createUser(t.app, { orgId: orgA, role: 'super_admin' });
  marketer = await createUser(t.app, { orgId: orgA, role: 'marketing' });
  stranger = await createUser(t.app, { orgId: orgB, role: 'super_admin' });
  await enablePermission(t.app, orgA, 'marketing', 'import');
  await enablePermission(t.app, orgA, 'marketing', 'settings', false);
  await enablePermission(t.app, orgA, 'product_team', 'assets');
  await enablePermission(t.app, orgB, 'marketing', 'integrations');
});
afterAll(async () => t?.close());

describe(`table service: the shell's calls through supabase-js (${driver})`, () => {
  it('reads membership, newest role, the matrix keys of that role, the profile, languages and translations', async () => {
    const sb = await signedIn(marketer);
    const membership = await sb.from('organization_memberships').select('org_id').eq('user_id', marketer.id).single();
    expect(membership).toMatchObject({ error: null, status: 200, data: { org_id: orgA } });

    const roles = await sb
      .from('user_roles')
      .select('id, role, org_id')
      .eq('user_id', marketer.id)
      .eq('org_id', orgA)
      .order('created_at', { ascending: false })
      .limit(1);
    expect(roles.data).toEqual([{ id: expect.any(String), role: 'marketing', org_id: orgA }]);

    const keys = await sb
      .from('role_permission_matrix')
      .select('permission_key')
      .eq('org_id', orgA)
      .eq('role_name', 'marketing')
      .eq('is_enabled', true);
    expect(keys).toMatchObject({ error: null, data: [{ permission_key: 'import' }] });

    const profile = await sb.from('profiles').select('*').eq('user_id', marketer.id).single();
    expect(profile.error).toBeNull();
    expect(profile.data).toMatchObject({ user_id: marketer.id, full_name: 'Test User' });
    expect(profile.data.updated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/);

    const languages = await sb
      .from('languages')
      .select('code, name, native_name, is_default, text_direction')
      .eq('is_active', true)
      .order('sort_order');
    expect(languages.data!.map((l) => l.code).slice(0, 2)).toEqual(['en', 'ar']);
    expect(languages.data!.find((l) => l.code === 'ar')).toMatchObject({ text_direction: 'rtl', is_default: false });

    // Every shipped string in one answer, as the shell reads them.
    const translations = await sb.from('translations').select('key, language, value');
    expect(translations.error).toBeNull();
    expect(translations.data!.length).toBeGreaterThan(1000);
    expect(Object.keys(translations.data![0]!).sort()).toEqual(['key', 'language', 'value']);
    // Other tables answer at most 1000 rows, a Supabase project's default.
    expect((await sb.from('role_permission_matrix').select('*').limit(5000)).error).toBeNull();
  });

  it('a missing profile is PGRST116 on .single() (the shell tolerates it) and null on .maybeSingle()', async () => {
    const user = await createUser(t.app, { orgId: orgA, role: 'content' });
    await t.app.ctx.db.delete(profiles).where(eq(profiles.userId, user.id));
    const sb = await signedIn(user);
    const single = await sb.from('profiles').select('*').eq('user_id', user.id).single();
    expect(single.status).toBe(406);
    expect(single.error).toMatchObject({ code: 'PGRST116' });
    expect(await sb.from('profiles').select('*').eq('user_id', user.id).maybeSingle()).toMatchObject({ data: null, error: null });
  });

  it('upserts the own profile on user_id, audited, and refuses bad values naming the column', async () => {
    const user = await createUser(t.app, { orgId: orgA, role: 'content' });
    const sb = await signedIn(user);
    const up = await sb
      .from('profiles')
      .upsert(
        { user_id: user.id, full_name: 'Rana Haddad', email: 'rana@example.test', avatar_url: null, updated_at: new Date().toISOString() },
        { onConflict: 'user_id' },
      )
      .select()
      .single();
    expect(up.error).toBeNull();
    expect(up.data).toMatchObject({ user_id: user.id, full_name: 'Rana Haddad', email: 'rana@example.test' });
    const [row] = await t.app.ctx.db.select().from(profiles).where(eq(profiles.userId, user.id));
    expect(row!.fullName).toBe('Rana Haddad');
    const audits = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'profile'), eq(auditLog.entityId, row!.id)));
    expect(audits.length).toBeGreaterThan(0);

    const updated = await sb.from('profiles').update({ full_name: 'Rana H.' }).eq('user_id', user.id).select('full_name');
    expect(updated).toMatchObject({ error: null, data: [{ full_name: 'Rana H.' }] });

    const badEmail = await sb.from('profiles').upsert({ user_id: user.id, email: 'not an address' }, { onConflict: 'user_id' });
    expect(badEmail.status).toBe(400);
    expect(badEmail.error).toMatchObject({ code: '23514', message: expect.stringContaining('email') });
    const longName = await sb.from('profiles').upsert({ user_id: user.id, full_name: 'x'.repeat(201) }, { onConflict: 'user_id' });
    expect(longName.error?.message).toMatch(/^full_name: /);
    // A plain insert of an existing row is a conflict, as PostgreSQL would say it.
    expect((await sb.from('profiles').insert({ user_id: user.id, full_name: 'Again' })).error).toMatchObject({ code: '23505' });
    expect((await sb.from('profiles').select('full_name').eq('user_id', user.id).single()).data).toEqual({ full_name: 'Rana H.' });
  });
});

describe(`table service: row policies under attack (${driver})`, () => {
  it('another organization reads none of this one’s matrix, memberships, roles or profiles', async () => {
    const sb = await signedIn(stranger);
    expect((await sb.from('role_permission_matrix').select('*').eq('org_id', orgA)).data).toEqual([]);
    const own = await sb.from('role_permission_matrix').select('org_id, permission_key');
    expect(own.data).toEqual([{ org_id: orgB, permission_key: 'integrations' }]);
    expect((await sb.from('organization_memberships').select('user_id')).data).toEqual([{ user_id: stranger.id }]);
    expect((await sb.from('user_roles').select('user_id').eq('org_id', orgA)).data).toEqual([]);
    expect((await sb.from('profiles').select('user_id').in('user_id', [admin.id, marketer.id])).data).toEqual([]);
  });

  it('a low role sees its own role’s matrix rows only; a user manager sees every role of the organization', async () => {
    const low = await signedIn(marketer);
    const seen = await low.from('role_permission_matrix').select('role_name, permission_key, is_enabled').order('permission_key');
    expect(seen.data).toEqual([
      { role_name: 'marketing', permission_key: 'import', is_enabled: true },
      { role_name: 'marketing', permission_key: 'settings', is_enabled: false },
    ]);
    expect((await low.from('role_permission_matrix').select('*').eq('role_name', 'product_team')).data).toEqual([]);
    const top = await signedIn(admin);
    const all = await top.from('role_permission_matrix').select('role_name', { count: 'exact' });
    expect(all.count).toBe(3);
  });

  it('a session still owing its second factor reads its own rows but no matrix', async () => {
    const user = await createUser(t.app, { orgId: orgA, role: 'marketing' });
    await t.app.ctx.db.insert(mfaFactors).values({ userId: user.id, factorType: 'totp', status: 'verified', secret: 'x' });
    const token = await tokenFor(t.app, user);
    expect((await raw('GET', 'role_permission_matrix?select=permission_key', bearer(token))).body).toEqual([]);
    expect((await raw('GET', 'user_roles?select=role', bearer(token))).body).toEqual([{ role: 'marketing' }]);
    const write = await raw('POST', 'profiles', bearer(token), { user_id: user.id, full_name: 'Nope' });
    expect(write.status).toBe(403);
  });

  it('an anonymous visitor reads the shipped languages, and no tenant row', async () => {
    const anon = anonClient();
    expect((await anon.from('languages').select('code').eq('code', 'en')).data).toEqual([{ code: 'en' }]);
    for (const table of ['organization_memberships', 'user_roles', 'role_permission_matrix', 'profiles'])
      expect((await anon.from(table).select('*')).data, table).toEqual([]);
    const write = await anon.from('profiles').insert({ user_id: admin.id, full_name: 'Mallory' });
    expect(write.error).toMatchObject({ code: '42501' });
    // No key at all, a forged token, and an organization's API key are refused before any read.
    const none = await t.app.inject({ method: 'GET', url: '/rest/v1/languages' });
    expect(none.statusCode).toBe(401);
    expect(JSON.parse(none.body)).toMatchObject({ code: 'PGRST302' });
    const forged = await raw('GET', 'languages', bearer('a.b.c'));
    expect(forged.status).toBe(401);
    expect(forged.body).toMatchObject({ code: 'PGRST301' });
    expect((await raw('GET', 'languages', bearer('mbo_live_abcdefgh_secret'))).status).toBe(401);
  });

  it('limits reads with the anon key alone per client address, and never a signed-in reader', async () => {
    const read = (remoteAddress: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'GET',
        url: '/rest/v1/languages?select=code',
        headers: { apikey: t.app.ctx.keys.anon, ...headers },
        remoteAddress,
      });
    for (let i = 0; i < ANON_READS_PER_MINUTE; i++) expect((await read('203.0.113.9')).statusCode).toBe(200);
    const refused = await read('203.0.113.9');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ code: 'PGRST429' });
    // Another address is not held back, nor a signed-in reader at the limited one.
    expect((await read('203.0.113.10')).statusCode).toBe(200);
    expect((await read('203.0.113.9', bearer(await tokenFor(t.app, admin)))).statusCode).toBe(200);
  });

  it('writes only the own profile: another user’s row, other columns and other tables are refused', async () => {
    const sb = await signedIn(marketer);
    const other = await sb.from('profiles').upsert({ user_id: admin.id, full_name: 'Owned' }, { onConflict: 'user_id' });
    expect(other.status).toBe(403);
    expect(other.error).toMatchObject({ code: '42501' });
    const patched = await sb.from('profiles').update({ full_name: 'Owned' }).eq('user_id', admin.id).select();
    expect(patched).toMatchObject({ error: null, data: [] });
    const [adminProfile] = await t.app.ctx.db.select().from(profiles).where(eq(profiles.userId, admin.id));
    expect(adminProfile!.fullName).toBe('Test User');
    expect((await sb.from('profiles').upsert({ user_id: marketer.id, id: admin.id })).error).toMatchObject({ code: '42501' });
    expect((await sb.from('profiles').upsert({ user_id: marketer.id, is_admin: true })).error).toMatchObject({ code: 'PGRST204' });
    const grant = await sb.from('role_permission_matrix').insert({ org_id: orgA, role_name: 'marketing', permission_key: 'users' });
    expect(grant.error).toMatchObject({ code: '42501' });
    expect((await sb.from('user_roles').update({ role: 'super_admin' }).eq('user_id', marketer.id)).error).toMatchObject({ code: '42501' });
    expect((await sb.from('profiles').delete().eq('user_id', marketer.id)).error).toMatchObject({ code: '42501' });
    expect((await sb.from('user_roles').select('role').eq('user_id', marketer.id)).data).toEqual([{ role: 'marketing' }]);
  });

  it('names no table or column outside the list, and checks every value before SQL sees it', async () => {
    const token = bearer(await tokenFor(t.app, marketer));
    for (const table of ['users', 'organizations', 'audit_log', 'organization_settings', 'pg_user', 'auth.users'])
      expect((await raw('GET', table, token)).body, table).toMatchObject({ code: 'PGRST205' });
    const cases: [string, number, string][] = [
      ['role_permission_matrix?select=secret', 400, '42703'],
      ['role_permission_matrix?select=org_id;drop table x', 400, 'PGRST100'],
      ['role_permission_matrix?select=org_id,roles(*)', 400, 'PGRST100'],
      ['role_permission_matrix?org_id=eq.not-a-uuid', 400, '22P02'],
      ['role_permission_matrix?is_enabled=eq.yes', 400, '22P02'],
      ['role_permission_matrix?role_name=cs.{a}', 400, 'PGRST100'],
      ['role_permission_matrix?or=(role_name.eq.admin)', 400, 'PGRST100'],
      ['role_permission_matrix?order=role_name;select 1', 400, '42703'],
      ['role_permission_matrix?order=role_name.sideways', 400, 'PGRST100'],
      ['role_permission_matrix?is_enabled=like.*t*', 400, '42883'],
      ['role_permission_matrix?limit=-1', 400, 'PGRST100'],
      ['languages?sort_order=gt.99999999999', 400, '22P02'],
      ['languages?created_at=lt.yesterday', 400, '22P02'],
      ['languages?code=in.("en,x)', 400, 'PGRST100'],
    ];
    for (const [path, status, code] of cases) {
      const res = await raw('GET', path, token);
      expect({ path, status: res.status, code: res.body?.code }).toEqual({ path, status, code });
    }
  });

  it('filters, orders, pages and counts as PostgREST does', async () => {
    const token = bearer(await tokenFor(t.app, admin));
    const list = await raw('GET', 'languages?select=code&code=in.(ar,"en")&order=code.desc', token);
    expect(list.body).toEqual([{ code: 'en' }, { code: 'ar' }]);
    expect((await raw('GET', 'languages?select=code&code=not.eq.en&code=like.a*', token)).body).toEqual([{ code: 'ar' }]);
    expect((await raw('GET', 'languages?select=code&name=ilike.ENG*', token)).body).toEqual([{ code: 'en' }]);
    const paged = await raw('GET', 'role_permission_matrix?select=permission_key&order=permission_key&limit=2&offset=1', {
      ...token,
      prefer: 'count=exact',
    });
    expect(paged.body).toEqual([{ permission_key: 'import' }, { permission_key: 'settings' }]);
    expect(paged.headers['content-range']).toBe('1-2/3');
    expect(paged.headers['cache-control']).toBe('no-store');
    const stripped = await raw('GET', `profiles?select=full_name,avatar_url&user_id=eq.${admin.id}`, {
      ...token,
      accept: 'application/vnd.pgrst.object+json;nulls=stripped',
    });
    expect(stripped.body).toEqual({ full_name: 'Test User' });
    const head = await t.app.inject({ method: 'HEAD', url: '/rest/v1/languages', headers: { ...token, prefer: 'count=exact' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-range']).toMatch(/^0-\d+\/\d+$/);
  });
});
