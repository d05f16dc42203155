import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { BlobStore } from '../../lib/blob-store.js';
import { ingestAsset } from '../../modules/assets/index.js';
import { type CompletenessAttribute, computeCompleteness, type ProductSnapshot } from '../../modules/products/index.js';
import type { Db, DbOrTx } from '../client.js';
import {
  assets,
  attributeFamilies,
  attributeFamilyAttributes,
  attributeOptions,
  attributes,
  brands,
  catalogCategories,
  currencies,
  organizations,
  productCategories,
  products,
  productVariants,
  productVersions,
  taxClasses,
  taxRates,
  units,
  vendors,
} from '../schema/index.js';
import { BRANDS, CARE, COLOURS, LEAVES, MATERIALS, ORIGINS, QUALIFIERS, SIZES, TREE, type Leaf, type Node } from './demo-catalog-data.js';

/** How many products the demo organization gets. */
export const DEMO_PRODUCT_COUNT = 3000;
const CHUNK = 500;

/** A small seeded PRNG (mulberry32), so every fresh demo has the same catalogue. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    chance: (p: number) => next() < p,
  };
}

async function insertChunked<T extends Record<string, unknown>>(
  tx: DbOrTx,
  table: Parameters<DbOrTx['insert']>[0],
  rows: T[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await tx.insert(table).values(rows.slice(i, i + CHUNK) as never);
}

type AttrCode = 'colour' | 'size' | 'material' | 'weight' | 'origin' | 'organic' | 'best_before' | 'care' | 'rrp' | 'photo' | 'pieces';

/**
 * The demo organization's catalogue: master data (category tree, brands, units, tax classes, currencies,
 * attributes of all ten types, three families) and DEMO_PRODUCT_COUNT products of the demo's vendors with
 * categories, attribute values, completeness, a first version each and variants for clothing. Images are
 * added after the seed's transaction by seedDemoCatalogMedia (they go through the asset library).
 */
