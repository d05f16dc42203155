import type { App } from '../../apps/server/src/app.js';
import { catalogCategories, currencies, productVariants, products, taxClasses, taxRates } from '../../apps/server/src/db/schema/index.js';
import { bearer, createOrg, createUser, tokenFor } from '../../apps/server/test/factories.js';
import { createVendorRow } from '../../apps/server/test/factories/vendors.js';

export type BenchItems = { productId: string; variantId: string; price: number }[];

export interface PosBenchOrg {
  orgId: string;
  categoryId: string;
  auth: Record<string, string>;
  /** Three products of three vendors, each with a variant keeping (ample) stock. */
  items: BenchItems;
  call: (
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    headers?: Record<string, string>,
  ) => Promise<Record<string, unknown> & { id: string }>;
}

/** A new organization ready to sell: base currency, a 10% tax class, a category, three vendors' products, a 10% commission. */
export async function posBenchOrg(app: App): Promise<PosBenchOrg> {
  const db = app.ctx.db;
  const org = await createOrg(app);
  const orgId = org.id;
  await db
    .insert(currencies)
    .values({ orgId, code: 'USD', nameEn: 'US dollar', nameAr: 'دولار', symbol: '$', minorDigits: 2, isBase: true });
  const [tax] = await db
    .insert(taxClasses)
    .values({ orgId, code: 'std', nameEn: 'Standard', nameAr: 'قياسي', isDefault: true })
    .returning();
  await db.insert(taxRates).values({ orgId, taxClassId: tax!.id, nameEn: 'VAT', nameAr: 'ضريبة', rateBasisPoints: 1000 });
  const [cat] = await db.insert(catalogCategories).values({ orgId, code: 'c', nameEn: 'Food', nameAr: 'طعام' }).returning();
  const items = await benchItems(app, orgId, cat!.id, 'a');
  const auth = bearer(await tokenFor(app, await createUser(app, { orgId, role: 'vendor_manager' })));
  const call: PosBenchOrg['call'] = async (method, url, payload, headers = {}) => {
    const res = await app.inject({ method, url: `/api/v1${url}`, headers: { ...auth, ...headers }, ...(payload ? { payload } : {}) });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json() as Record<string, unknown> & { id: string };
  };
  await call('POST', '/pos/commission-rules', { kind: 'percentage', rateBasisPoints: 1000 });
  return { orgId, categoryId: cat!.id, auth, items, call };
}

/** Three more products of three new vendors (SKUs tagged `tag`), each with a variant keeping ample stock. */
export async function benchItems(app: App, orgId: string, categoryId: string, tag: string): Promise<BenchItems> {
  const db = app.ctx.db;
  const items: BenchItems = [];
  for (let i = 0; i < 3; i++) {
    const vendor = await createVendorRow(app, orgId);
    const price = 1_000 + i * 250;
    const [p] = await db
      .insert(products)
      .values({
        orgId,
        sku: `B-${tag}-${i}`,
        nameEn: `Item ${tag} ${i}`,
        status: 'active',
        priceMinor: price,
        vendorId: vendor.id,
        categoryIds: [categoryId],
        completeness: { en: { score: 0, required: 0, missing: [] }, ar: { score: 0, required: 0, missing: [] } },
      })
      .returning();
    const [v] = await db
      .insert(productVariants)
      .values({ orgId, productId: p!.id, sku: `B-${tag}-${i}-V`, axisKey: 'd', stockQuantity: 100_000_000 })
      .returning();
    items.push({ productId: p!.id, variantId: v!.id, price });
  }
  return items;
}

/** The sale every checkout of the benches makes: one of each item, paid half by card and the rest in cash with change. */
export function benchSale(items: BenchItems) {
  const lines = items.map((it, k) => ({ productId: it.productId, variantId: it.variantId, quantity: 1 + (k % 2), unitPrice: it.price }));
  const total = lines.reduce((a, l) => a + l.quantity * l.unitPrice, 0);
  return {
    lines,
    payments: [
      { tender: 'card', amount: Math.floor(total / 2) },
      { tender: 'cash', amount: total - Math.floor(total / 2) + 500 },
    ],
  };
}
