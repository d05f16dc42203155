import { createClient } from '@supabase/supabase-js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { mfaFactors, profiles, refreshTokens, sessions, users } from '../../db/schema/index.js';
import { bearer, createOrg, createUser, enablePermission, TEST_PASSWORD, tokenFor } from '../../../test/factories.js';
import { createTestApp, driver, type TestContext } from '../../../test/harness.js';
import { loadAccess } from '../access/index.js';
import { lastMail, post, refresh, signIn } from '../auth/auth.test-support.js';
import { effectivePermissions } from './effective-permissions.js';

// Users and the permission matrix through the API (decision 022); the rank rule over every role pair is users.rank.test.ts.

let t: TestContext;
let orgA: string;
let orgB: string;
let root: Record<string, string>;
let rootId: string;
let otherOrgUser: string;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are read loosely in tests
type Json = any;
const call = async (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object, headers = root) => {
  const res = await t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.json() as Json };
};

beforeAll(async () => {
  t = await createTestApp();
  orgA = (await createOrg(t.app)).id;
  orgB = (await createOrg(t.app)).id;
  const sa = await createUser(t.app, { orgId: orgA, role: 'super_admin' });
  rootId = sa.id;
  root = bearer(await tokenFor(t.app, sa));
  otherOrgUser = (await createUser(t.app, { orgId: orgB, role: 'marketing' })).id;
});
afterAll(async () => t?.close());

