import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../apps/server/src/db/client.js';

/**
 * The product fixture of P2-P5 and P11: one organization holding `products` products with brands,
 * vendors, a ~300-node category tree, families with attributes, 1-2 categories per product, ~10% of
 * products with 2-6 variants, statuses mixed, completeness 0-100 and names from word lists (English
 * and Arabic) so trigram search behaves as on a real catalogue. Built set-based in SQL (generate_series)
 * from a fixed formula, so every build is the same; reused when the database already holds it.
 */
export const FIXTURE_VERSION = 3;

export interface ProductFixture {
  orgId: string;
  products: number;
  /** True when this call built it, false when it was already there. */
  built: boolean;
  seconds: number;
  brandId: string;
  vendorId: string;
  familyId: string;
  /** A root of the category tree (filtering by it includes its ~25 descendants). */
  rootCategoryId: string;
}

const EN_ADJ = [
  'Organic',
  'Handmade',
  'Classic',
  'Rustic',
  'Wild',
  'Golden',
  'Smoked',
  'Spiced',
  'Vintage',
  'Natural',
  'Premium',
  'Artisan',
  'Fresh',
  'Roasted',
  'Woven',
  'Glazed',
  'Hammered',
  'Painted',
  'Carved',
  'Braided',
];
const AR_ADJ = [
  'عضوي',
  'مصنوع يدوياً',
  'كلاسيكي',
  'ريفي',
  'بري',
  'ذهبي',
  'مدخن',
  'متبل',
  'عتيق',
  'طبيعي',
  'فاخر',
  'حرفي',
  'طازج',
  'محمص',
  'منسوج',
  'مزجج',
  'مطروق',
  'ملون',
  'منحوت',
  'مضفور',
];
const EN_MAT = [
  'Wildflower',
  'Olive',
  'Saffron',
  'Cedar',
  'Walnut',
  'Linen',
  'Cotton',
  'Clay',
  'Copper',
  'Silver',
  'Date',
  'Pistachio',
  'Rose',
  'Lavender',
  'Sesame',
  'Thyme',
  'Fig',
  'Almond',
  'Oak',
  'Wool',
];
const AR_MAT = [
  'زهور برية',
  'زيتون',
  'زعفران',
  'أرز',
  'جوز',
  'كتان',
  'قطن',
  'طين',
  'نحاس',
  'فضة',
  'تمر',
  'فستق',
  'ورد',
  'خزامى',
  'سمسم',
  'زعتر',
  'تين',
  'لوز',
  'بلوط',
  'صوف',
];
const EN_NOUN = [
  'Honey',
  'Jam',
  'Bread',
  'Cheese',
  'Soap',
  'Candle',
  'Bowl',
  'Mug',
  'Vase',
  'Scarf',
  'Basket',
  'Necklace',
  'Bracelet',
  'Earrings',
  'Cushion',
  'Blanket',
  'Spoon',
  'Board',
  'Tea',
  'Coffee',
  'Oil',
  'Granola',
  'Chutney',
  'Pickles',
  'Tote Bag',
  'Rug',
  'Plate',
  'Teapot',
  'Lamp',
  'Ring',
];
const AR_NOUN = [
  'عسل',
  'مربى',
  'خبز',
  'جبن',
  'صابون',
  'شمعة',
  'وعاء',
  'كوب',
  'مزهرية',
  'وشاح',
  'سلة',
  'قلادة',
  'سوار',
  'أقراط',
  'وسادة',
  'بطانية',
  'ملعقة',
  'لوح',
  'شاي',
  'قهوة',
  'زيت',
  'جرانولا',
  'صلصة',
  'مخلل',
  'حقيبة قماش',
  'سجادة',
  'طبق',
  'إبريق شاي',
  'مصباح',
  'خاتم',
];
const EN_SIZE = ['250 g', '500 g', '1 kg', 'small', 'medium', 'large', 'set of 2', 'set of 4', '330 ml', '750 ml'];
const AR_SIZE = ['٢٥٠ غ', '٥٠٠ غ', '١ كغ', 'صغير', 'وسط', 'كبير', 'طقم من ٢', 'طقم من ٤', '٣٣٠ مل', '٧٥٠ مل'];

const arr = (xs: string[]) => sql.raw(`array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]::text[]`);
/** A deterministic pseudo-random integer in [0, n) from row number i and a stream number k (PostgreSQL's seeded int8 hash, independent per stream). */
const rnd = (i: string, k: number, n: number) => sql.raw(`(((hashint8extended((${i})::bigint, ${k}) % ${n}) + ${n}) % ${n})::int`);

