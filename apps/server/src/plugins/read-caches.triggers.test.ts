import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Tx } from '../db/client.js';
import type { Caller } from '../lib/api-route.js';
import { findLiveSession, loadAccess } from '../modules/access/index.js';
import { listProductsJson } from '../modules/products/product-list.service.js';
import { catalogFixture, created, startCatalogApp, type Api } from '../modules/products/products.test-support.js';
import { createUser, tokenFor } from '../../test/factories.js';
import { driver, type TestContext } from '../../test/harness.js';
import { resolvePrincipal } from './auth-context.js';
import { CACHE_CHANNELS, type ReadCaches } from './read-caches.js';

/**
 * A cache is moved on only by the NOTIFY of its channel (decision 007), so every table a cached value is
 * read from must have that channel's trigger. The tables are not listed by hand: each cached value is
 * computed inside a transaction and PostgreSQL's own per-transaction counters (pg_stat_xact_user_tables)
 * say which tables it scanned, so a new join in the list page or the access query is caught here.
 */
let t: TestContext;
let api: Api;
let orgId: string;
let fx: Awaited<ReturnType<typeof catalogFixture>>;

beforeAll(async () => {
  ({ t, orgId, api } = await startCatalogApp());
  fx = await catalogFixture(t, api, orgId);
  // A product that shows something of every kind: brand, vendor, family, a category, a variant and an image.
  const product = await created(
    api.post('/products', {
      sku: 'TRIG-1',
      nameEn: 'Lime',
      nameAr: 'ليم',
      brandId: fx.brand.id,
      vendorId: fx.vendor.id,
      familyId: fx.family2.id,
      categoryIds: [fx.citrus.id],
    }),
  );
  await t.app.ctx.db.execute(
    sql`insert into product_variants (org_id, product_id, sku, axis_key) values (${orgId}, ${product.id}, 'TRIG-1-A', 'a')`,
  );
  await t.app.ctx.db.execute(sql`insert into product_media (org_id, product_id, asset_id) values (${orgId}, ${product.id}, ${fx.asset})`);
});
afterAll(async () => t?.close());

/**
 * The tables (schema.table) that `read` scanned: PostgreSQL's per-transaction scan counters before and
 * after it, in one transaction (PGlite never flushes them, so they also hold earlier transactions: the
 * difference is what counts).
 */
async function tablesRead(read: (tx: Tx) => Promise<unknown>): Promise<string[]> {
  return t.app.ctx.db.transaction(async (tx) => {
    const scans = async () => {
      const res = await tx.execute(sql`select schemaname || '.' || relname as name,
        (coalesce(seq_scan, 0) + coalesce(idx_scan, 0))::int as n from pg_stat_xact_user_tables`);
      return new Map((res as unknown as { rows: { name: string; n: number }[] }).rows.map((r) => [r.name, Number(r.n)]));
    };
    const before = await scans();
    await read(tx);
    const after = await scans();
    return [...after]
      .filter(([name, n]) => n > (before.get(name) ?? 0))
      .map(([name]) => name)
      .sort();
  });
}

/** Tables with a notify_read_cache trigger for `channel`, on the events given (bits of pg_trigger.tgtype). */
async function triggered(channel: string, events: { insert: boolean }): Promise<string[]> {
  // tgtype: 4 INSERT, 8 DELETE, 16 UPDATE (statement triggers of migration 0011 and later).
  const mask = 8 + 16 + (events.insert ? 4 : 0);
  const res = await t.app.ctx.db.execute(sql`
    select n.nspname || '.' || c.relname as name
    from pg_trigger tg
    join pg_class c on c.oid = tg.tgrelid
    join pg_namespace n on n.oid = c.relnamespace
    join pg_proc p on p.oid = tg.tgfoid
    where p.proname = 'notify_read_cache' and not tg.tgisinternal
      and split_part(encode(tg.tgargs, 'escape'), '\\000', 1) = ${channel}
      and (tg.tgtype & ${mask}) = ${mask}
    order by 1`);
  return (res as unknown as { rows: { name: string }[] }).rows.map((r) => r.name);
}

const channelOf = (cache: keyof ReadCaches) => Object.keys(CACHE_CHANNELS).find((c) => CACHE_CHANNELS[c]!.includes(cache))!;

/**
 * Tables whose new rows change no cached value by themselves: a row shows only once a row of another
 * watched table points to it (a product to its brand, a membership to its organization), and that write
 * has its own trigger. Every other table read must also notify on INSERT (a new variant changes a count).
 */
const SEEN_ONLY_THROUGH_A_REFERENCE = new Set([
  'auth.users',
  'auth.sessions',
  'public.organizations',
  'public.brands',
  'public.vendors',
  'public.attribute_families',
  'public.assets',
]);

async function expectWatched(cache: keyof ReadCaches, read: (tx: Tx) => Promise<unknown>, atLeast: string[]): Promise<void> {
  const tables = await tablesRead(read);
  // The counters saw the reads at all (a driver without them would make this test pass on nothing).
  expect(tables).toEqual(expect.arrayContaining(atLeast));
  const onUpdateAndDelete = await triggered(channelOf(cache), { insert: false });
  const onInsertToo = await triggered(channelOf(cache), { insert: true });
  for (const table of tables) {
    expect(onUpdateAndDelete, `${table} is read for the ${cache} cache but has no ${channelOf(cache)} trigger`).toContain(table);
    if (!SEEN_ONLY_THROUGH_A_REFERENCE.has(table))
      expect(onInsertToo, `${table} is read for the ${cache} cache but its trigger does not fire on INSERT`).toContain(table);
  }
}

describe(`every table a cached value is read from notifies its cache on commit (${driver})`, () => {
  it('principals: the session, its user and second factors', async () => {
    const user = await createUser(t.app, { orgId, role: 'product_team' });
    const token = await tokenFor(t.app, user);
    await expectWatched(
      'principals',
      async (tx) => {
        const p = await resolvePrincipal(tx as unknown as Db, t.app.ctx.jwt, token);
        expect(p.kind).toBe('user');
        await findLiveSession(tx, (p as { sessionId: string }).sessionId, user.id);
      },
      ['auth.sessions', 'auth.users', 'auth.mfa_factors'],
    );
  });

  it('access: membership, organization, role and the role matrix', async () => {
    const user = await createUser(t.app, { orgId, role: 'product_team' });
    await t.app.ctx.db.execute(
      sql`insert into role_permission_matrix (org_id, role_name, permission_key, is_enabled) values (${orgId}, 'product_team', 'assets', true)`,
    );
    await expectWatched('access', async (tx) => expect((await loadAccess(tx, user.id)).organization?.id).toBe(orgId), [
      'public.organization_memberships',
      'public.organizations',
      'public.user_roles',
      'public.role_permission_matrix',
    ]);
  });

  it('catalog: every table a list page reads, for the default page and each kind of filter', async () => {
    const caller = { orgId } as Caller;
    const queries = [
      { limit: 50 },
      { limit: 50, categoryId: fx.food.id },
      { limit: 50, brandId: fx.brand.id, sort: 'name_asc' as const },
      { limit: 50, vendorId: fx.vendor.id, familyId: fx.family2.id },
      { limit: 50, q: 'lim' },
    ];
    await expectWatched(
      'catalog',
      async (tx) => {
        for (const query of queries) {
          const page = JSON.parse(await listProductsJson(tx, caller, query)) as { items: unknown[] };
          expect(page.items, JSON.stringify(query)).toHaveLength(1);
        }
      },
      ['public.products'],
    );
  });
});