export async function seedDemoCatalog(tx: DbOrTx, orgId: string, actorId: string | null): Promise<void> {
  const rnd = prng(20260522);
  const now = Date.now();

  // ---- master data ----
  const catIds = new Map<string, string>();
  const catRows: (typeof catalogCategories.$inferInsert)[] = [];
  const walk = (nodes: Node[], parentId: string | null) =>
    nodes.forEach((n, position) => {
      const id = randomUUID();
      catIds.set(n.code, id);
      catRows.push({ id, orgId, parentId, code: n.code, nameEn: n.en, nameAr: n.ar, position });
      if (n.children) walk(n.children, id);
    });
  walk(TREE, null);
  // Parents first, so every row's parent exists when it is inserted.
  await tx.insert(catalogCategories).values(catRows);

  const brandIds = new Map(BRANDS.map((b) => [b.code, randomUUID()]));
  await tx
    .insert(brands)
    .values(
      BRANDS.map((b) => ({ id: brandIds.get(b.code)!, orgId, code: b.code, nameEn: b.en, nameAr: b.ar, website: b.website ?? null })),
    );

  const unitRows = [
    { code: 'g', kind: 'weight', symbol: 'g', nameEn: 'Gram', nameAr: 'غرام' },
    { code: 'kg', kind: 'weight', symbol: 'kg', nameEn: 'Kilogram', nameAr: 'كيلوغرام' },
    { code: 'ml', kind: 'volume', symbol: 'ml', nameEn: 'Millilitre', nameAr: 'مليلتر' },
    { code: 'l', kind: 'volume', symbol: 'l', nameEn: 'Litre', nameAr: 'لتر' },
    { code: 'cm', kind: 'length', symbol: 'cm', nameEn: 'Centimetre', nameAr: 'سنتيمتر' },
    { code: 'piece', kind: 'count', symbol: 'pc', nameEn: 'Piece', nameAr: 'قطعة' },
  ] as const;
  const unitIds = new Map(unitRows.map((u) => [u.code, randomUUID()]));
  await tx.insert(units).values(unitRows.map((u) => ({ ...u, id: unitIds.get(u.code)!, orgId })));

  const tax = { standard: randomUUID(), reduced: randomUUID(), zero: randomUUID() };
  await tx.insert(taxClasses).values([
    { id: tax.standard, orgId, code: 'standard', nameEn: 'Standard rate', nameAr: 'النسبة القياسية', isDefault: true },
    { id: tax.reduced, orgId, code: 'reduced', nameEn: 'Reduced rate', nameAr: 'النسبة المخفضة' },
    { id: tax.zero, orgId, code: 'zero', nameEn: 'Zero rate', nameAr: 'النسبة الصفرية' },
  ]);
  await tx.insert(taxRates).values([
    { orgId, taxClassId: tax.standard, nameEn: 'Standard 20%', nameAr: 'قياسية 20٪', rateBasisPoints: 2000 },
    { orgId, taxClassId: tax.reduced, nameEn: 'Reduced 5%', nameAr: 'مخفضة 5٪', rateBasisPoints: 500 },
    { orgId, taxClassId: tax.zero, nameEn: 'Zero 0%', nameAr: 'صفرية 0٪', rateBasisPoints: 0 },
  ]);
  await tx.insert(currencies).values([
    { orgId, code: 'USD', nameEn: 'US dollar', nameAr: 'دولار أمريكي', symbol: '$', minorDigits: 2, rateMicros: 1_000_000, isBase: true },
    { orgId, code: 'EUR', nameEn: 'Euro', nameAr: 'يورو', symbol: '€', minorDigits: 2, rateMicros: 920_000 },
    { orgId, code: 'AED', nameEn: 'UAE dirham', nameAr: 'درهم إماراتي', symbol: 'د.إ', minorDigits: 2, rateMicros: 3_672_500 },
  ]);

  const attrDefs: {
    code: AttrCode;
    type: (typeof attributes.$inferInsert)['type'];
    en: string;
    ar: string;
    localizable?: boolean;
    unit?: string;
    validation?: Record<string, unknown>;
    options?: [string, string, string][];
  }[] = [
    { code: 'colour', type: 'single_select', en: 'Colour', ar: 'اللون', options: COLOURS },
    { code: 'size', type: 'single_select', en: 'Size', ar: 'المقاس', options: SIZES },
    { code: 'material', type: 'multi_select', en: 'Material', ar: 'المادة', options: MATERIALS, validation: { maxChoices: 3 } },
    { code: 'weight', type: 'measurement', en: 'Weight', ar: 'الوزن', unit: 'g', validation: { min: 0, decimals: 0 } },
    { code: 'origin', type: 'text', en: 'Origin', ar: 'المنشأ', localizable: true, validation: { maxLength: 80 } },
    { code: 'organic', type: 'boolean', en: 'Organic', ar: 'عضوي' },
    { code: 'best_before', type: 'date', en: 'Best before', ar: 'يفضل استهلاكه قبل' },
    { code: 'care', type: 'long_text', en: 'Care instructions', ar: 'تعليمات العناية', localizable: true, validation: { maxLength: 2000 } },
    { code: 'rrp', type: 'price', en: 'Recommended retail price', ar: 'سعر التجزئة المقترح', validation: { min: 0, decimals: 0 } },
    { code: 'photo', type: 'media', en: 'Packshot', ar: 'صورة المنتج' },
    { code: 'pieces', type: 'number', en: 'Pieces per pack', ar: 'عدد القطع في العلبة', validation: { min: 1, max: 100, decimals: 0 } },
  ];
  const attrIds = new Map(attrDefs.map((a) => [a.code, randomUUID()]));
  const A = (c: AttrCode) => attrIds.get(c)!;
  await tx.insert(attributes).values(
    attrDefs.map((a, position) => ({
      id: A(a.code),
      orgId,
      code: a.code,
      type: a.type,
      nameEn: a.en,
      nameAr: a.ar,
      localizable: a.localizable ?? false,
      unitId: a.unit ? unitIds.get(a.unit as (typeof unitRows)[number]['code'])! : null,
      validation: a.validation ?? {},
      position,
    })),
  );
  await tx
    .insert(attributeOptions)
    .values(
      attrDefs.flatMap((a) =>
        (a.options ?? []).map(([code, en, ar], position) => ({ orgId, attributeId: A(a.code), code, labelEn: en, labelAr: ar, position })),
      ),
    );
  const families: Record<Leaf['family'], { id: string; en: string; ar: string; attrs: [AttrCode, boolean][] }> = {
    food: {
      id: randomUUID(),
      en: 'Food',
      ar: 'أغذية',
      attrs: [
        ['weight', true],
        ['origin', true],
        ['best_before', true],
        ['organic', false],
        ['rrp', false],
        ['pieces', false],
        ['photo', false],
      ],
    },
    crafts: {
      id: randomUUID(),
      en: 'Crafts',
      ar: 'حِرَف',
      attrs: [
        ['material', true],
        ['care', true],
        ['colour', false],
        ['weight', false],
        ['origin', false],
        ['photo', false],
      ],
    },
    clothing: {
      id: randomUUID(),
      en: 'Clothing',
      ar: 'ملابس',
      attrs: [
        ['size', true],
        ['colour', true],
        ['material', true],
        ['care', false],
        ['rrp', false],
      ],
    },
  };
  await tx
    .insert(attributeFamilies)
    .values(Object.entries(families).map(([code, f]) => ({ id: f.id, orgId, code, nameEn: f.en, nameAr: f.ar })));
  await tx
    .insert(attributeFamilyAttributes)
    .values(
      Object.values(families).flatMap((f) =>
        f.attrs.map(([code, required], position) => ({ orgId, familyId: f.id, attributeId: A(code), required, position })),
      ),
    );
  const familyAttrs = Object.fromEntries(
    Object.entries(families).map(([k, f]) => [
      k,
      f.attrs.map(([code, required]): CompletenessAttribute => ({
        id: A(code),
        required,
        localizable: !!attrDefs.find((a) => a.code === code)!.localizable,
      })),
    ]),
  ) as Record<Leaf['family'], CompletenessAttribute[]>;

  // ---- vendors: the demo's own, matched to what they sell; some shelves are the operator's own stock ----
  const vendorRows = await tx.select({ id: vendors.id, name: vendors.publicName }).from(vendors).where(eq(vendors.orgId, orgId));
  const vendorFor = (l: Leaf): string | null => {
    const by = (re: RegExp) => vendorRows.find((v) => re.test(v.name))?.id ?? null;
    if (l.family === 'food') return rnd.chance(0.5) ? by(/olive/i) : by(/saffron|kitchen/i);
    if (/rings|bracelets|necklaces/.test(l.code)) return rnd.chance(0.6) ? by(/bracelet|lina/i) : by(/clay/i);
    if (/ceramics|garden/.test(l.code)) return by(/clay/i);
    return rnd.chance(0.3) && vendorRows.length ? rnd.pick(vendorRows).id : null;
  };

  // ---- products ----
  const productRows: (typeof products.$inferInsert)[] = [];
  const versionRows: (typeof productVersions.$inferInsert)[] = [];
  const categoryRows: (typeof productCategories.$inferInsert)[] = [];
  const variantRows: (typeof productVariants.$inferInsert)[] = [];
  const leafWeights = LEAVES.map((l) => (l.family === 'food' ? 3 : l.family === 'clothing' ? 2.2 : 1.5));
  const totalWeight = leafWeights.reduce((a, b) => a + b, 0);
  const pickLeaf = () => {
    let r = rnd.next() * totalWeight;
    for (let k = 0; k < LEAVES.length; k++) if ((r -= leafWeights[k]!) < 0) return LEAVES[k]!;
    return LEAVES[LEAVES.length - 1]!;
  };
  const skuCount = new Map<string, number>();
  for (let n = 0; n < DEMO_PRODUCT_COUNT; n++) {
    const l = pickLeaf();
    const item = rnd.pick(l.items);
    const [qEn, qAr] = rnd.pick(QUALIFIERS);
    const size = l.sizes ? rnd.pick(l.sizes) : null;
    const nameEn = `${qEn} ${item.en}${size ? ` ${size[0]}` : ''}`;
    const nameAr = rnd.chance(0.85) ? `${item.ar} ${qAr}${size ? ` ${size[1]}` : ''}` : '';
    const prefix = l.code
      .split('-')
      .map((p) => p.slice(0, 3).toUpperCase())
      .join('-');
    const seq = (skuCount.get(prefix) ?? 0) + 1;
    skuCount.set(prefix, seq);
    const sku = `${prefix}-${String(seq).padStart(4, '0')}`;
    const status = rnd.chance(0.8) ? 'active' : rnd.chance(0.7) ? 'draft' : 'archived';
    const priceMinor = Math.round(rnd.int(item.price[0], item.price[1]) / 50) * 50 - 1;
    const descriptionEn = rnd.chance(0.85)
      ? `${item.en} from ${l.en.toLowerCase()} at Harbour Square: ${qEn.toLowerCase()}, made in small quantities by our vendors.`
      : '';
    const descriptionAr = rnd.chance(0.6) ? `${item.ar} من قسم ${l.ar} في سوق ساحة الميناء، بكميات صغيرة من باعتنا.` : '';
    const family = families[l.family];
    const values: Record<string, unknown> = {};
    const fill = (p: number) => rnd.chance(p);
    const origin = rnd.pick(ORIGINS);
    const care = rnd.pick(CARE);
    if (l.family === 'food') {
      if (fill(0.8))
        values[A('weight')] = size
          ? Number.parseInt(size[0].replace('1 kg', '1000').replace('1 l', '1000'), 10) || rnd.int(100, 1000)
          : rnd.int(100, 1000);
      if (fill(0.75)) values[A('origin')] = rnd.chance(0.75) ? { en: origin[0], ar: origin[1] } : { en: origin[0] };
      if (fill(0.7)) values[A('best_before')] = new Date(now + rnd.int(20, 400) * 86_400_000).toISOString().slice(0, 10);
      if (fill(0.6)) values[A('organic')] = qEn === 'Organic' || rnd.chance(0.3);
      if (fill(0.4)) values[A('rrp')] = priceMinor + 100 * rnd.int(1, 5);
      if (fill(0.3)) values[A('pieces')] = rnd.int(1, 12);
    } else if (l.family === 'crafts') {
      if (fill(0.8)) values[A('material')] = [rnd.pick(MATERIALS)[0]];
      if (fill(0.7)) values[A('care')] = rnd.chance(0.7) ? { en: care[0], ar: care[1] } : { en: care[0] };
      if (fill(0.6)) values[A('colour')] = rnd.pick(COLOURS)[0];
      if (fill(0.4)) values[A('weight')] = rnd.int(20, 3000);
      if (fill(0.4)) values[A('origin')] = { en: origin[0], ar: origin[1] };
    } else {
      if (fill(0.85)) values[A('size')] = rnd.pick(SIZES)[0];
      if (fill(0.85)) values[A('colour')] = rnd.pick(COLOURS)[0];
      if (fill(0.75)) values[A('material')] = [rnd.pick(MATERIALS.slice(0, 4))[0]];
      if (fill(0.5)) values[A('care')] = { en: care[0], ar: care[1] };
      if (fill(0.3)) values[A('rrp')] = priceMinor + 500;
    }
    const { completeness, score } = computeCompleteness({ nameEn, nameAr, descriptionEn, descriptionAr, values }, familyAttrs[l.family]);
    const id = randomUUID();
    const createdAt = new Date(now - rnd.int(1, 180 * 24) * 3_600_000);
    const updatedAt = new Date(Math.min(now, createdAt.getTime() + rnd.int(0, 30 * 24) * 3_600_000));
    const brandId = rnd.chance(0.85) ? brandIds.get(rnd.pick(l.brands))! : null;
    const vendorId = vendorFor(l);
    const taxClassId = l.family === 'food' ? tax.reduced : /bakery|produce/.test(l.code) ? tax.zero : tax.standard;
    const cats = [catIds.get(l.code)!];
    // Some products also sit in a second shelf of their own department (honey among the preserves and the pantry).
    if (rnd.chance(0.15)) {
      const other = rnd.pick(LEAVES.filter((x) => x.code.split('-')[0] === l.code.split('-')[0])).code;
      if (other !== l.code) cats.push(catIds.get(other)!);
    }
    // About 300 products have variants: clothing by size and colour, a share of ceramics by colour.
    const axes =
      l.family === 'clothing' && rnd.chance(0.7)
        ? [A('size'), A('colour')]
        : l.code === 'crafts-ceramics' && rnd.chance(0.2)
          ? [A('colour')]
          : [];
    productRows.push({
      id,
      orgId,
      sku,
      nameEn,
      nameAr,
      descriptionEn,
      descriptionAr,
      brandId,
      familyId: family.id,
      vendorId,
      taxClassId,
      status,
      priceMinor,
      values,
      variantAxes: axes,
      completeness,
      completenessScore: score,
      version: 1,
      createdBy: actorId,
      updatedBy: actorId,
      createdAt,
      updatedAt,
    });
    for (const categoryId of cats) categoryRows.push({ orgId, productId: id, categoryId });
    const snapshot: ProductSnapshot = {
      sku,
      nameEn,
      nameAr,
      descriptionEn,
      descriptionAr,
      status,
      priceMinor,
      brandId,
      familyId: family.id,
      vendorId,
      taxClassId,
      categoryIds: [...cats].sort(),
      values,
      variantAxes: axes,
      mediaAssetIds: [],
    };
    versionRows.push({
      orgId,
      productId: id,
      version: 1,
      action: 'create',
      changedFields: [],
      snapshot: snapshot as unknown as Record<string, unknown>,
      actorId,
      createdAt,
    });
    if (axes.length) {
      const sizes = axes.length === 2 ? SIZES.slice(1, 1 + rnd.int(1, 3)) : [null];
      const colours = COLOURS.slice(0, rnd.int(axes.length === 2 ? 1 : 2, axes.length === 2 ? 2 : 4));
      let position = 0;
      for (const s of sizes) {
        for (const c of colours) {
          const axisValues: Record<string, string> = s ? { [A('size')]: s[0], [A('colour')]: c[0] } : { [A('colour')]: c[0] };
          variantRows.push({
            orgId,
            productId: id,
            sku: `${sku}-${s ? `${s[0].toUpperCase()}-` : ''}${c[0].toUpperCase()}`,
            axisValues,
            axisKey: axes.map((a) => `${a}=${axisValues[a]}`).join(';'),
            priceOverrideMinor: s?.[0] === 'l' ? priceMinor + 300 : null,
            stockQuantity: rnd.int(0, 40),
            weightGrams: rnd.chance(0.5) ? rnd.int(150, 900) : null,
            position: position++,
            createdAt,
            updatedAt,
          });
        }
      }
    }
  }
  await insertChunked(tx, products, productRows);
  await insertChunked(tx, productCategories, categoryRows);
  await insertChunked(tx, productVersions, versionRows);
  await insertChunked(tx, productVariants, variantRows);
}

