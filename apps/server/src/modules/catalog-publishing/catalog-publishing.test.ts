import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, catalogChannelCompleteness, currencies } from '../../db/schema/index.js';
import { bearer, createOrg, createUser, tokenFor } from '../../../test/factories.js';
import { driver, type TestContext } from '../../../test/harness.js';
import type { catalogPublishingRoutes as c } from '@market/contracts';
import { createProducts } from '../products/index.js';
import {
  catalogFixture,
  client,
  created,
  productSnapshot,
  startCatalogApp,
  type Api,
  type Fixture,
} from '../products/products.test-support.js';
import { SNAPSHOT_DIFF_LIST } from './catalog-publishing.service.js';
import { snapshotItemPages } from './catalog-publishing.repository.js';
import { checksumOf } from './snapshot-formats.js';
import { FEED_READS_PER_MINUTE } from './catalog-publishing.routes.js';

type FeedItem = c.FeedItem;

let t: TestContext;
let orgId: string;
let api: Api;
let denied: Api;
let fx: Fixture;
beforeAll(async () => {
  ({ t, orgId, api, denied } = await startCatalogApp());
  fx = await catalogFixture(t, api, orgId);
  await t.app.ctx.db.insert(currencies).values([
    { orgId, code: 'QAR', nameEn: 'Riyal', nameAr: 'ريال', symbol: 'QR', minorDigits: 2, isBase: true },
    { orgId, code: 'USD', nameEn: 'Dollar', nameAr: 'دولار', symbol: '$', minorDigits: 2, rateMicros: 274_725 },
  ]);
}, 120_000);
afterAll(async () => t?.close());

type Channel = { id: string; updatedAt: string; [k: string]: unknown };
const sku = () => `CP-${randomUUID().slice(0, 8)}`;
const full = { descriptionEn: 'Good', nameAr: 'عسل', descriptionAr: 'جيد' };
const product = (body: Record<string, unknown> = {}) =>
  created<{ id: string; sku: string }>(api.post('/products', { sku: sku(), nameEn: 'Honey', status: 'active', ...full, ...body }));
const channel = (body: Record<string, unknown>) =>
  created<Channel>(
    api.post('/catalog-publishing/channels', { kind: 'web', name: `Web ${randomUUID().slice(0, 6)}`, locales: ['en', 'ar'], ...body }),
  );
const patchChannel = async (ch: Channel, body: Record<string, unknown>) =>
  created<Channel>(api.patch(`/catalog-publishing/channels/${ch.id}`, { ...body, expectedUpdatedAt: ch.updatedAt }));

async function scores(channelId: string, productId: string) {
  const rows = await t.app.ctx.db
    .select()
    .from(catalogChannelCompleteness)
    .where(and(eq(catalogChannelCompleteness.channelId, channelId), eq(catalogChannelCompleteness.productId, productId)));
  return Object.fromEntries(rows.map((r) => [r.locale, { score: r.score, missing: r.missing }]));
}

