import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createOrg, createUser, enablePermission, tokenFor } from '../../../test/factories.js';
import { createTestApp, driver, type TestContext } from '../../../test/harness.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe(`platform (${driver})`, () => {
  it('answers health through the full stack', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', version: 'v2.1.0', database: driver });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers readiness only after reaching the database, and unknown API paths with a JSON 404', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect(ready.statusCode).toBe(200);
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('not_found');
  });

  it('gives the SPA an anon key that the server accepts as anonymous', async () => {
    const cfg = (await t.app.inject({ url: '/api/v1/config' })).json();
    expect(cfg.version).toBe('v2.1.0');
    const me = await t.app.inject({ url: '/api/v1/me', headers: bearer(cfg.anonKey) });
    expect(me.statusCode).toBe(401);
  });

  it('computes effective role and permissions from the stored role and the matrix', async () => {
    const org = await createOrg(t.app);
    const u = await createUser(t.app, { orgId: org.id, role: 'product_team' });
    const token = await tokenFor(t.app, u);
    let me = (await t.app.inject({ url: '/api/v1/me', headers: bearer(token) })).json();
    expect(me.role).toBe('product_team');
    expect(me.effectiveRole).toBe('inventory');
    expect(me.permissions).toEqual(['dashboard', 'products', 'import', 'workflows', 'tasks']);
    await enablePermission(t.app, org.id, 'product_team', 'assets');
    await enablePermission(t.app, org.id, 'product_team', 'settings', false);
    me = (await t.app.inject({ url: '/api/v1/me', headers: bearer(token) })).json();
    expect(me.permissions).toEqual(['dashboard', 'products', 'assets', 'import', 'workflows', 'tasks']);
  });

  it('gives a user without membership the content set and no organization', async () => {
    const u = await createUser(t.app);
    const me = (await t.app.inject({ url: '/api/v1/me', headers: bearer(await tokenFor(t.app, u)) })).json();
    expect(me.organization).toBeNull();
    expect(me.effectiveRole).toBe('content');
    expect(me.permissions).toEqual(['dashboard', 'products', 'assets', 'workflows', 'tasks']);
  });

  it('maps an unknown stored role to content', async () => {
    const org = await createOrg(t.app);
    const u = await createUser(t.app, { orgId: org.id, role: 'mystery_role' });
    const me = (await t.app.inject({ url: '/api/v1/me', headers: bearer(await tokenFor(t.app, u)) })).json();
    expect(me.effectiveRole).toBe('content');
  });

  it('upserts the profile, mirrors metadata and audits the write', async () => {
    const u = await createUser(t.app);
    const token = await tokenFor(t.app, u);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/profile',
      headers: bearer(token),
      payload: { fullName: 'Layla Haddad', avatarUrl: 'https://example.test/a.png' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ userId: u.id, fullName: 'Layla Haddad', avatarUrl: 'https://example.test/a.png' });
    const got = (await t.app.inject({ url: '/api/v1/profile', headers: bearer(token) })).json();
    expect(got.fullName).toBe('Layla Haddad');
  });

  it('names the field of a bad profile update', async () => {
    const u = await createUser(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/profile',
      headers: bearer(await tokenFor(t.app, u)),
      payload: { email: 'not-an-email' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields[0].field).toBe('email');
  });

  it('answers malformed JSON with 400', async () => {
    const u = await createUser(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/profile',
      headers: { ...bearer(await tokenFor(t.app, u)), 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('bad_request');
  });
});

describe(`validation messages (${driver})`, () => {
  it('names an unknown key and refuses NUL characters with 422', async () => {
    const u = await createUser(t.app);
    const headers = bearer(await tokenFor(t.app, u));
    const extra = await t.app.inject({ method: 'PUT', url: '/api/v1/profile', headers, payload: { fullName: 'A', colour: 'red' } });
    expect(extra.statusCode).toBe(422);
    expect(extra.json().error.fields[0].field).toBe('colour');
    const nul = await t.app.inject({ method: 'PUT', url: '/api/v1/profile', headers, payload: { fullName: 'A\u0000B' } });
    expect(nul.statusCode).toBe(422);
    expect(nul.json().error.fields[0]).toEqual({ field: 'fullName', message: 'must not contain the NUL character' });
  });
});
