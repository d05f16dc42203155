import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, sessions, userRoles } from '../db/schema/index.js';
import { bearer, createUser, tokenFor } from '../../test/factories.js';
import { driver, type TestContext } from '../../test/harness.js';
import { created, orgClients, startCatalogApp, type Api } from '../modules/products/products.test-support.js';

let t: TestContext;
let api: Api;
let orgId: string;
let brandId: string;
let productId: string;

type Page = { items: { id: string; nameEn: string; brand: { nameEn: string } | null; variantCount: number }[] };
const page = async (a: Api = api) => {
  const res = await a.get('/products?limit=50');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
};
const mine = async () => (await page()).items.find((i) => i.id === productId)!;

/** Waits for a NOTIFY from another connection to reach the app (up to 3 s). */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  const until = Date.now() + 3000;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('the change did not reach the cache within 3 s');
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeAll(async () => {
  ({ t, orgId, api } = await startCatalogApp());
  brandId = (await created(api.post('/brands', { code: 'cache_b', nameEn: 'Acme', nameAr: 'أكمي' }))).id;
  await created(api.post('/tax-classes', { code: 'cache_t', nameEn: 'Standard', nameAr: 'قياسي', isDefault: true }));
  productId = (await created(api.post('/products', { sku: 'CACHE-1', nameEn: 'Honey', nameAr: 'عسل', brandId }))).id;
});
afterAll(async () => t?.close());

describe('product list pages from the catalogue cache', () => {
  it('serves a repeated page from memory, byte for byte what a fresh computation gives', async () => {
    const cache = t.app.ctx.caches.catalog;
    const first = await api.get('/products?limit=50');
    const hits = cache.hits;
    const second = await api.get('/products?limit=50');
    expect(cache.hits).toBe(hits + 1);
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    const fresh = await t.app.inject({
      url: '/api/v1/products?limit=50',
      headers: { ...(await adminHeaders()), 'cache-control': 'no-cache' },
    });
    expect(cache.hits).toBe(hits + 1);
    expect(fresh.body).toBe(first.body);
  });

  it('shows a write through the API in the writer’s next read', async () => {
    const cache = t.app.ctx.caches.catalog;
    await page();
    let generation = cache.generation;
    const res = await api.patch(`/products/${productId}`, { nameEn: 'Sidr honey', expectedVersion: 1 });
    expect(res.statusCode, res.body).toBe(200);
    // The answer left only once the write's own NOTIFY had moved the cache on (the barrier).
    expect(cache.generation).toBeGreaterThan(generation);
    expect((await mine()).nameEn).toBe('Sidr honey');
    // What a row shows from other tables: the brand's name.
    generation = cache.generation;
    expect((await api.patch(`/brands/${brandId}`, { nameEn: 'Acme Farms' })).statusCode).toBe(200);
    expect(cache.generation).toBeGreaterThan(generation);
    expect((await mine()).brand?.nameEn).toBe('Acme Farms');
  });

  it('keeps the page and the writer’s session cached across a write that touches neither', async () => {
    const { catalog, principals, access } = t.app.ctx.caches;
    const location = await created(api.post('/market-locations', { nameEn: 'Harbour', nameAr: 'الميناء' }));
    const first = await api.get('/products?limit=50');
    const generations = [catalog.generation, principals.generation, access.generation];
    const patched = await api.patch(`/market-locations/${location.id}`, { nameEn: 'Harbour Market' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect([catalog.generation, principals.generation, access.generation]).toEqual(generations);
    const hits = { catalog: catalog.hits, access: access.hits };
    const again = await api.get('/products?limit=50');
    expect(catalog.hits).toBe(hits.catalog + 1);
    expect(access.hits).toBe(hits.access + 1);
    expect(again.body).toBe(first.body);
  });

  it('hears of writes made outside the API (another process, a background job) through NOTIFY', async () => {
    await page();
    await t.app.ctx.db.update(products).set({ nameEn: 'Written by another process' }).where(eq(products.id, productId));
    await eventually(async () => (await mine()).nameEn === 'Written by another process');
    await page();
    await t.app.ctx.db.execute(
      sql`insert into product_variants (org_id, product_id, sku, axis_key) values (${orgId}, ${productId}, 'CACHE-1-A', 'a')`,
    );
    await eventually(async () => (await mine()).variantCount === 1);
  });

  it.runIf(driver === 'postgres')(
    'serves nothing from memory while the NOTIFY feed is down, and caches again once it is back',
    async () => {
      const cache = t.app.ctx.caches.catalog;
      await page();
      // The listening connection ends, as when the database server restarts or the network drops it.
      await t.app.ctx.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = ${'LISTEN "cache_barrier"'}`,
      );
      await eventually(async () => !cache.enabled);
      const hits = cache.hits;
      await t.app.ctx.db.update(products).set({ nameEn: 'Written while the feed was down' }).where(eq(products.id, productId));
      expect((await mine()).nameEn).toBe('Written while the feed was down');
      await page();
      expect(cache.hits).toBe(hits);
      // The listener connects again within a second or so; pages are cached again.
      await eventually(async () => cache.enabled);
      await page();
      await page();
      expect(cache.hits).toBe(hits + 1);
    },
  );

  it('keeps organizations apart: one organization’s cached page is never another’s', async () => {
    const other = (await orgClients(t)).api;
    await page();
    expect((await page(other)).items).toEqual([]);
  });
});

describe('sessions from the session cache', () => {
  it('refuses a signed-out token at once', async () => {
    const user = await createUser(t.app, { orgId, role: 'product_team' });
    const token = await tokenFor(t.app, user);
    const me = () => t.app.inject({ url: '/api/v1/products?limit=1', headers: bearer(token) });
    expect((await me()).statusCode).toBe(200);
    expect((await me()).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/auth/v1/logout?scope=local', headers: bearer(token) });
    expect(out.statusCode).toBe(204);
    expect((await me()).statusCode).toBe(401);
  });

  it('applies a role change and a session ended in the database through NOTIFY', async () => {
    const user = await createUser(t.app, { orgId, role: 'product_team' });
    const token = await tokenFor(t.app, user);
    const list = () => t.app.inject({ url: '/api/v1/products?limit=1', headers: bearer(token) });
    expect((await list()).statusCode).toBe(200);
    // A vendor manager has no products permission.
    await t.app.ctx.db.update(userRoles).set({ role: 'vendor_manager' }).where(eq(userRoles.userId, user.id));
    await eventually(async () => (await list()).statusCode === 403);
    await t.app.ctx.db.update(userRoles).set({ role: 'product_team' }).where(eq(userRoles.userId, user.id));
    await eventually(async () => (await list()).statusCode === 200);
    await t.app.ctx.db
      .update(sessions)
      .set({ notAfter: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    await eventually(async () => (await list()).statusCode === 401);
  });
});

async function adminHeaders() {
  const user = await createUser(t.app, { orgId, role: 'super_admin' });
  return bearer(await tokenFor(t.app, user));
}