describe(`catalog publishing (${driver})`, () => {
  it('keeps channel completeness in step with product edits, family changes and requirement changes', async () => {
    const ch = await channel({ requirements: [{ familyId: fx.family2.id, attributeIds: [fx.a.text.id] }] });
    const p = await product({ familyId: fx.family2.id });
    // Name, description and the channel's required text attribute: 2 of 3.
    expect(await scores(ch.id, p.id)).toEqual({ en: { score: 66, missing: [fx.a.text.id] }, ar: { score: 66, missing: [fx.a.text.id] } });

    // A family change: without the attribute in the family, the channel no longer asks for it.
    // (The test app sends the family's current updatedAt, as its screen would.)
    await created(api.patch(`/attribute-families/${fx.family2.id}`, { attributes: [{ attributeId: fx.a.number.id, required: true }] }));
    expect((await scores(ch.id, p.id)).en).toEqual({ score: 100, missing: [] });
    await created(
      api.patch(`/attribute-families/${fx.family2.id}`, {
        attributes: [
          { attributeId: fx.a.text.id, required: false },
          { attributeId: fx.a.number.id, required: true },
        ],
      }),
    );
    expect((await scores(ch.id, p.id)).en).toEqual({ score: 66, missing: [fx.a.text.id] });

    // A product edit fills it.
    await created(api.patch(`/products/${p.id}`, { values: { [fx.a.text.id]: 'filled' } }));
    expect(await scores(ch.id, p.id)).toEqual({ en: { score: 100, missing: [] }, ar: { score: 100, missing: [] } });

    // A requirement change: the number is now required by the channel, and only English is published.
    const after = await patchChannel(ch, {
      locales: ['en'],
      requirements: [{ familyId: fx.family2.id, attributeIds: [fx.a.text.id, fx.a.number.id] }],
    });
    expect(await scores(ch.id, p.id)).toEqual({ en: { score: 75, missing: [fx.a.number.id] } });
    const summary = await created<{ locales: { locale: string; products: number }[]; lowest: { productId: string }[] }>(
      api.get(`/catalog-publishing/channels/${after.id}/completeness`),
    );
    expect(summary.locales.map((l) => l.locale)).toEqual(['en']);
    expect(summary.lowest.map((l) => l.productId)).toContain(p.id);
    // A stale edit is refused.
    expect((await api.patch(`/catalog-publishing/channels/${ch.id}`, { name: 'x', expectedUpdatedAt: ch.updatedAt })).statusCode).toBe(409);
  });

  it('evaluates the rules and the manual lists, and says why each product is in or out', async () => {
    const root = fx.food.id;
    const inRoot = await product({ brandId: fx.brand.id, categoryIds: [fx.citrus.id] });
    const draft = await product({ status: 'draft', brandId: fx.brand.id, categoryIds: [fx.citrus.id] });
    const otherBrand = await product({ brandId: fx.brand2.id, categoryIds: [fx.fruit.id] });
    const outside = await product({ brandId: fx.brand.id, categoryIds: [fx.tools.id] });
    const pushed = await product({ status: 'draft', categoryIds: [fx.tools.id] });
    const dropped = await product({ brandId: fx.brand.id, categoryIds: [fx.citrus.id] });
    const later = await product({ brandId: fx.brand.id, categoryIds: [fx.citrus.id] });
    const ch = await channel({
      categoryRootId: root,
      rules: { activeOnly: true, minCompleteness: 100, categoryIds: [fx.fruit.id], brandIds: [fx.brand.id], vendorIds: [] },
      includeIds: [pushed.id],
      excludeIds: [dropped.id],
      schedules: [{ productId: later.id, publishAt: new Date(Date.now() + 86_400_000).toISOString(), unpublishAt: null }],
    });
    const all: { id: string; included: boolean; reasons: string[] }[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: typeof all; nextCursor: string | null; totals: { included: number } } = await created(
        api.get(`/catalog-publishing/channels/${ch.id}/preview?limit=3${cursor ? `&cursor=${cursor}` : ''}`),
      );
      all.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    const of = (id: string) => all.find((x) => x.id === id)!;
    expect(of(inRoot.id)).toMatchObject({ included: true, reasons: ['matches_rules'] });
    expect(of(draft.id)).toMatchObject({ included: false, reasons: ['not_active'] });
    expect(of(otherBrand.id)).toMatchObject({ included: false, reasons: ['brand_not_selected'] });
    expect(of(outside.id)).toMatchObject({ included: false, reasons: ['outside_category_root', 'category_not_selected'] });
    expect(of(pushed.id)).toMatchObject({ included: true, reasons: ['included_manually'] });
    expect(of(dropped.id)).toMatchObject({ included: false, reasons: ['excluded_manually'] });
    expect(of(later.id)).toMatchObject({ included: false, reasons: ['scheduled_later'] });
    const onlyIn = await created<{ items: { included: boolean }[] }>(api.get(`/catalog-publishing/channels/${ch.id}/preview?show=in`));
    expect(onlyIn.items.every((x) => x.included)).toBe(true);
    // A rule category outside the root is refused, naming it.
    const bad = await api.patch(`/catalog-publishing/channels/${ch.id}`, {
      rules: { activeOnly: true, minCompleteness: 0, categoryIds: [fx.tools.id], brandIds: [], vendorIds: [] },
      expectedUpdatedAt: ch.updatedAt,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields[0].field).toBe('rules.categoryIds.0');
  });

  it('publishes numbered snapshots with a diff, asks before removing too much, and rolls back', async () => {
    const brand = await created<{ id: string }>(
      api.post('/brands', { code: `b_${randomUUID().slice(0, 6)}`, nameEn: 'Solo', nameAr: 'سولو' }),
    );
    const a = await product({ brandId: brand.id, priceMinor: 1250, mediaAssetIds: [fx.asset] });
    const b = await product({ brandId: brand.id, priceMinor: 800 });
    const c = await product({ brandId: brand.id, priceMinor: 300 });
    const ch = await channel({
      currencies: ['QAR', 'USD'],
      rules: { activeOnly: true, minCompleteness: 0, categoryIds: [], brandIds: [brand.id], vendorIds: [] },
      maxRemovalPercent: 40,
    });
    const first = await created<{ number: number; itemCount: number; checksum: string; added: number }>(
      api.post(`/catalog-publishing/channels/${ch.id}/publish`, {}),
    );
    expect(first).toMatchObject({ number: 1, itemCount: 3, added: 3 });
    expect(first.checksum).toMatch(/^[0-9a-f]{64}$/);

    await created(api.patch(`/products/${a.id}`, { nameEn: 'Honey, wild' }));
    const second = await created<{ number: number; changed: number }>(api.post(`/catalog-publishing/channels/${ch.id}/publish`, {}));
    expect(second).toMatchObject({ number: 2, changed: 1 });
    const detail = await created<{ diff: { changed: { id: string; fields: string[] }[]; added: unknown[]; removed: unknown[] } }>(
      api.get(`/catalog-publishing/channels/${ch.id}/snapshots/2`),
    );
    expect(detail.diff).toEqual({ added: [], removed: [], changed: [{ id: a.id, sku: a.sku, fields: ['names'] }] });

    // Two of three gone is more than 40%: confirmation first.
    await created(api.patch(`/products/${b.id}`, { status: 'draft' }));
    await created(api.patch(`/products/${c.id}`, { status: 'draft' }));
    const asked = await api.post(`/catalog-publishing/channels/${ch.id}/publish`, {});
    expect(asked.statusCode).toBe(409);
    expect(asked.json().error.fields[0].field).toBe('confirm');
    const third = await created<{ number: number; removed: number; itemCount: number }>(
      api.post(`/catalog-publishing/channels/${ch.id}/publish`, { confirm: true }),
    );
    expect(third).toMatchObject({ number: 3, removed: 2, itemCount: 1 });

    // Rollback to 1 is snapshot 4 with 1's items (and checksum).
    const back = await created<{ number: number; rolledBackFrom: number; checksum: string; added: number }>(
      api.post(`/catalog-publishing/channels/${ch.id}/snapshots/1/rollback`, {}),
    );
    expect(back).toMatchObject({ number: 4, rolledBackFrom: 1, checksum: first.checksum, added: 2 });
    const list = await created<{ number: number }[]>(api.get(`/catalog-publishing/channels/${ch.id}/snapshots`));
    expect(list.map((s) => s.number)).toEqual([4, 3, 2, 1]);

    // Exports: JSON items with prices in both currencies, CSV, RSS.
    const json = await api.get(`/catalog-publishing/channels/${ch.id}/snapshots/1/export?format=json`);
    const items = json.json().items as { id: string; prices: Record<string, number>; imageLink: string | null; brand: string }[];
    expect(items.find((i) => i.id === a.id)).toMatchObject({ prices: { QAR: 1250, USD: 343 }, brand: 'Solo' });
    expect(items.find((i) => i.id === a.id)!.imageLink).toMatch(/\/storage\/v1\/object\/public\//);
    const csv = await api.get(`/catalog-publishing/channels/${ch.id}/snapshots/1/export?format=csv`);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body.split('\r\n')[0]).toBe(
      'id,sku,name_en,description_en,name_ar,description_ar,price_QAR,price_USD,brand,categories,link,image_link,availability',
    );
    expect(csv.body).toContain('12.50 QAR');
  });

  it('keeps the items of the latest snapshots only: older ones keep their summary and diff, and say so when asked for items', async () => {
    const brand = await created<{ id: string }>(
      api.post('/brands', { code: `b_${randomUUID().slice(0, 6)}`, nameEn: 'Kept', nameAr: 'محفوظ' }),
    );
    const a = await product({ brandId: brand.id });
    const rules = { activeOnly: true, minCompleteness: 0, categoryIds: [], brandIds: [brand.id], vendorIds: [] };
    expect((await channel({ rules })).keepSnapshots).toBe(20);
    for (const [value, message] of [
      [1, 'must be 2 or more'],
      [501, 'at most 500'],
      ['3', 'must be a number'],
      [2.5, 'must be a whole number'],
    ] as const) {
      const res = await api.post('/catalog-publishing/channels', {
        kind: 'web',
        name: `W ${randomUUID()}`,
        locales: ['en'],
        keepSnapshots: value,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().error.fields).toEqual([{ field: 'keepSnapshots', message }]);
    }
    let ch = await channel({ rules, keepSnapshots: 2 });
    const publish = () => created<{ number: number; itemsKept: boolean }>(api.post(`/catalog-publishing/channels/${ch.id}/publish`, {}));
    const rename = (nameEn: string) => created(api.patch(`/products/${a.id}`, { nameEn }));
    const items = async () => {
      const res = (await t.app.ctx.db.execute(sql`
        select s.number, s.items_pruned_at is null as kept, count(i.position)::int as n
        from catalog_snapshots s left join catalog_snapshot_items i on i.snapshot_id = s.id
        where s.channel_id = ${ch.id} group by s.number, s.items_pruned_at order by s.number`)) as unknown as
        { rows: { number: number; kept: boolean; n: number }[] } | { number: number; kept: boolean; n: number }[];
      return (Array.isArray(res) ? res : res.rows).map((r) => `${r.number}:${r.kept ? 'kept' : 'gone'}:${r.n}`);
    };
    const listed = async () =>
      (await created<{ number: number; itemsKept: boolean }[]>(api.get(`/catalog-publishing/channels/${ch.id}/snapshots`))).map(
        (s) => `${s.number}:${s.itemsKept}`,
      );

    expect(await publish()).toMatchObject({ number: 1, itemsKept: true });
    await rename('Honey 2');
    await publish();
    expect(await items()).toEqual(['1:kept:1', '2:kept:1']);
    await rename('Honey 3');
    expect(await publish()).toMatchObject({ number: 3, itemsKept: true });
    // The third publish let go of the first snapshot's items, in its own transaction.
    expect(await items()).toEqual(['1:gone:0', '2:kept:1', '3:kept:1']);
    expect(await listed()).toEqual(['3:true', '2:true', '1:false']);
    const detail = await created<{ itemCount: number; added: number; itemsKept: boolean }>(
      api.get(`/catalog-publishing/channels/${ch.id}/snapshots/1`),
    );
    expect(detail).toMatchObject({ itemCount: 1, added: 1, itemsKept: false });
    for (const res of [
      await api.get(`/catalog-publishing/channels/${ch.id}/snapshots/1/export?format=json`),
      await api.post(`/catalog-publishing/channels/${ch.id}/snapshots/1/rollback`, {}),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(
        "Snapshot 1's items are no longer kept: this channel keeps the items of its latest 2 snapshots",
      );
    }
    expect(await items()).toEqual(['1:gone:0', '2:kept:1', '3:kept:1']);

    // A rollback is a snapshot too: republishing 2 as 4 lets go of 2's items (3 and 4 are the latest two).
    expect(
      await created<{ number: number; rolledBackFrom: number }>(api.post(`/catalog-publishing/channels/${ch.id}/snapshots/2/rollback`, {})),
    ).toMatchObject({ number: 4, rolledBackFrom: 2 });
    expect(await items()).toEqual(['1:gone:0', '2:gone:0', '3:kept:1', '4:kept:1']);
    const feed = await api.get(`/catalog-publishing/channels/${ch.id}/snapshots/4/export?format=json`);
    expect(feed.json().items.map((i: FeedItem) => i.names.en)).toEqual(['Honey 2']);

    // Keeping more brings nothing back; keeping fewer lets go at once, and the audit says which.
    ch = await patchChannel(ch, { keepSnapshots: 3 });
    await publish();
    expect(await items()).toEqual(['1:gone:0', '2:gone:0', '3:kept:1', '4:kept:1', '5:kept:1']);
    ch = await patchChannel(ch, { keepSnapshots: 2 });
    expect(ch.keepSnapshots).toBe(2);
    expect(await items()).toEqual(['1:gone:0', '2:gone:0', '3:gone:0', '4:kept:1', '5:kept:1']);
    const updates = await t.app.ctx.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, ch.id), eq(auditLog.action, 'update')))
      .orderBy(auditLog.createdAt);
    expect(updates.map((u) => u.after)).toEqual([
      expect.not.objectContaining({ prunedSnapshots: expect.anything() }),
      expect.objectContaining({ keepSnapshots: 2, prunedSnapshots: [3] }),
    ]);

    // A download whose snapshot lets go of its items while it is read fails rather than ending as a short file.
    const ids = new Map(
      (await created<{ id: string; number: number }[]>(api.get(`/catalog-publishing/channels/${ch.id}/snapshots`))).map((x) => [
        x.number,
        x.id,
      ]),
    );
    const read = async (n: number) => {
      const got: string[] = [];
      for await (const page of snapshotItemPages(t.app.ctx.db, ids.get(n)!, 1)) got.push(...page.map((i) => i.sku));
      return got;
    };
    expect(await read(5)).toEqual([a.sku]);
    await expect(read(3)).rejects.toThrow('Snapshot items changed while being read (0 of 1)');
  });

  it('reuses the space of the items it lets go of: a channel published again and again stops growing', async () => {
    const brand = await created<{ id: string }>(
      api.post('/brands', { code: `re_${randomUUID().slice(0, 6)}`, nameEn: 'Again', nameAr: 'مجددا' }),
    );
    const tag = randomUUID().slice(0, 6);
    await t.app.ctx.db.transaction((tx) =>
      createProducts(
        tx,
        { orgId, userId: null },
        Array.from({ length: 300 }, (_, k) => ({
          next: productSnapshot(`RE-${tag}-${k}`, { nameAr: `منتج ${k}`, descriptionEn: 'Good', descriptionAr: 'جيد', brandId: brand.id }),
          family: [],
        })),
        'import',
      ),
    );
    const ch = await channel({
      rules: { activeOnly: true, minCompleteness: 0, categoryIds: [], brandIds: [brand.id], vendorIds: [] },
      keepSnapshots: 2,
    });
    const heapBytes = async () => {
      const res = (await t.app.ctx.db.execute(sql`select pg_relation_size('catalog_snapshot_items')::float8 as n`)) as unknown as
        { rows: { n: number }[] } | { n: number }[];
      return Number((Array.isArray(res) ? res : res.rows)[0]!.n);
    };
    const publishTimes = async (k: number) => {
      for (let i = 0; i < k; i++) await created(api.post(`/catalog-publishing/channels/${ch.id}/publish`, {}));
    };
    await publishTimes(4);
    const after4 = await heapBytes();
    // Four more snapshots of 300 items (about 25 pages each) fit in the space the four before them let go of.
    await publishTimes(4);
    expect(await heapBytes()).toBeLessThanOrEqual(after4);
  });

  it('publishes a channel larger than a page: every item in feed order, one checksum over all, diff lists cut with whole counts', async () => {
    const brand = await created<{ id: string }>(
      api.post('/brands', { code: `big_${randomUUID().slice(0, 6)}`, nameEn: 'Big', nameAr: 'كبير' }),
    );
    const tag = randomUUID().slice(0, 6);
    const n = 1_205;
    const skus = Array.from({ length: n }, (_, k) => `BIG-${tag}-${String(k).padStart(4, '0')}`);
    await t.app.ctx.db.transaction((tx) =>
      createProducts(
        tx,
        { orgId, userId: null },
        skus.map((s) => ({
          next: productSnapshot(s, { nameAr: `منتج ${s}`, descriptionEn: 'Good', descriptionAr: 'جيد', brandId: brand.id }),
          family: [],
        })),
        'import',
      ),
    );
    const ch = await channel({
      currencies: ['QAR'],
      rules: { activeOnly: true, minCompleteness: 0, categoryIds: [], brandIds: [brand.id], vendorIds: [] },
    });
    // While it runs, the channel's progress says how many items are written of how many; another organization hears
    // 404 and a role without the permission 403.
    const other = await createOrg(t.app);
    const stranger = client(t, bearer(await tokenFor(t.app, await createUser(t.app, { orgId: other.id, role: 'super_admin' }))));
    const progressPath = `/catalog-publishing/channels/${ch.id}/publish-progress`;
    const idle = { publishing: false, done: 0, total: 0, startedAt: null };
    expect(await created(api.get(progressPath))).toEqual(idle);
    expect((await stranger.get(progressPath)).statusCode).toBe(404);
    let finished = false;
    const publishing = created<{ itemCount: number; added: number; checksum: string }>(
      api.post(`/catalog-publishing/channels/${ch.id}/publish`, {}),
    ).finally(() => (finished = true));
    const seen: { publishing: boolean; done: number; total: number }[] = [];
    const strangerDuring = stranger.get(progressPath);
    while (!finished) {
      seen.push(await created(api.get(progressPath)));
      await new Promise((r) => setImmediate(r));
    }
    const first = await publishing;
    expect(first).toMatchObject({ itemCount: n, added: n });
    // Counted once the rules are evaluated (total 0 before), then batch by batch up to every item.
    const counted = seen.filter((s) => s.publishing && s.total > 0);
    expect(counted.length).toBeGreaterThan(0);
    for (const s of counted) expect(s.total).toBe(n);
    expect(counted.every((s, k) => s.done <= n && (k === 0 || s.done >= counted[k - 1]!.done))).toBe(true);
    expect((await strangerDuring).statusCode).toBe(404);
    expect((await denied.get(progressPath)).statusCode).toBe(403);
    expect(await created(api.get(progressPath))).toEqual(idle);
    // A publish this size leaves the items' table analyzed (embedded PGlite has no autovacuum).
    const stats = (await t.app.ctx.db.execute(sql`select reltuples from pg_class where relname = 'catalog_snapshot_items'`)) as unknown as {
      rows: { reltuples: number }[];
    };
    expect(Number(stats.rows[0]!.reltuples)).toBeGreaterThanOrEqual(n);
    const detail = await created<{ added: number; diff: { added: { sku: string }[] } }>(
      api.get(`/catalog-publishing/channels/${ch.id}/snapshots/1`),
    );
    expect(detail.added).toBe(n);
    expect(detail.diff.added.map((x) => x.sku)).toEqual(skus.slice(0, SNAPSHOT_DIFF_LIST));

    // The feed is read a page at a time: every item once, in SKU order, hashing to the snapshot's checksum.
    const json = await api.get(`/catalog-publishing/channels/${ch.id}/snapshots/1/export?format=json`);
    const items = json.json().items as FeedItem[];
    expect(items.map((i) => i.sku)).toEqual(skus);
    expect(checksumOf(items)).toBe(first.checksum);
    const rss = await api.get(`/catalog-publishing/channels/${ch.id}/snapshots/1/export?format=rss`);
    expect(rss.body.match(/<item>/g)).toHaveLength(n);
    const csv = await api.get(`/catalog-publishing/channels/${ch.id}/snapshots/1/export?format=csv`);
    expect(csv.body.trimEnd().split('\r\n')).toHaveLength(n + 1);

    // One locale fewer changes every item's names and descriptions.
    await patchChannel(ch, { locales: ['en'] });
    const second = await created<{ changed: number; checksum: string }>(api.post(`/catalog-publishing/channels/${ch.id}/publish`, {}));
    expect(second.changed).toBe(n);
    const detail2 = await created<{ diff: { changed: { sku: string; fields: string[] }[] } }>(
      api.get(`/catalog-publishing/channels/${ch.id}/snapshots/2`),
    );
    expect(detail2.diff.changed).toHaveLength(SNAPSHOT_DIFF_LIST);
    expect(detail2.diff.changed[0]).toEqual({ id: items[0]!.id, sku: skus[0], fields: ['names', 'descriptions'] });

    // A rollback copies the earlier items: the same checksum and feed.
    const back = await created<{ itemCount: number; checksum: string; changed: number }>(
      api.post(`/catalog-publishing/channels/${ch.id}/snapshots/1/rollback`, {}),
    );
    expect(back).toMatchObject({ itemCount: n, checksum: first.checksum, changed: n });
    const again = await api.get(`/catalog-publishing/channels/${ch.id}/snapshots/3/export?format=json`);
    expect(again.json().items).toEqual(items);
  });

  it('neutralises formula-like cells in the CSV', async () => {
    const brand = await created<{ id: string }>(
      api.post('/brands', { code: `f_${randomUUID().slice(0, 6)}`, nameEn: '=HYPERLINK("x")', nameAr: 'س' }),
    );
    await product({ brandId: brand.id, nameEn: '+cmd' });
    const ch = await channel({ rules: { activeOnly: true, minCompleteness: 0, categoryIds: [], brandIds: [brand.id], vendorIds: [] } });
    await created(api.post(`/catalog-publishing/channels/${ch.id}/publish`, {}));
    const csv = await api.get(`/catalog-publishing/channels/${ch.id}/snapshots/1/export?format=csv`);
    expect(csv.body).toContain(`'+cmd`);
    expect(csv.body).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it('serves the feed at a stable address behind a token that rotation replaces at once', async () => {
    const brand = await created<{ id: string }>(
      api.post('/brands', { code: `r_${randomUUID().slice(0, 6)}`, nameEn: 'Feedy & Co', nameAr: 'ف' }),
    );
    const p = await product({ brandId: brand.id, priceMinor: 1250, nameEn: 'Jar <glass>' });
    const ch = await channel({
      kind: 'feed',
      currencies: ['QAR'],
      rules: { activeOnly: true, minCompleteness: 0, categoryIds: [], brandIds: [brand.id], vendorIds: [] },
      productUrlTemplate: 'https://shop.example/p/{sku}',
    });
    // The shop's address must be a web address with the product's place in it.
    for (const bad of ['shop.example/p/{sku}', 'javascript:alert(1)//{sku}', 'https://shop.example/p/'])
      expect(
        (await api.patch(`/catalog-publishing/channels/${ch.id}`, { productUrlTemplate: bad, expectedUpdatedAt: ch.updatedAt })).statusCode,
      ).toBe(422);
    const feed = (token: string, format = 'rss', id = ch.id) =>
      t.app.inject({ method: 'GET', url: `/api/v1/catalog-publishing/feeds/${id}/${format}?token=${encodeURIComponent(token)}` });
    const first = await created<{ token: string; feedPath: string }>(api.post(`/catalog-publishing/channels/${ch.id}/feed-token`));
    expect(first.feedPath).toBe(`/catalog-publishing/feeds/${ch.id}`);
    // Not published yet: the same 404 as a wrong token.
    expect((await feed(first.token)).statusCode).toBe(404);
    await created(api.post(`/catalog-publishing/channels/${ch.id}/publish`, {}));
    const rss = await feed(first.token);
    expect(rss.statusCode, rss.body).toBe(200);
    expect(rss.headers['content-type']).toMatch(/application\/rss\+xml/);

    // The RSS parses as XML, and every g: element is in Google's namespace.
    const gNames: string[] = [];
    let title = '';
    let inItemTitle = false;
    const parser = new SaxesParser({ xmlns: true });
    parser.on('opentag', (tag) => {
      if (tag.prefix === 'g') {
        expect(tag.uri).toBe('http://base.google.com/ns/1.0');
        gNames.push(tag.local);
      }
      inItemTitle = tag.name === 'title' && gNames.length > 0;
    });
    parser.on('text', (text) => {
      if (inItemTitle) title += text;
    });
    parser.on('closetag', () => (inItemTitle = false));
    parser.write(rss.body).close();
    expect(new Set(gNames)).toEqual(new Set(['id', 'availability', 'price', 'brand', 'condition']));
    expect(title).toBe('Jar <glass>');
    expect(rss.body).toContain('<g:price>12.50 QAR</g:price>');
    expect(rss.body).toContain(`<g:id>${p.sku}</g:id>`);
    expect(rss.body).toContain(`<link>https://shop.example/p/${p.sku}</link>`);
    expect((await feed(first.token, 'json')).json().items).toHaveLength(1);
    expect((await feed(first.token, 'csv')).statusCode).toBe(200);

    const second = await created<{ token: string }>(api.post(`/catalog-publishing/channels/${ch.id}/feed-token`));
    expect(second.token).not.toBe(first.token);
    const old = await feed(first.token);
    expect(old.statusCode).toBe(404);
    expect((await feed(second.token)).statusCode).toBe(200);
    const wrongChannel = await feed(second.token, 'rss', randomUUID());
    expect(wrongChannel.statusCode).toBe(404);
    expect(wrongChannel.json()).toEqual(old.json());
    // One address may read feeds FEED_READS_PER_MINUTE times a minute, right token or wrong; another address is not held back.
    const from = (remoteAddress: string, token = second.token) =>
      t.app.inject({ method: 'GET', url: `/api/v1/catalog-publishing/feeds/${ch.id}/json?token=${token}`, remoteAddress });
    for (let i = 0; i < FEED_READS_PER_MINUTE; i++)
      expect((await from('198.51.100.7', i % 2 ? second.token : 'wrong')).statusCode).toBeOneOf([200, 404]);
    const refused = await from('198.51.100.7');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error.message).toContain('Too many feed reads');
    expect((await from('198.51.100.8')).statusCode).toBe(200);
    // The token is kept hashed only.
    const listed = await created<{ id: string; hasFeedToken: boolean }[]>(api.get('/catalog-publishing/channels'));
    expect(listed.find((x) => x.id === ch.id)).toMatchObject({ hasFeedToken: true });
    expect(JSON.stringify(listed)).not.toContain(second.token);
  });

  it('refuses callers without the permission and every other organization', async () => {
    const ch = await channel({});
    expect((await denied.get('/catalog-publishing/channels')).statusCode).toBe(403);
    const other = await createOrg(t.app);
    const stranger = client(t, bearer(await tokenFor(t.app, await createUser(t.app, { orgId: other.id, role: 'super_admin' }))));
    expect((await stranger.get(`/catalog-publishing/channels/${ch.id}`)).statusCode).toBe(404);
    expect((await stranger.post(`/catalog-publishing/channels/${ch.id}/publish`, {})).statusCode).toBe(404);
    expect((await stranger.post(`/catalog-publishing/channels/${ch.id}/feed-token`)).statusCode).toBe(404);
    expect((await stranger.get(`/catalog-publishing/channels/${ch.id}/snapshots/1`)).statusCode).toBe(404);
    expect((await stranger.get('/catalog-publishing/channels')).json()).toEqual([]);
    // Ids of this organization are refused in another's channel.
    const theirs = await stranger.post('/catalog-publishing/channels', {
      kind: 'web',
      name: 'Theirs',
      locales: ['en'],
      categoryRootId: fx.food.id,
    });
    expect(theirs.statusCode).toBe(422);
    expect(theirs.json().error.fields[0].field).toBe('categoryRootId');
  });
});
