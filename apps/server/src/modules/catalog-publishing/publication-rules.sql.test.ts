import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogChannelCompleteness, catalogChannels, type ChannelScheduleRow } from '../../db/schema/index.js';
import { bearer, createOrg, createUser, tokenFor } from '../../../test/factories.js';
import { createTestApp, driver, type TestContext } from '../../../test/harness.js';
import * as repo from './catalog-publishing.repository.js';
import { evaluateProduct, type RuleProduct } from './publication-rules.js';
import { includedIds, previewPage } from './publication-rules.repository.js';

// The rules as PostgreSQL evaluates them (preview, publish) against evaluateProduct, their written form, on random
// catalogues and random channel settings: same products in, same reasons in the same order.

let t: TestContext;
let orgId: string;
let channelId: string;
const products: (RuleProduct & { sku: string })[] = [];
const brandIds: string[] = [];
const vendorIds: string[] = [];
const categoryIds: string[] = [];

/** A small deterministic generator, so a failure can be replayed. */
let seed = 20261129;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
const some = <T>(xs: readonly T[], p: number): T[] => xs.filter(() => rand() < p);

async function insert(table: string, row: Record<string, unknown>): Promise<string> {
  const cols = Object.keys(row);
  const res = (await t.app.ctx.db.execute(
    sql`insert into ${sql.identifier(table)} (${sql.join(
      cols.map((c) => sql.identifier(c)),
      sql`, `,
    )}) values (${sql.join(
      cols.map((c) => sql`${row[c]}`),
      sql`, `,
    )}) returning id`,
  )) as unknown as { rows: { id: string }[] };
  return res.rows[0]!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  orgId = (await createOrg(t.app)).id;
  const h = bearer(await tokenFor(t.app, await createUser(t.app, { orgId, role: 'super_admin' })));
  for (let i = 0; i < 3; i++) brandIds.push(await insert('brands', { org_id: orgId, code: `b${i}`, name_en: `B${i}`, name_ar: `ب${i}` }));
  for (let i = 0; i < 2; i++) vendorIds.push(await insert('vendors', { org_id: orgId, vendor_type: 'market', public_name: `V${i}` }));
  // A tree: c0 > c1 > c2, and c3 alone.
  let parent: string | null = null;
  for (let i = 0; i < 4; i++) {
    const id: string = await insert('catalog_categories', {
      org_id: orgId,
      code: `c${i}`,
      name_en: `C${i}`,
      name_ar: `ف${i}`,
      parent_id: i < 3 ? parent : null,
    });
    categoryIds.push(id);
    parent = id;
  }
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/catalog-publishing/channels',
    headers: h,
    payload: { kind: 'web', name: 'Web', locales: ['en', 'ar'] },
  });
  expect(res.statusCode, res.body).toBe(201);
  channelId = (res.json() as { id: string }).id;

  for (let i = 0; i < 90; i++) {
    const p = {
      sku: `${pick(['A', 'b', 'Z', 'é'])}-${String(i).padStart(3, '0')}`,
      status: pick(['draft', 'active', 'active', 'archived']),
      brandId: rand() < 0.2 ? null : pick(brandIds),
      vendorId: rand() < 0.3 ? null : pick(vendorIds),
      categoryIds: some(categoryIds, 0.3),
    };
    const id = await insert('products', {
      org_id: orgId,
      sku: p.sku,
      name_en: `Product ${i}`,
      name_ar: `منتج ${i}`,
      status: p.status,
      brand_id: p.brandId,
      vendor_id: p.vendorId,
      category_ids: `{${p.categoryIds.join(',')}}`,
      completeness: '{}',
    });
    products.push({ id, ...p, scores: {} });
  }
  // The channel's completeness, as the triggers would keep it, replaced by random scores (a locale may have none).
  await t.app.ctx.db.delete(catalogChannelCompleteness).where(eq(catalogChannelCompleteness.channelId, channelId));
  for (const p of products) {
    for (const locale of ['en', 'ar']) {
      if (rand() < 0.15) continue;
      const score = pick([0, 40, 50, 80, 99, 100, 100]);
      p.scores[locale] = score;
      await t.app.ctx.db
        .insert(catalogChannelCompleteness)
        .values({ orgId, channelId, productId: p.id, locale, score, required: 4, missing: [] });
    }
  }
}, 120_000);
afterAll(async () => t?.close());