/** Twelve product photos: a coloured background and a few simple shapes each (no text). */
const PHOTOS: {
  file: string;
  leaf: string[];
  bg: string;
  fg: string;
  shape: 'jar' | 'loaf' | 'bowl' | 'vase' | 'ring' | 'stripes' | 'leaf' | 'candle' | 'shirt';
  en: string;
  ar: string;
}[] = [
  { file: 'honey-jar.png', leaf: ['food-preserves'], bg: '#fde68a', fg: '#b45309', shape: 'jar', en: 'A jar of honey', ar: 'برطمان عسل' },
  { file: 'sourdough.png', leaf: ['food-bakery'], bg: '#fef3c7', fg: '#92400e', shape: 'loaf', en: 'A sourdough loaf', ar: 'رغيف خبز' },
  { file: 'fruit-basket.png', leaf: ['food-fruit'], bg: '#fee2e2', fg: '#dc2626', shape: 'bowl', en: 'A bowl of fruit', ar: 'وعاء فواكه' },
  {
    file: 'vegetables.png',
    leaf: ['food-vegetables'],
    bg: '#dcfce7',
    fg: '#15803d',
    shape: 'leaf',
    en: 'Fresh vegetables',
    ar: 'خضروات طازجة',
  },
  { file: 'dairy.png', leaf: ['food-dairy'], bg: '#f1f5f9', fg: '#64748b', shape: 'jar', en: 'A pot of labneh', ar: 'وعاء لبنة' },
  {
    file: 'olive-oil.png',
    leaf: ['food-pantry'],
    bg: '#ecfccb',
    fg: '#4d7c0f',
    shape: 'vase',
    en: 'A bottle of olive oil',
    ar: 'زجاجة زيت زيتون',
  },
  {
    file: 'ceramic-bowl.png',
    leaf: ['crafts-ceramics'],
    bg: '#dbeafe',
    fg: '#1d4ed8',
    shape: 'bowl',
    en: 'A glazed ceramic bowl',
    ar: 'وعاء خزفي مزجج',
  },
  {
    file: 'woven-throw.png',
    leaf: ['crafts-textiles', 'clothing-accessories'],
    bg: '#ede9fe',
    fg: '#7c3aed',
    shape: 'stripes',
    en: 'A woven throw',
    ar: 'غطاء منسوج',
  },
  {
    file: 'olive-wood.png',
    leaf: ['crafts-woodwork'],
    bg: '#fef9c3',
    fg: '#854d0e',
    shape: 'loaf',
    en: 'An olive wood board',
    ar: 'لوح من خشب الزيتون',
  },
  {
    file: 'silver-ring.png',
    leaf: ['crafts-rings', 'crafts-bracelets', 'crafts-necklaces'],
    bg: '#e2e8f0',
    fg: '#475569',
    shape: 'ring',
    en: 'A silver ring',
    ar: 'خاتم فضة',
  },
  {
    file: 'candle.png',
    leaf: ['home-candles', 'home-garden'],
    bg: '#ffedd5',
    fg: '#ea580c',
    shape: 'candle',
    en: 'A soy candle',
    ar: 'شمعة صويا',
  },
  { file: 'linen-shirt.png', leaf: ['clothing-tops'], bg: '#cffafe', fg: '#0e7490', shape: 'shirt', en: 'A linen shirt', ar: 'قميص كتان' },
];

