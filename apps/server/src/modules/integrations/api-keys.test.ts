import { randomUUID } from 'node:crypto';
import { API_KEY_PATTERN } from '@market/contracts/plain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, auditLog, userRoles } from '../../db/schema/index.js';
import { bearer, createOrg, createUser, enablePermission, tokenFor } from '../../../test/factories.js';
import { createTestApp, driver, type TestContext } from '../../../test/harness.js';
import { resolvePrincipal } from '../../plugins/auth-context.js';
import { loadAccess } from '../access/index.js';
import { authenticateApiKey } from './api-keys.auth.js';
import { hashApiKey } from './api-keys.secret.js';

let t: TestContext;
let orgA: string;
let adminA: Record<string, string>;
let adminB: Record<string, string>;

type Scope = { permission: string; access: 'read' | 'write' };
type Issued = {
  key: { id: string; name: string; prefix: string; status: string; expiresAt: string | null; [k: string]: unknown };
  secret: string;
};

const inject = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

async function makeKey(by: Record<string, string>, scopes: Scope[], extra: Record<string, unknown> = {}): Promise<Issued> {
  const res = await inject('POST', '/api-keys', by, { name: `Key ${randomUUID().slice(0, 6)}`, scopes, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Issued;
}
const productsOf = async (headers: Record<string, string>) => inject('GET', '/products', headers);
const newProduct = (headers: Record<string, string>) =>
  inject('POST', '/products', headers, { sku: `AK-${randomUUID().slice(0, 8)}`, nameEn: 'Honey' });

beforeAll(async () => {
  t = await createTestApp();
  orgA = (await createOrg(t.app)).id;
  adminA = bearer(await tokenFor(t.app, await createUser(t.app, { orgId: orgA, role: 'super_admin' })));
  const orgB = (await createOrg(t.app)).id;
  adminB = bearer(await tokenFor(t.app, await createUser(t.app, { orgId: orgB, role: 'super_admin' })));
}, 120_000);
afterAll(async () => t?.close());

describe(`API keys (${driver})`, () => {
  it('shows the whole key once, stores only its SHA-256 hash, and finds it by its prefix', async () => {
    const made = await makeKey(adminA, [{ permission: 'products', access: 'read' }]);
    expect(made.secret).toMatch(API_KEY_PATTERN);
    expect(made.secret.startsWith(`${made.key.prefix}_`)).toBe(true);
    expect(JSON.stringify(made.key)).not.toContain(made.secret.slice(made.key.prefix.length));

    const [row] = await t.app.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, made.key.id));
    expect(row!.secretHash).toBe(hashApiKey(made.secret));
    expect(JSON.stringify(row)).not.toContain(made.secret.slice(made.key.prefix.length));
    const audit = await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, made.key.id));
    expect(audit.map((a) => a.action)).toEqual(['create']);
    expect(JSON.stringify(audit)).not.toContain(row!.secretHash);

    // The list never shows it again.
    const list = await inject('GET', '/api-keys', adminA);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(made.secret.slice(made.key.prefix.length));
    expect((list.json() as Issued['key'][]).find((k) => k.id === made.key.id)).toMatchObject({ prefix: made.key.prefix, status: 'active' });

    // The key works as a bearer credential; the same prefix with another secret does not.
    const ok = await productsOf(bearer(made.secret));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
    const forged = `${made.key.prefix}_${'A'.repeat(40)}`;
    expect((await productsOf(bearer(forged))).statusCode).toBe(401);
    expect((await productsOf(bearer(`${made.secret}x`))).statusCode).toBe(401);
    expect((await productsOf(bearer('mbo_live_nothing'))).statusCode).toBe(401);

    // Its use is noted: time and address.
    const [used] = await t.app.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, made.key.id));
    expect(used!.lastUsedAt).not.toBeNull();
    expect(used!.lastUsedIp).toBe('127.0.0.1');
    // At most once a minute: a second use within the minute writes nothing.
    await t.app.ctx.db.execute(sql`update api_keys set last_used_ip = 'earlier' where id = ${made.key.id}`);
    expect((await productsOf(bearer(made.secret))).statusCode).toBe(200);
    const [again] = await t.app.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, made.key.id));
    expect(again!.lastUsedIp).toBe('earlier');
  });

  it('grants exactly its scopes: read for GET, write for other methods, nothing else', async () => {
    const read = bearer((await makeKey(adminA, [{ permission: 'products', access: 'read' }])).secret);
    expect((await productsOf(read)).statusCode).toBe(200);
    expect((await newProduct(read)).statusCode).toBe(403);
    expect((await inject('GET', '/vendors', read)).statusCode).toBe(403);
    expect((await inject('GET', '/api-keys', read)).statusCode).toBe(403);
    // Routes for any signed-in user (the caller's own profile, the dashboard) are not for keys.
    expect((await inject('GET', '/me', read)).statusCode).toBe(403);
    expect((await inject('GET', '/dashboard', read)).statusCode).toBe(403);

    const writeKey = await makeKey(adminA, [{ permission: 'products', access: 'write' }]);
    const write = bearer(writeKey.secret);
    const created = await newProduct(write);
    expect(created.statusCode, created.body).toBe(201);
    const productId = (created.json() as { id: string }).id;
    const audit = await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, productId));
    expect(audit[0]!.orgId).toBe(orgA);
    // The audit names the key the write came through, and the dashboard tells it beside the key's creator.
    expect(audit[0]!.apiKeyId).toBe(writeKey.key.id);
    const dashboard = (await inject('GET', '/dashboard', adminA)).json() as {
      recentActivity: { entityId: string; apiKeyName: string | null }[];
    };
    expect(dashboard.recentActivity.find((a) => a.entityId === productId)?.apiKeyName).toBe(writeKey.key.name);
    const byPerson = await newProduct(adminA);
    const personAudit = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, (byPerson.json() as { id: string }).id));
    expect(personAudit[0]!.apiKeyId).toBeNull();
  });

  it('never grants more than the caller holds, for a user and for a key', async () => {
    // A marketing user given integrations by the matrix holds products but not import.
    const org = (await createOrg(t.app)).id;
    await enablePermission(t.app, org, 'marketing', 'integrations');
    const marketing = bearer(await tokenFor(t.app, await createUser(t.app, { orgId: org, role: 'marketing' })));
    const refused = await inject('POST', '/api-keys', marketing, {
      name: 'Too wide',
      scopes: [
        { permission: 'products', access: 'write' },
        { permission: 'import', access: 'read' },
      ],
    });
    expect(refused.statusCode).toBe(403);
    expect((refused.json() as { error: { fields: { field: string }[] } }).error.fields.map((f) => f.field)).toEqual(['scopes.1']);
    await makeKey(marketing, [{ permission: 'products', access: 'write' }]);

    // A key may make keys within its own scopes at its own level, never wider.
    const keyMaker = bearer(
      (
        await makeKey(adminA, [
          { permission: 'integrations', access: 'write' },
          { permission: 'products', access: 'read' },
        ])
      ).secret,
    );
    const wider = await inject('POST', '/api-keys', keyMaker, {
      name: 'W',
      scopes: [{ permission: 'products', access: 'write' }],
    });
    expect(wider.statusCode).toBe(403);
    const other = await inject('POST', '/api-keys', keyMaker, {
      name: 'O',
      scopes: [{ permission: 'assets', access: 'read' }],
    });
    expect(other.statusCode).toBe(403);
    const narrower = await makeKey(keyMaker, [{ permission: 'products', access: 'read' }]);
    expect((await productsOf(bearer(narrower.secret))).statusCode).toBe(200);
    // integrations:read lists keys but cannot make one.
    const reader = bearer((await makeKey(adminA, [{ permission: 'integrations', access: 'read' }])).secret);
    expect((await inject('GET', '/api-keys', reader)).statusCode).toBe(200);
    expect(
      (await inject('POST', '/api-keys', reader, { name: 'R', scopes: [{ permission: 'integrations', access: 'read' }] })).statusCode,
    ).toBe(403);
  });

  it('narrows a key to what its creator still holds, and refuses it once the creator leaves', async () => {
    const org = (await createOrg(t.app)).id;
    await enablePermission(t.app, org, 'marketing', 'integrations');
    const user = await createUser(t.app, { orgId: org, role: 'marketing' });
    const key = bearer((await makeKey(bearer(await tokenFor(t.app, user)), [{ permission: 'products', access: 'read' }])).secret);
    expect((await productsOf(key)).statusCode).toBe(200);
    // Demoted to a vendor role, which holds no products: the key loses products too.
    await t.app.ctx.db.update(userRoles).set({ role: 'normal_vendor' }).where(eq(userRoles.userId, user.id));
    // The write's cache notification arrives on its own time; the test does not wait for it.
    t.app.ctx.caches.access.invalidate();
    expect((await productsOf(key)).statusCode).toBe(403);
    await t.app.ctx.db.update(userRoles).set({ role: 'marketing' }).where(eq(userRoles.userId, user.id));
    t.app.ctx.caches.access.invalidate();
    expect((await productsOf(key)).statusCode).toBe(200);
    await t.app.ctx.db.execute(sql`update auth.users set deleted_at = now() where id = ${user.id}`);
    expect((await productsOf(key)).statusCode).toBe(401);
  });

  it('rolls with an overlap: the old key works until the overlap ends, then only the new one', async () => {
    const made = await makeKey(adminA, [{ permission: 'products', access: 'read' }]);
    const res = await inject('POST', `/api-keys/${made.key.id}/roll`, adminA, { overlapHours: 1 });
    expect(res.statusCode, res.body).toBe(201);
    const rolled = res.json() as Issued & { previous: Issued['key'] };
    expect(rolled.secret).toMatch(API_KEY_PATTERN);
    expect(rolled.secret).not.toBe(made.secret);
    expect(rolled.key).toMatchObject({ rolledFromId: made.key.id, status: 'active', scopes: [{ permission: 'products', access: 'read' }] });
    expect(rolled.previous).toMatchObject({ id: made.key.id, status: 'rolling', replacedById: rolled.key.id });
    const end = Date.parse(rolled.previous.expiresAt!);
    expect(Math.abs(end - (Date.now() + 3_600_000))).toBeLessThan(60_000);

    // Both work during the overlap.
    expect((await productsOf(bearer(made.secret))).statusCode).toBe(200);
    expect((await productsOf(bearer(rolled.secret))).statusCode).toBe(200);
    // A controlled clock: the old key still works a moment before the overlap ends and not at its end.
    const creatorAccess = (id: string) => loadAccess(t.app.ctx.db, id);
    expect((await authenticateApiKey(t.app.ctx.db, made.secret, '127.0.0.1', creatorAccess, end - 1000)).kind).toBe('apiKey');
    expect(await authenticateApiKey(t.app.ctx.db, made.secret, '127.0.0.1', creatorAccess, end)).toMatchObject({
      kind: 'invalid',
      reason: 'invalid API key: expired',
    });
    expect((await authenticateApiKey(t.app.ctx.db, rolled.secret, '127.0.0.1', creatorAccess, end + 1000)).kind).toBe('apiKey');

    // A rolled key is rolled through its replacement; an overlap of 0 ends the old key at once.
    expect((await inject('POST', `/api-keys/${made.key.id}/roll`, adminA, { overlapHours: 1 })).statusCode).toBe(409);
    const again = await inject('POST', `/api-keys/${rolled.key.id}/roll`, adminA, { overlapHours: 0 });
    expect(again.statusCode).toBe(201);
    expect((await productsOf(bearer(rolled.secret))).statusCode).toBe(401);
    expect((await productsOf(bearer((again.json() as Issued).secret))).statusCode).toBe(200);
    expect((await inject('POST', `/api-keys/${made.key.id}/roll`, adminA, { overlapHours: 169 })).statusCode).toBe(422);
    const actions = await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, made.key.id));
    expect(actions.map((a) => a.action).sort()).toEqual(['create', 'roll']);
  });

  it('revokes at once, and refuses expired keys', async () => {
    const made = await makeKey(adminA, [{ permission: 'products', access: 'read' }]);
    expect((await productsOf(bearer(made.secret))).statusCode).toBe(200);
    const res = await inject('POST', `/api-keys/${made.key.id}/revoke`, adminA);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'revoked' });
    const after = await productsOf(bearer(made.secret));
    expect(after.statusCode).toBe(401);
    expect((await inject('POST', `/api-keys/${made.key.id}/roll`, adminA, { overlapHours: 1 })).statusCode).toBe(409);

    const soon = await makeKey(adminA, [{ permission: 'products', access: 'read' }], {
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    expect((await productsOf(bearer(soon.secret))).statusCode).toBe(200);
    await t.app.ctx.db.execute(sql`update api_keys set expires_at = now() - interval '1 second' where id = ${soon.key.id}`);
    expect((await productsOf(bearer(soon.secret))).statusCode).toBe(401);
    const past = await inject('POST', '/api-keys', adminA, {
      name: 'Past',
      scopes: [{ permission: 'products', access: 'read' }],
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    expect(past.statusCode).toBe(422);
    expect((past.json() as { error: { fields: { field: string }[] } }).error.fields[0]!.field).toBe('expiresAt');
  });

  it("keeps each organization's keys and data apart", async () => {
    const a = await makeKey(adminA, [{ permission: 'products', access: 'write' }]);
    const b = await makeKey(adminB, [{ permission: 'products', access: 'write' }]);
    const listB = (await inject('GET', '/api-keys', adminB)).json() as { id: string }[];
    expect(listB.map((k) => k.id)).toContain(b.key.id);
    expect(listB.map((k) => k.id)).not.toContain(a.key.id);
    expect((await inject('POST', `/api-keys/${a.key.id}/roll`, adminB, { overlapHours: 0 })).statusCode).toBe(404);
    expect((await inject('POST', `/api-keys/${a.key.id}/revoke`, adminB)).statusCode).toBe(404);
    expect((await productsOf(bearer(a.secret))).statusCode).toBe(200);

    const mine = (await newProduct(bearer(a.secret))).json() as { id: string };
    expect((await inject('GET', `/products/${mine.id}`, bearer(a.secret))).statusCode).toBe(200);
    expect((await inject('GET', `/products/${mine.id}`, bearer(b.secret))).statusCode).toBe(404);
  });

  it('never lets a key reach the auth service, storage or realtime', async () => {
    const key = (
      await makeKey(adminA, [
        { permission: 'products', access: 'write' },
        { permission: 'assets', access: 'write' },
      ])
    ).secret;
    const anon = t.app.ctx.keys.anon;
    for (const url of ['/auth/v1/user', '/auth/v1/factors', '/storage/v1/bucket', '/realtime/v1/api/broadcast']) {
      const res = await t.app.inject({
        method: url.includes('broadcast') ? 'POST' : 'GET',
        url,
        headers: { ...bearer(key), apikey: anon },
      });
      expect(res.statusCode, `${url} ${res.body}`).toBe(401);
    }
    // Nor as the apikey header, where the anon and service keys go.
    const res = await t.app.inject({ method: 'GET', url: '/storage/v1/bucket', headers: { apikey: key } });
    expect(res.statusCode).toBe(401);
    // Realtime resolves a socket's access token through resolvePrincipal, which never takes a key.
    expect(await resolvePrincipal(t.app.ctx.db, t.app.ctx.jwt, key)).toMatchObject({ kind: 'invalid' });
    expect(await resolvePrincipal(t.app.ctx.db, t.app.ctx.jwt, null, key)).toMatchObject({ kind: 'invalid' });
  });
});