describe(`users (${driver})`, () => {
  it('invites through the auth service: the e-mail is queued for this organization and the invitee joins with the role', async () => {
    const email = `invitee-${Date.now()}@example.test`;
    const res = await call('POST', '/users/invitations', { email: email.toUpperCase(), role: 'marketing', fullName: 'Mona Invitee' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ email, role: 'marketing', status: 'invited', fullName: 'Mona Invitee', manageable: true });
    const { mail, link } = await lastMail(t.app, email, 'invite');
    expect(mail.orgId).toBe(orgA);
    expect(link).toContain('type=invite');
    // Following the link signs the invitee in; they hold marketing's permissions in this organization.
    const hash = new URL(link!).hash.slice(1);
    const verified = await post(t.app, '/auth/v1/verify', {
      type: 'invite',
      token_hash: new URLSearchParams(hash).get('token_hash'),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const access = await loadAccess(t.app.ctx.db, res.body.id);
    expect(access).toMatchObject({ organization: { id: orgA }, role: 'marketing', effectiveRole: 'marketing' });
    expect((await call('GET', `/users/${res.body.id}`)).body.status).toBe('active');

    // An address someone already holds is never handed over, in this organization or another.
    const again = await call('POST', '/users/invitations', { email, role: 'marketing' });
    expect(again.status).toBe(409);
    expect(again.body.error.fields).toEqual([{ field: 'email', message: 'already has an account' }]);
    const [other] = await t.app.ctx.db.select({ email: users.email }).from(users).where(eq(users.id, otherOrgUser));
    expect((await call('POST', '/users/invitations', { email: other!.email, role: 'marketing' })).status).toBe(409);
    expect((await call('POST', '/users/invitations', { email: 'not-an-address', role: 'marketing' })).status).toBe(422);
  });

  it('lists with search, filters and paging, only the caller’s organization', async () => {
    const tag = `zed${Date.now()}`;
    const a = await createUser(t.app, { orgId: orgA, role: 'product_team', email: `${tag}-a@example.test` });
    const b = await createUser(t.app, { orgId: orgA, role: 'operation_manager', email: `${tag}-b@example.test` });
    await t.app.ctx.db.insert(mfaFactors).values({ userId: b.id, factorType: 'totp', status: 'verified', secret: 'JBSWY3DPEHPK3PXP' });
    await t.app.ctx.db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, a.id));
    await createUser(t.app, { orgId: orgB, role: 'product_team', email: `${tag}-c@example.test` });

    const ids = async (q: string) => ((await call('GET', `/users?q=${tag}${q}`)).body.items as Json[]).map((u) => u.id).sort();
    expect(await ids('')).toEqual([a.id, b.id].sort());
    expect(await ids('&role=product_team')).toEqual([a.id]);
    expect(await ids('&mfa=on')).toEqual([b.id]);
    expect(await ids('&mfa=off')).toEqual([a.id]);
    expect(await ids('&lastSignIn=week')).toEqual([a.id]);
    expect(await ids('&lastSignIn=never')).toEqual([b.id]);
    expect(await ids('&status=invited')).toEqual([]);
    const paged = await call('GET', `/users?q=${tag}&pageSize=1&page=2`);
    expect(paged.body).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.body.items).toHaveLength(1);
    expect((await call('GET', '/users?role=bogus')).status).toBe(422);
  });

  it('deactivates with every session and refresh token ended at once, reactivates, resets MFA, signs out everywhere; all audited', async () => {
    const u = await createUser(t.app, { orgId: orgA, role: 'marketing' });
    const session = await signIn(t.app, u.email, TEST_PASSWORD);
    const headers = bearer(session.access_token);
    expect((await t.app.inject({ url: '/api/v1/me', headers })).statusCode).toBe(200);

    const de = await call('POST', `/users/${u.id}/deactivate`);
    expect(de.status, JSON.stringify(de.body)).toBe(200);
    expect(de.body.status).toBe('deactivated');
    expect((await t.app.inject({ url: '/api/v1/me', headers })).statusCode).toBe(401);
    expect((await refresh(t.app, session.refresh_token)).statusCode).toBe(400);
    expect(await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, u.id))).toEqual([]);
    expect(await t.app.ctx.db.select().from(refreshTokens).where(eq(refreshTokens.userId, u.id))).toEqual([]);
    const blocked = await post(t.app, '/auth/v1/token?grant_type=password', { email: u.email, password: TEST_PASSWORD });
    expect(blocked.statusCode).toBe(400);
    expect((await call('POST', `/users/${u.id}/deactivate`)).status).toBe(409);

    expect((await call('POST', `/users/${u.id}/reactivate`)).body.status).toBe('active');
    const back = await signIn(t.app, u.email, TEST_PASSWORD);

    await t.app.ctx.db.insert(mfaFactors).values({ userId: u.id, factorType: 'totp', status: 'verified', secret: 'JBSWY3DPEHPK3PXP' });
    expect((await call('GET', `/users/${u.id}`)).body.mfa).toBe(true);
    expect((await call('POST', `/users/${u.id}/reset-mfa`)).body.mfa).toBe(false);

    expect((await call('POST', `/users/${u.id}/sign-out-everywhere`)).status).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/me', headers: bearer(back.access_token) })).statusCode).toBe(401);

    const trail = (await call('GET', `/users/${u.id}/audit`)).body as Json[];
    const mine = trail.filter((r) => r.action.startsWith('user.')).map((r) => r.action);
    expect(mine).toEqual(['user.sign_out_everywhere', 'user.reset_mfa', 'user.reactivate', 'user.deactivate']);
    expect(trail[0].actorId).toBe(rootId);
  });

  it('resends a pending invitation only, at most once a minute', async () => {
    const email = `resend-${Date.now()}@example.test`;
    const invited = (await call('POST', '/users/invitations', { email, role: 'product_team' })).body;
    expect((await call('POST', `/users/${invited.id}/resend-invitation`)).status).toBe(429);
    await t.app.ctx.db
      .update(users)
      .set({ invitedAt: new Date(Date.now() - 120_000) })
      .where(eq(users.id, invited.id));
    const first = (await lastMail(t.app, email, 'invite')).mail.id;
    expect((await call('POST', `/users/${invited.id}/resend-invitation`)).status).toBe(200);
    expect((await lastMail(t.app, email, 'invite')).mail.id).not.toBe(first);
    const active = await createUser(t.app, { orgId: orgA, role: 'product_team' });
    expect((await call('POST', `/users/${active.id}/resend-invitation`)).status).toBe(409);
  });

  it('changes a role with the version it was loaded with; a stale version is a 409 that changes nothing', async () => {
    const u = await createUser(t.app, { orgId: orgA, role: 'operation_manager' });
    const loaded = (await call('GET', `/users/${u.id}`)).body;
    const ok = await call('PATCH', `/users/${u.id}`, { role: 'marketing', expectedUpdatedAt: loaded.updatedAt });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.role).toBe('marketing');
    const stale = await call('PATCH', `/users/${u.id}`, { role: 'admin', expectedUpdatedAt: loaded.updatedAt });
    expect(stale.status).toBe(409);
    expect(stale.body.error.fields).toEqual([{ field: 'expectedUpdatedAt', message: expect.any(String) }]);
    expect((await call('GET', `/users/${u.id}`)).body.role).toBe('marketing');
    expect((await loadAccess(t.app.ctx.db, u.id)).effectiveRole).toBe('marketing');
  });

  it('answers 404 for another organization’s user on every route', async () => {
    const v = (await call('GET', `/users/${rootId}`)).body.updatedAt;
    for (const [method, path, body] of [
      ['GET', '', undefined],
      ['GET', '/audit', undefined],
      ['PATCH', '', { role: 'marketing', expectedUpdatedAt: v }],
      ['POST', '/deactivate', undefined],
      ['POST', '/reactivate', undefined],
      ['POST', '/resend-invitation', undefined],
      ['POST', '/reset-mfa', undefined],
      ['POST', '/sign-out-everywhere', undefined],
    ] as const) {
      const res = await call(method, `/users/${otherOrgUser}${path}`, body);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await loadAccess(t.app.ctx.db, otherOrgUser)).role).toBe('marketing');
  });

  it('lets no super admin demote or deactivate another, even both at the same moment', async () => {
    const org = (await createOrg(t.app)).id;
    const s1 = await createUser(t.app, { orgId: org, role: 'super_admin' });
    const s2 = await createUser(t.app, { orgId: org, role: 'super_admin' });
    const h1 = bearer(await tokenFor(t.app, s1));
    const h2 = bearer(await tokenFor(t.app, s2));
    const v = async (id: string) => (await call('GET', `/users/${id}`, undefined, h1)).body.updatedAt;
    const [v1, v2] = [await v(s1.id), await v(s2.id)];
    const [a, b] = await Promise.all([
      call('PATCH', `/users/${s2.id}`, { role: 'marketing', expectedUpdatedAt: v2 }, h1),
      call('PATCH', `/users/${s1.id}`, { role: 'marketing', expectedUpdatedAt: v1 }, h2),
    ]);
    expect([a.status, b.status]).toEqual([403, 403]);
    expect(a.body.error.fields).toEqual([expect.objectContaining({ field: 'role' })]);
    const roles = [(await loadAccess(t.app.ctx.db, s1.id)).role, (await loadAccess(t.app.ctx.db, s2.id)).role];
    expect(roles).toEqual(['super_admin', 'super_admin']);
    expect((await call('POST', `/users/${s2.id}/deactivate`, undefined, h1)).status).toBe(403);
    // Nor themselves: no one changes their own account here.
    expect((await call('POST', `/users/${s1.id}/deactivate`, undefined, h1)).status).toBe(403);
  });

  it('shows each effective permission with its source', async () => {
    expect(effectivePermissions('product_team', ['assets', 'import'])).toEqual(
      expect.arrayContaining([
        {
          key: 'import',
          sources: [
            { kind: 'static', role: 'inventory' },
            { kind: 'matrix', role: 'product_team' },
          ],
        },
        { key: 'assets', sources: [{ kind: 'matrix', role: 'product_team' }] },
        { key: 'dashboard', sources: [{ kind: 'static', role: 'inventory' }] },
      ]),
    );
    // Without a role, matrix rows never apply (a user with no role gets the content set).
    expect(effectivePermissions(null, ['import']).map((p) => p.key)).not.toContain('import');
    const u = await createUser(t.app, { orgId: orgA, role: 'vendor_manager' });
    await enablePermission(t.app, orgA, 'vendor_manager', 'products');
    const detail = (await call('GET', `/users/${u.id}`)).body;
    const byKey = Object.fromEntries((detail.permissions as Json[]).map((p) => [p.key, p.sources]));
    expect(byKey).toEqual({
      dashboard: [{ kind: 'static', role: 'vendor_manager' }],
      products: [{ kind: 'matrix', role: 'vendor_manager' }],
      vendor_management: [{ kind: 'static', role: 'vendor_manager' }],
    });
    // The same set the server's access computes.
    expect(Object.keys(byKey).sort()).toEqual([...(await loadAccess(t.app.ctx.db, u.id)).permissions].sort());
  });
});