describe(`publication rules in SQL against evaluateProduct (${driver})`, () => {
  it('agrees on every product, with the reasons in the same order, over random channel settings', async () => {
    const now = new Date();
    const hours = (h: number) => new Date(now.getTime() + h * 3_600_000).toISOString();
    for (let round = 0; round < 14; round++) {
      const ids = products.map((p) => p.id);
      const schedules: ChannelScheduleRow[] = some(ids, 0.15).map((productId) => ({
        productId,
        publishAt: rand() < 0.5 ? hours(pick([-5, 3])) : null,
        unpublishAt: rand() < 0.5 ? hours(pick([-2, 7])) : null,
      }));
      const patch = {
        rules: {
          activeOnly: rand() < 0.6,
          minCompleteness: pick([0, 50, 80, 100]),
          categoryIds: rand() < 0.4 ? some(categoryIds, 0.4) : [],
          brandIds: rand() < 0.4 ? some(brandIds, 0.5) : [],
          vendorIds: rand() < 0.3 ? some(vendorIds, 0.5) : [],
        },
        categoryRootId: rand() < 0.3 ? pick(categoryIds) : null,
        includeIds: some(ids, 0.08),
        excludeIds: some(ids, 0.06),
        schedules,
        locales: round === 13 ? [] : rand() < 0.3 ? ['ar'] : ['en', 'ar'],
      };
      await t.app.ctx.db
        .update(catalogChannels)
        .set(patch as never)
        .where(and(eq(catalogChannels.orgId, orgId), eq(catalogChannels.id, channelId)));
      const ch = (await repo.findChannel(t.app.ctx.db, orgId, channelId))!;
      const rootSubtree = ch.categoryRootId ? await repo.subtreeOf(t.app.ctx.db, orgId, [ch.categoryRootId]) : null;
      const ruleSubtree = ch.rules.categoryIds.length ? await repo.subtreeOf(t.app.ctx.db, orgId, ch.rules.categoryIds) : null;
      const rc = {
        locales: ch.locales,
        rules: ch.rules,
        includeIds: new Set(ch.includeIds),
        excludeIds: new Set(ch.excludeIds),
        schedules: new Map(ch.schedules.map((s) => [s.productId, s])),
        rootSubtree,
        ruleSubtree,
      };
      const expected = new Map(products.map((p) => [p.id, evaluateProduct(p, rc, now)]));
      const facts = { rootSubtree: rootSubtree && [...rootSubtree], ruleSubtree: ruleSubtree && [...ruleSubtree], now };
      const page = await previewPage(t.app.ctx.db, orgId, ch, facts, { after: null, limit: 1000, show: 'all' });
      const got = new Map(page.items.map((i) => [i.id, { included: i.included, reasons: i.reasons }]));
      expect(Object.fromEntries(got), `round ${round}: ${JSON.stringify(patch.rules)}`).toEqual(Object.fromEntries(expected));
      const inJs = products.filter((p) => expected.get(p.id)!.included);
      expect(page.included).toBe(inJs.length);
      expect(page.excluded).toBe(products.length - inJs.length);
      expect((await includedIds(t.app.ctx.db, orgId, ch, facts)).sort()).toEqual(inJs.map((p) => p.id).sort());
    }
  });

  it('pages in code-unit SKU order after the cursor, and filters in or out', async () => {
    const ch = (await repo.findChannel(t.app.ctx.db, orgId, channelId))!;
    const facts = { rootSubtree: null, ruleSubtree: null, now: new Date() };
    const all = await previewPage(t.app.ctx.db, orgId, ch, facts, { after: null, limit: 1000, show: 'all' });
    const order = [...products].sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : a.id < b.id ? -1 : 1)).map((p) => p.id);
    expect(all.items.map((i) => i.id)).toEqual(order);
    const collected: string[] = [];
    let after: { sku: string; id: string } | null = null;
    for (;;) {
      const page = await previewPage(t.app.ctx.db, orgId, ch, facts, { after, limit: 7, show: 'out' });
      collected.push(...page.items.map((i) => i.id));
      if (page.items.length < 7) break;
      const last = page.items[page.items.length - 1]!;
      after = { sku: last.sku, id: last.id };
    }
    expect(collected).toEqual(all.items.filter((i) => !i.included).map((i) => i.id));
  });
});