const slugOf = (n: number) => `bench-products-${n}-v${FIXTURE_VERSION}`;

async function one<T>(db: Db, q: ReturnType<typeof sql>): Promise<T | undefined> {
  const r = (await db.execute(q)) as unknown as { rows: T[] };
  return r.rows[0];
}

async function describe(db: Db, orgId: string, n: number, built: boolean, seconds: number): Promise<ProductFixture> {
  const row = await one<{ brand_id: string; vendor_id: string; family_id: string; root_id: string }>(
    db,
    sql`select (select id from brands where org_id = ${orgId} order by code limit 1) as brand_id,
               (select id from vendors where org_id = ${orgId} order by public_name limit 1) as vendor_id,
               (select id from attribute_families where org_id = ${orgId} order by code limit 1) as family_id,
               (select id from catalog_categories where org_id = ${orgId} and parent_id is null order by code limit 1) as root_id`,
  );
  return {
    orgId,
    products: n,
    built,
    seconds,
    brandId: row!.brand_id,
    vendorId: row!.vendor_id,
    familyId: row!.family_id,
    rootCategoryId: row!.root_id,
  };
}

/** The fixture organization of `n` products in this database, built when missing (prints how long it took). */
export async function ensureProductFixture(database: Database, n: number, log: (s: string) => void = console.log): Promise<ProductFixture> {
  const db = database.db;
  const slug = slugOf(n);
  const done = await one<{ id: string }>(db, sql`select id from organizations where slug = ${slug}`);
  if (done) return describe(db, done.id, n, false, 0);
  // A build interrupted half-way is thrown away (products first: their brand/family links are restrictive).
  const partial = await one<{ id: string }>(db, sql`select id from organizations where slug = ${`${slug}-building`}`);
  if (partial) {
    await db.execute(sql`delete from products where org_id = ${partial.id}`);
    await db.execute(sql`delete from organizations where id = ${partial.id}`);
  }
  const started = performance.now();
  const step = async (label: string, q: ReturnType<typeof sql>) => {
    const t = performance.now();
    await db.execute(q);
    log(`  fixture ${n}: ${label} ${((performance.now() - t) / 1000).toFixed(1)} s`);
  };
  const org = await one<{ id: string }>(
    db,
    sql`insert into organizations (name, slug, currency) values (${`Bench products ${n} (fixture v${FIXTURE_VERSION})`}, ${`${slug}-building`}, 'USD') returning id`,
  );
  const orgId = org!.id;
  const o = sql`${orgId}::uuid`;

  await step(
    'brands',
    sql`insert into brands (org_id, code, name_en, name_ar)
    select ${o}, 'B' || lpad(g::text, 4, '0'), (${arr(EN_MAT)})[1 + ${rnd('g', 1, EN_MAT.length)}] || ' ' || (${arr(['Works', 'House', 'Co', 'Studio', 'Farm', 'Kitchen', 'Atelier', 'Makers'])})[1 + g % 8] || ' ' || g,
           (${arr(['دار', 'بيت', 'شركة', 'مشغل', 'مزرعة', 'مطبخ', 'ورشة', 'صناع'])})[1 + g % 8] || ' ' || (${arr(AR_MAT)})[1 + ${rnd('g', 1, AR_MAT.length)}] || ' ' || g
    from generate_series(1, ${Math.max(10, Math.round(n / 5000))}) g`,
  );
  await step(
    'vendors',
    sql`insert into vendors (org_id, vendor_type, public_name, email)
    select ${o}, 'market', (${arr(['Olive', 'Cedar', 'Harbour', 'Market', 'Meadow', 'Desert', 'River', 'Hill', 'Garden', 'Stone'])})[1 + g % 10] || ' ' ||
           (${arr(['Traders', 'Makers', 'Farm', 'Bakery', 'Crafts', 'Pantry', 'Studio', 'Goods'])})[1 + (g / 10) % 8] || ' ' || g, 'vendor' || g || '@bench.example'
    from generate_series(1, ${Math.max(12, Math.round(n / 2000))}) g`,
  );
  // Category tree: 10 roots x 5 children x 5 grandchildren = 310 nodes.
  await step(
    'categories',
    sql`with roots as (
      insert into catalog_categories (org_id, code, name_en, name_ar, position)
      select ${o}, 'C' || r, 'Department ' || r, 'قسم ' || r, r from generate_series(1, 10) r returning id, code),
    kids as (
      insert into catalog_categories (org_id, parent_id, code, name_en, name_ar, position)
      select ${o}, roots.id, roots.code || '-' || c, 'Aisle ' || roots.code || '-' || c, 'ممر ' || roots.code || '-' || c, c
      from roots, generate_series(1, 5) c returning id, code)
    insert into catalog_categories (org_id, parent_id, code, name_en, name_ar, position)
    select ${o}, kids.id, kids.code || '-' || s, 'Shelf ' || kids.code || '-' || s, 'رف ' || kids.code || '-' || s, s from kids, generate_series(1, 5) s`,
  );
  await step(
    'attributes and families',
    sql`with a as (
      insert into attributes (org_id, code, type, name_en, name_ar, localizable, position)
      select ${o}, 'attr_' || g, (array['text','long_text','number','boolean','single_select','multi_select','date','price','measurement','media'])[1 + (g - 1) % 10],
             'Attribute ' || g, 'خاصية ' || g, g % 10 in (1, 2), g from generate_series(1, 20) g returning id, position),
    f as (
      insert into attribute_families (org_id, code, name_en, name_ar)
      select ${o}, 'F' || lpad(g::text, 2, '0'), 'Family ' || g, 'عائلة ' || g from generate_series(1, 10) g returning id, code)
    insert into attribute_family_attributes (org_id, family_id, attribute_id, required, position)
    select ${o}, f.id, a.id, a.position % 2 = 0, a.position from f join a on (a.position + substr(f.code, 2)::int) % 3 <> 0`,
  );

  // Products: indexes are dropped while loading and rebuilt afterwards (same definitions), which is
  // several times faster than maintaining twelve indexes and a trigram index row by row.
  // Only when the table is small next to what is loaded (else rebuilding the existing rows' indexes costs more).
  const existing = Number((await one<{ n: string }>(db, sql`select count(*) as n from products`))!.n);
  const idx =
    existing > n / 2
      ? []
      : (
          (await db.execute(
            sql`select indexname, indexdef from pg_indexes where schemaname = current_schema() and tablename = 'products' and indexname <> 'products_pkey'`,
          )) as unknown as {
            rows: { indexname: string; indexdef: string }[];
          }
        ).rows;
  for (const i of idx) await db.execute(sql.raw(`drop index if exists "${i.indexname}"`));
  try {
    const batch = 250_000;
    for (let from = 1; from <= n; from += batch) {
      const to = Math.min(n, from + batch - 1);
      await step(
        `products ${from}-${to}`,
        sql`with b as (select array_agg(id order by code) ids from brands where org_id = ${o}),
        v as (select array_agg(id order by public_name) ids from vendors where org_id = ${o}),
        f as (select array_agg(id order by code) ids from attribute_families where org_id = ${o}),
        t as (select id from tax_classes where org_id = ${o} limit 1),
        leaves as (select array_agg(c.id order by c.code) ids from catalog_categories c
          where c.org_id = ${o} and not exists (select 1 from catalog_categories k where k.parent_id = c.id)),
        s as (
          select g, 'SKU-' || lpad(g::text, 7, '0') as sku, ${rnd('g', 2, 101)} as score, ${rnd('g', 3, 20)} as st, ${rnd('g', 4, 63_072_000)} as age, ${rnd('g', 5, 2_592_000)} as touched,
                 1 + ${rnd('g', 6, EN_ADJ.length)} as ia, 1 + ${rnd('g', 7, EN_MAT.length)} as im, 1 + ${rnd('g', 8, EN_NOUN.length)} as inn, 1 + ${rnd('g', 9, EN_SIZE.length)} as isz
          from generate_series(${from}::int, ${to}::int) g)
        insert into products (org_id, sku, name_en, name_ar, description_en, description_ar, brand_id, family_id, vendor_id, tax_class_id, status, price_minor,
                              completeness, completeness_score, created_at, updated_at, category_ids)
        select ${o}, s.sku,
               (${arr(EN_ADJ)})[ia] || ' ' || (${arr(EN_MAT)})[im] || ' ' || (${arr(EN_NOUN)})[inn] || ' ' || (${arr(EN_SIZE)})[isz],
               case when s.g % 7 = 0 then '' else (${arr(AR_NOUN)})[inn] || ' ' || (${arr(AR_MAT)})[im] || ' ' || (${arr(AR_ADJ)})[ia] || ' ' || (${arr(AR_SIZE)})[isz] end,
               case when s.score > 30 then 'A ' || lower((${arr(EN_ADJ)})[ia]) || ' ' || lower((${arr(EN_NOUN)})[inn]) || ' from our vendors.' else '' end,
               case when s.score > 50 then (${arr(AR_NOUN)})[inn] || ' ' || (${arr(AR_ADJ)})[ia] || ' من باعتنا.' else '' end,
               case when s.g % 10 = 3 then null else b.ids[1 + ${rnd('s.g', 10, 1_000_000)} % array_length(b.ids, 1)] end,
               f.ids[1 + ${rnd('s.g', 11, 1_000_000)} % array_length(f.ids, 1)],
               v.ids[1 + ${rnd('s.g', 12, 1_000_000)} % array_length(v.ids, 1)],
               (select id from t),
               case when s.st < 16 then 'active' when s.st < 19 then 'draft' else 'archived' end,
               100 * (1 + ${rnd('s.g', 13, 300)}) - 1,
               jsonb_build_object('en', jsonb_build_object('score', s.score, 'required', 5, 'missing', '[]'::jsonb),
                                  'ar', jsonb_build_object('score', s.score, 'required', 5, 'missing', '[]'::jsonb)),
               s.score,
               now() - make_interval(secs => s.age), now() - make_interval(secs => least(s.age, s.touched)),
               -- 1-2 categories per product: a shelf (leaf) for every product, a second shelf for 40%.
               (select array_agg(c order by c) from unnest(array[leaves.ids[1 + x.k1]] ||
                  case when (hashtext(s.sku || 'y') & 2147483647) % 10 < 4
                       then array[leaves.ids[1 + (x.k1 + 1 + (hashtext(s.sku || 'x') & 2147483647) % 100) % array_length(leaves.ids, 1)]] else '{}'::uuid[] end) c)
        from s, b, v, f, leaves, lateral (select (hashtext(s.sku) & 2147483647) % array_length(leaves.ids, 1) as k1) x`,
      );
    }
  } finally {
    for (const i of idx) {
      const t = performance.now();
      await db.transaction(async (tx) => {
        if (database.driver === 'postgres') await tx.execute(sql`set local maintenance_work_mem = '1GB'`);
        await tx.execute(sql.raw(i.indexdef.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS ')));
      });
      log(`  fixture ${n}: index ${i.indexname} ${((performance.now() - t) / 1000).toFixed(1)} s`);
    }
  }
  // The rows of product_categories from the products' own copy, in one statement with the row triggers
  // (which would look up each product's updated_at and copy the categories back) off for it.
  await db.transaction(async (tx) => {
    const t = performance.now();
    await tx.execute(sql`alter table product_categories disable trigger user`);
    await tx.execute(sql`insert into product_categories (org_id, product_id, category_id, updated_at)
      select ${o}, p.id, c, p.updated_at from products p, unnest(p.category_ids) c where p.org_id = ${o}`);
    await tx.execute(sql`alter table product_categories enable trigger user`);
    log(`  fixture ${n}: product categories ${((performance.now() - t) / 1000).toFixed(1)} s`);
  });
  // ~10% of products have 2-6 variants along a size axis.
  await step(
    'variants',
    sql`with axis as (select id from attributes where org_id = ${o} and type = 'single_select' order by position limit 1),
      vp as (update products p set variant_axes = jsonb_build_array((select id from axis))
             where p.org_id = ${o} and (hashtext(p.sku || 'v') & 2147483647) % 10 = 0 returning p.id, p.sku)
    insert into product_variants (org_id, product_id, sku, axis_values, axis_key, stock_quantity, position)
    select ${o}, vp.id, vp.sku || '-' || k, jsonb_build_object((select id from axis), 'size' || k), (select id from axis) || '=size' || k, k * 3, k
    from vp, lateral generate_series(1, 2 + (hashtext(vp.sku) & 2147483647) % 5) k`,
  );
  // vacuum sets the visibility map (index-only scans) and hint bits, as autovacuum would on a live catalogue.
  for (const t of ['products', 'product_categories', 'product_variants', 'catalog_categories', 'brands', 'vendors'])
    await step(`vacuum analyze ${t}`, sql.raw(`vacuum analyze ${t}`));
  await db.execute(sql`update organizations set slug = ${slug} where id = ${orgId}`);
  const seconds = (performance.now() - started) / 1000;
  log(`fixture: ${n.toLocaleString('en')} products built in ${seconds.toFixed(1)} s (${database.driver})`);
  return describe(db, orgId, n, true, seconds);
}