describe(`permission matrix (${driver})`, () => {
  it('round trip: preview names whom it affects, save changes only those cells, and a signed-in user has it at once', async () => {
    const org = (await createOrg(t.app)).id;
    const sa = bearer(await tokenFor(t.app, await createUser(t.app, { orgId: org, role: 'super_admin' })));
    const m1 = await createUser(t.app, { orgId: org, role: 'marketing' });
    await t.app.ctx.db.update(profiles).set({ fullName: 'Maha Marketer' }).where(eq(profiles.userId, m1.id));
    await createUser(t.app, { orgId: org, role: 'marketing' });
    const matrix = (await call('GET', '/users/permission-matrix', undefined, sa)).body;
    expect(matrix.version).toBe('none');
    expect(matrix.roles.find((r: Json) => r.role === 'marketing').users).toBe(2);
    const cell = (m: Json, role: string, p: string) => m.cells.find((c: Json) => c.role === role && c.permission === p);
    expect(cell(matrix, 'marketing', 'products')).toMatchObject({ kind: 'static', enabled: true });
    expect(cell(matrix, 'marketing', 'import')).toMatchObject({ kind: 'editable', enabled: false });
    expect(cell(matrix, 'marketing', 'users')).toMatchObject({ kind: 'refused', enabled: false });
    expect(cell(matrix, 'market_vendor', 'products')).toMatchObject({ kind: 'refused' });
    expect(matrix.permissions).toEqual(expect.arrayContaining(['master_data', 'catalog_publishing']));

    // supabase-js signs the marketing user in; the user's open page reads the role as the seed's shell does (section 7:
    // membership, newest role, the matrix's enabled keys for that role) and through /api/v1/me.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const sb = createClient(address, t.app.ctx.keys.anon, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
    });
    const signedIn = await sb.auth.signInWithPassword({ email: m1.email, password: TEST_PASSWORD });
    expect(signedIn.error).toBeNull();
    const me = async () =>
      (await (await fetch(`${address}/api/v1/me`, { headers: bearer(signedIn.data.session!.access_token) })).json()) as Json;
    expect((await me()).permissions).not.toContain('import');
    const seedReads = async () => {
      const membership = await sb.from('organization_memberships').select('org_id').eq('user_id', m1.id).single();
      expect(membership.error).toBeNull();
      const role = await sb
        .from('user_roles')
        .select('id, role, org_id')
        .eq('user_id', m1.id)
        .eq('org_id', membership.data!.org_id)
        .order('created_at', { ascending: false })
        .limit(1);
      const dynamic = await sb
        .from('role_permission_matrix')
        .select('permission_key')
        .eq('org_id', membership.data!.org_id)
        .eq('role_name', role.data![0]!.role)
        .eq('is_enabled', true);
      expect(dynamic.error).toBeNull();
      return { orgId: membership.data!.org_id, role: role.data![0]!.role, dynamic: dynamic.data!.map((r) => r.permission_key).sort() };
    };
    expect(await seedReads()).toEqual({ orgId: org, role: 'marketing', dynamic: [] });

    const changes = [
      { role: 'marketing', permission: 'import', enabled: true },
      { role: 'marketing', permission: 'master_data', enabled: true },
      { role: 'product_team', permission: 'assets', enabled: false },
    ];
    const preview = await call('POST', '/users/permission-matrix/preview', { changes, expectedVersion: 'none' }, sa);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.changes).toEqual([
      { role: 'marketing', permission: 'import', from: false, to: true },
      { role: 'marketing', permission: 'master_data', from: false, to: true },
    ]);
    expect(preview.body.affected).toEqual([{ role: 'marketing', count: 2, names: expect.arrayContaining(['Maha Marketer']) }]);
    expect((await call('GET', '/users/permission-matrix', undefined, sa)).body.version).toBe('none');

    const saved = await call('PUT', '/users/permission-matrix', { changes, expectedVersion: 'none' }, sa);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(cell(saved.body, 'marketing', 'import').enabled).toBe(true);
    expect(saved.body.cells.filter((c: Json) => c.kind !== 'static' && c.enabled)).toHaveLength(2);
    expect(saved.body.version).not.toBe('none');
    // Read back: through the API, through the server's access, and the signed-in user's own /me at once.
    expect(cell((await call('GET', '/users/permission-matrix', undefined, sa)).body, 'marketing', 'import').enabled).toBe(true);
    expect((await loadAccess(t.app.ctx.db, m1.id)).permissions).toEqual(expect.arrayContaining(['import', 'master_data']));
    expect((await me()).permissions).toEqual(expect.arrayContaining(['import', 'master_data']));
    expect((await seedReads()).dynamic).toEqual(['import', 'master_data']);

    // A second screen still holding the old version is refused; the audit says what changed.
    const stale = await call(
      'PUT',
      '/users/permission-matrix',
      { changes: [{ role: 'marketing', permission: 'import', enabled: false }], expectedVersion: 'none' },
      sa,
    );
    expect(stale.status).toBe(409);
    expect(stale.body.error.fields).toEqual([{ field: 'expectedVersion', message: expect.any(String) }]);
    const cleared = await call(
      'PUT',
      '/users/permission-matrix',
      { changes: [{ role: 'marketing', permission: 'import', enabled: false }], expectedVersion: saved.body.version },
      sa,
    );
    expect(cleared.status).toBe(200);
    expect((await me()).permissions).not.toContain('import');
    expect((await me()).permissions).toContain('master_data');
    expect((await seedReads()).dynamic).toEqual(['master_data']);
    await sb.auth.signOut();
  });

  it('refuses cells the matrix may never hold, naming the cell, and only super admins reach it', async () => {
    const org = (await createOrg(t.app)).id;
    const sa = bearer(await tokenFor(t.app, await createUser(t.app, { orgId: org, role: 'super_admin' })));
    const version = (await call('GET', '/users/permission-matrix', undefined, sa)).body.version;
    const refuse = async (role: string, permission: string, enabled = true) => {
      const res = await call('PUT', '/users/permission-matrix', { changes: [{ role, permission, enabled }], expectedVersion: version }, sa);
      expect(res.status, `${role} ${permission}`).toBe(422);
      expect(res.body.error.fields[0].field).toBe('changes.0');
      expect(res.body.error.message).toContain(`${role} × ${permission}`);
      return res.body.error.message as string;
    };
    expect(await refuse('marketing', 'users')).toMatch(/only super_admin reaches Users/);
    expect(await refuse('vendor_manager', 'vendor_orders')).toMatch(/vendor permissions are never granted to staff roles/);
    expect(await refuse('market_vendor', 'products')).toMatch(/staff permissions are never granted to vendor roles/);
    expect(await refuse('product_team', 'import', false)).toMatch(/fixed grant/);
    expect((await call('GET', '/users/permission-matrix', undefined, sa)).body.version).toBe('none');
    // A stray row written before these rules may be switched off (it only narrows).
    await enablePermission(t.app, org, 'marketing', 'users');
    const v2 = (await call('GET', '/users/permission-matrix', undefined, sa)).body.version;
    const off = await call(
      'PUT',
      '/users/permission-matrix',
      { changes: [{ role: 'marketing', permission: 'users', enabled: false }], expectedVersion: v2 },
      sa,
    );
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    // An admin, even one a stray row gave `users`, never reaches the matrix.
    await enablePermission(t.app, org, 'admin', 'users');
    const admin = bearer(await tokenFor(t.app, await createUser(t.app, { orgId: org, role: 'admin' })));
    expect((await call('GET', '/users/permission-matrix', undefined, admin)).status).toBe(403);
    expect(
      (
        await call(
          'PUT',
          '/users/permission-matrix',
          { changes: [{ role: 'marketing', permission: 'import', enabled: true }], expectedVersion: v2 },
          admin,
        )
      ).status,
    ).toBe(403);
  });
});