function shapeSvg(shape: (typeof PHOTOS)[number]['shape'], fg: string): string {
  const s = (inner: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800">${inner}</svg>`;
  switch (shape) {
    case 'jar':
      return s(
        `<rect x="250" y="220" width="300" height="420" rx="60" fill="${fg}"/><rect x="280" y="160" width="240" height="80" rx="16" fill="#78350f"/><circle cx="400" cy="440" r="80" fill="#fff" opacity="0.35"/>`,
      );
    case 'loaf':
      return s(
        `<ellipse cx="400" cy="440" rx="280" ry="170" fill="${fg}"/><path d="M230 400 L300 340 M330 420 L400 350 M430 430 L500 360" stroke="#fff" stroke-width="18" opacity="0.5"/>`,
      );
    case 'bowl':
      return s(
        `<circle cx="320" cy="330" r="90" fill="${fg}"/><circle cx="470" cy="320" r="80" fill="${fg}" opacity="0.8"/><path d="M150 400 Q400 720 650 400 Z" fill="${fg}" opacity="0.9"/>`,
      );
    case 'vase':
      return s(`<path d="M340 150 L460 150 L460 260 Q600 380 520 650 L280 650 Q200 380 340 260 Z" fill="${fg}"/>`);
    case 'ring':
      return s(
        `<circle cx="400" cy="430" r="190" fill="none" stroke="${fg}" stroke-width="50"/><circle cx="400" cy="235" r="45" fill="#0ea5e9"/>`,
      );
    case 'stripes':
      return s(
        [0, 1, 2, 3, 4, 5]
          .map((k) => `<rect x="120" y="${150 + k * 90}" width="560" height="50" fill="${fg}" opacity="${0.4 + k * 0.1}"/>`)
          .join(''),
      );
    case 'leaf':
      return s(
        `<path d="M400 140 Q650 380 400 660 Q150 380 400 140 Z" fill="${fg}"/><path d="M400 180 L400 640" stroke="#fff" stroke-width="12" opacity="0.6"/>`,
      );
    case 'candle':
      return s(
        `<rect x="300" y="300" width="200" height="360" rx="20" fill="${fg}"/><path d="M400 170 Q450 240 400 280 Q350 240 400 170 Z" fill="#facc15"/>`,
      );
    case 'shirt':
      return s(`<path d="M280 170 L520 170 L660 280 L590 360 L540 320 L540 660 L260 660 L260 320 L210 360 L140 280 Z" fill="${fg}"/>`);
  }
}

/**
 * The demo catalogue's photos, added through the asset library once the demo organization exists, and
 * attached as each product's main image (and a few extra shots) to the products of their shelves; the
 * products' first version names them too. Does nothing when the demo already has assets.
 */
export async function seedDemoCatalogMedia(db: Db, store: BlobStore): Promise<void> {
  const [org] = await db
    .select({ id: organizations.id, slug: organizations.slug })
    .from(organizations)
    .where(eq(organizations.slug, 'demo'));
  if (!org) return;
  const [existing] = await db.select({ id: assets.id }).from(assets).where(eq(assets.orgId, org.id)).limit(1);
  if (existing) return;
  const made: { assetId: string; leaves: string[] }[] = [];
  for (const p of PHOTOS) {
    const bytes = await sharp({ create: { width: 800, height: 800, channels: 3, background: p.bg } })
      .composite([{ input: Buffer.from(shapeSvg(p.shape, p.fg)) }])
      .png()
      .toBuffer();
    const asset = await ingestAsset(db, store, {
      orgId: org.id,
      orgSlug: org.slug,
      userId: null,
      folder: 'products',
      fileName: p.file,
      bytes,
      altEn: p.en,
      altAr: p.ar,
      tags: ['demo', ...p.leaf.map((l) => l.split('-')[0]!)],
      declaredType: 'image/png',
    });
    made.push({ assetId: asset.id, leaves: p.leaf });
  }
  await db.transaction(async (tx) => {
    for (const m of made) {
      // Four in five products of the shelf get the photo as their main image.
      await tx.execute(sql`
        insert into product_media (org_id, product_id, asset_id, position)
        select distinct ${org.id}::uuid, pc.product_id, ${m.assetId}::uuid, 0
        from product_categories pc
        join catalog_categories c on c.id = pc.category_id and c.org_id = ${org.id}
        where pc.org_id = ${org.id} and c.code in (${sql.join(
          m.leaves.map((l) => sql`${l}`),
          sql`, `,
        )})
          and abs(hashtext(pc.product_id::text)) % 5 <> 0
          and not exists (select 1 from product_media pm where pm.product_id = pc.product_id)`);
    }
    await tx.execute(sql`
      update product_versions v set snapshot = jsonb_set(v.snapshot, '{mediaAssetIds}', m.ids)
      from (select product_id, jsonb_agg(asset_id order by position) as ids from product_media where org_id = ${org.id} group by product_id) m
      where v.org_id = ${org.id} and v.product_id = m.product_id and v.version = 1`);
  });
}
