import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { App } from '../../app.js';
import { catalogCategories, currencies, productVariants, products, taxClasses, taxRates, vendorUsers } from '../../db/schema/index.js';
import { bearer, createOrg, createUser, tokenFor } from '../../../test/factories.js';
import { createVendorRow } from '../../../test/factories/vendors.js';

// Response bodies are read loosely in tests; the contracts type the app's own code.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type LooseBody = any;
export type Headers = Record<string, string>;

const emptyCompleteness = { en: { score: 0, required: 0, missing: [] }, ar: { score: 0, required: 0, missing: [] } };

/** A product of the organization (active), optionally with one variant keeping stock. */
export async function createSellable(
  app: App,
  orgId: string,
  o: {
    vendorId?: string | null;
    price: number;
    taxClassId?: string | null;
    categoryId?: string | null;
    stock?: number;
    barcode?: string;
    nameEn?: string;
    nameAr?: string;
  },
) {
  const sku = `SKU-${randomUUID().slice(0, 8)}`;
  const [p] = await app.ctx.db
    .insert(products)
    .values({
      orgId,
      sku,
      nameEn: o.nameEn ?? `Item ${sku}`,
      nameAr: o.nameAr ?? `صنف ${sku}`,
      status: 'active',
      priceMinor: o.price,
      vendorId: o.vendorId ?? null,
      taxClassId: o.taxClassId ?? null,
      completeness: emptyCompleteness,
      categoryIds: o.categoryId ? [o.categoryId] : [],
    })
    .returning();
  if (o.stock === undefined) return { productId: p!.id, variantId: null as string | null, sku, price: o.price };
  const [v] = await app.ctx.db
    .insert(productVariants)
    .values({ orgId, productId: p!.id, sku: `${sku}-V`, barcode: o.barcode ?? null, axisKey: 'default', stockQuantity: o.stock })
    .returning();
  return { productId: p!.id, variantId: v!.id as string | null, sku: `${sku}-V`, price: o.price };
}

type Call = (
  method: string,
  url: string,
  payload?: unknown,
  headers?: Headers,
) => Promise<{ statusCode: number; body: string; json: () => LooseBody; headers: Record<string, unknown> }>;

/** Calls the API as one user. */
export function caller(app: App, auth: Headers): Call {
  return (method, url, payload, headers) =>
    app.inject({
      method: method as 'GET',
      url: `/api/v1${url}`,
      headers: { ...auth, ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    }) as ReturnType<Call>;
}

export async function ok(res: Promise<{ statusCode: number; body: string; json: () => LooseBody }>, status?: number): Promise<LooseBody> {
  const r = await res;
  if (status) expect(r.statusCode, r.body).toBe(status);
  else expect(r.statusCode, r.body).toBeLessThan(300);
  return r.json();
}

/**
 * An organization ready to sell: base currency (JOD, 3 digits), a default 16% tax class, three vendors with a
 * product each (two keeping stock), a register taking cash and card, a manager and a vendor account for the
 * first vendor.
 */
export async function posWorld(app: App) {
  const org = await createOrg(app);
  const orgId = org.id;
  const db = app.ctx.db;
  await db
    .insert(currencies)
    .values({ orgId, code: 'JOD', nameEn: 'Jordanian dinar', nameAr: 'دينار أردني', symbol: 'JD', minorDigits: 3, isBase: true });
  const [tax] = await db
    .insert(taxClasses)
    .values({ orgId, code: 'std', nameEn: 'Standard', nameAr: 'قياسي', isDefault: true })
    .returning();
  await db.insert(taxRates).values({ orgId, taxClassId: tax!.id, nameEn: 'VAT', nameAr: 'ضريبة', rateBasisPoints: 1600 });
  const [category] = await db
    .insert(catalogCategories)
    .values({ orgId, code: `c-${randomUUID().slice(0, 6)}`, nameEn: 'Pantry', nameAr: 'مؤونة' })
    .returning();
  const vendors = [
    await createVendorRow(app, orgId, { publicName: 'Olive Grove' }),
    await createVendorRow(app, orgId, { publicName: 'Bee Farm' }),
    await createVendorRow(app, orgId, { publicName: 'Clay Works' }),
  ];
  const items = [
    await createSellable(app, orgId, {
      vendorId: vendors[0]!.id,
      price: 5_000,
      stock: 20,
      barcode: `628${randomUUID().replace(/\D/g, '').slice(0, 10)}`,
      categoryId: category!.id,
      nameEn: 'Olive oil 1 l',
      nameAr: 'زيت زيتون ١ لتر',
    }),
    await createSellable(app, orgId, { vendorId: vendors[1]!.id, price: 3_250, stock: 10, nameEn: 'Wild honey', nameAr: 'عسل بري' }),
    await createSellable(app, orgId, { vendorId: vendors[2]!.id, price: 12_000, nameEn: 'Clay bowl', nameAr: 'وعاء فخار' }),
  ];
  const managerUser = await createUser(app, { orgId, role: 'vendor_manager' });
  const manager = bearer(await tokenFor(app, managerUser));
  const vendorUser = await createUser(app, { orgId, role: 'market_vendor' });
  await db.insert(vendorUsers).values({ orgId, vendorId: vendors[0]!.id, userId: vendorUser.id });
  const vendor = bearer(await tokenFor(app, vendorUser));
  const call = caller(app, manager);
  const register = await ok(call('POST', '/pos/registers', { name: `Till ${randomUUID().slice(0, 6)}`, tenders: ['cash', 'card'] }), 201);
  return { orgId, org, tax: tax!, category: category!, vendors, items, manager, vendor, call, register };
}
export type PosWorld = Awaited<ReturnType<typeof posWorld>>;

export async function openSession(w: PosWorld, openingFloat = 20_000) {
  return ok(w.call('POST', '/pos/sessions', { registerId: w.register.id, openingFloat }), 201);
}

/** A sale body: `lines` as [item index, quantity], paid by the given payments (cash for the total by default). */
export function saleBody(
  w: PosWorld,
  sessionId: string,
  lines: [number, number][],
  payments?: { tender: string; amount: number }[],
  extra: Record<string, unknown> = {},
) {
  const total = lines.reduce((a, [i, q]) => a + w.items[i]!.price * q, 0);
  return {
    id: randomUUID(),
    registerId: w.register.id,
    sessionId,
    soldAt: new Date().toISOString(),
    lines: lines.map(([i, quantity]) => ({
      productId: w.items[i]!.productId,
      variantId: w.items[i]!.variantId,
      quantity,
      unitPrice: w.items[i]!.price,
    })),
    payments: payments ?? [{ tender: 'cash', amount: total }],
    ...extra,
  };
}
