import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalBlobStore } from '../../lib/blob-store.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { tokenFor } from '../../../test/factories.js';
import { DEMO_PRODUCT_COUNT, seedDemoCatalogMedia } from './demo-catalog.js';
import { seedDemo } from './seed.js';

const rows = async <T>(ctx: TestContext, q: ReturnType<typeof sql>) => ((await ctx.app.ctx.db.execute(q)) as unknown as { rows: T[] }).rows;

describe('demo catalogue', () => {
  let ctx: TestContext;
  let dir: string;
  let seedMs = 0;
  let mediaMs = 0;

  beforeAll(async () => {
    ctx = await createTestApp();
    dir = mkdtempSync(path.join(tmpdir(), 'demo-catalog-'));
    let t = performance.now();
    await seedDemo(ctx.app.ctx.db, 'test-secret-that-is-long-enough-for-hs256-0123456789');
    seedMs = performance.now() - t;
    t = performance.now();
    await seedDemoCatalogMedia(ctx.app.ctx.db, new LocalBlobStore(path.join(dir, 'storage')));
    mediaMs = performance.now() - t;
    console.log(`demo seed with catalogue ${seedMs.toFixed(0)} ms, photos ${mediaMs.toFixed(0)} ms`);
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives the demo organization its products, each with a first version, categories and completeness that varies', async () => {
    const [p] = await rows<{
      n: number;
      versions: number;
      uncategorised: number;
      min: number;
      max: number;
      statuses: number;
      vendors: number;
    }>(
      ctx,
      sql`select count(*)::int n,
        (select count(*)::int from product_versions v join organizations o on o.id = v.org_id where o.slug = 'demo' and v.version = 1 and v.action = 'create') versions,
        count(*) filter (where not exists (select 1 from product_categories pc where pc.product_id = p.id))::int uncategorised,
        min(completeness_score)::int min, max(completeness_score)::int max, count(distinct status)::int statuses, count(distinct vendor_id)::int vendors
        from products p join organizations o on o.id = p.org_id where o.slug = 'demo'`,
    );
    expect(p).toMatchObject({ n: DEMO_PRODUCT_COUNT, versions: DEMO_PRODUCT_COUNT, uncategorised: 0, statuses: 3 });
    expect(p!.min).toBeLessThanOrEqual(60);
    expect(p!.max).toBe(100);
    expect(p!.vendors).toBeGreaterThanOrEqual(3);
  });

  it('has attributes of all ten types, three families, variants for about 300 products, and photos on most shelves', async () => {
    const [a] = await rows<{ types: number; families: number; variantProducts: number; media: number; assets: number; base: string }>(
      ctx,
      sql`select (select count(distinct type)::int from attributes a where a.org_id = o.id) types,
        (select count(*)::int from attribute_families f where f.org_id = o.id) families,
        (select count(distinct product_id)::int from product_variants v where v.org_id = o.id) "variantProducts",
        (select count(*)::int from product_media m where m.org_id = o.id) media,
        (select count(*)::int from assets s where s.org_id = o.id and s.thumbnail_path is not null) assets,
        (select code from currencies c where c.org_id = o.id and c.is_base) base
        from organizations o where o.slug = 'demo'`,
    );
    expect(a).toMatchObject({ types: 10, families: 3, assets: 12, base: 'USD' });
    expect(a!.variantProducts).toBeGreaterThan(200);
    expect(a!.variantProducts).toBeLessThan(450);
    expect(a!.media).toBeGreaterThan(1500);
    // The first version names the media the product starts with.
    const [v] = await rows<{ n: number }>(
      ctx,
      sql`select count(*)::int n from product_versions v join product_media m on m.product_id = v.product_id
        where v.version = 1 and v.snapshot->'mediaAssetIds'->>0 = m.asset_id::text`,
    );
    expect(v!.n).toBe(a!.media);
  });

  it('serves the catalogue through the product list to the product team', async () => {
    const [u] = await rows<{ id: string; email: string }>(
      ctx,
      sql`select id, email from auth.users where email = 'product-team@demo.market'`,
    );
    const token = await tokenFor(ctx.app, u!);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/products?limit=50&q=honey',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    const page = res.json() as { items: { nameEn: string; imageUrl: string | null }[] };
    expect(page.items.length).toBe(50);
    expect(page.items.every((i) => /honey/i.test(i.nameEn))).toBe(true);
    expect(page.items.some((i) => i.imageUrl)).toBe(true);
  });
});
