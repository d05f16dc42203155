import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attributes, auditLog } from '../../db/schema/index.js';
import { driver, type TestContext } from '../../../test/harness.js';
import { fieldOf, orgClients, startCatalogApp, type Api } from './master-data.test-support.js';

let t: TestContext;
let api: Api;
let other: Api;
let denied: Api;
let orgId: string;
beforeAll(async () => {
  ({ t, orgId, api, denied } = await startCatalogApp());
  other = (await orgClients(t)).api;
});
afterAll(async () => t?.close());

const actions = async (id: string) =>
  (await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, id))).map((a) => a.action).sort();

describe(`brands and units (${driver})`, () => {
  it('needs master_data', async () => {
    expect((await denied.get('/brands')).statusCode).toBe(403);
    expect(
      (await denied.post('/units', { code: 'kg', kind: 'weight', symbol: 'kg', nameEn: 'Kilogram', nameAr: 'كيلوغرام' })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: '/api/v1/currencies' })).statusCode).toBe(401);
  });

  it('creates, changes and removes brands with unique codes per organization', async () => {
    const res = await api.post('/brands', { code: 'acme', nameEn: 'Acme', nameAr: 'أكمي', website: 'https://acme.example' });
    expect(res.statusCode, res.body).toBe(201);
    const brand = res.json();
    expect(brand).toMatchObject({ isActive: true, descriptionEn: null });
    const dup = await api.post('/brands', { code: 'ACME', nameEn: 'Other', nameAr: 'آخر' });
    expect(dup.statusCode).toBe(409);
    expect(fieldOf(dup)).toBe('code');
    const badSite = await api.post('/brands', { code: 'b2', nameEn: 'B', nameAr: 'ب', website: 'acme' });
    expect(badSite.statusCode).toBe(422);
    expect(fieldOf(badSite)).toBe('website');
    const extra = await api.post('/brands', { code: 'b3', nameEn: 'B', nameAr: 'ب', colour: 'red' });
    expect(extra.statusCode).toBe(422);
    expect((await api.patch(`/brands/${brand.id}`, { isActive: false, website: '' })).json()).toMatchObject({
      isActive: false,
      website: null,
    });
    expect((await other.patch(`/brands/${brand.id}`, { nameEn: 'x' })).statusCode).toBe(404);
    expect((await other.del(`/brands/${brand.id}`)).statusCode).toBe(404);
    expect((await other.post('/brands', { code: 'acme', nameEn: 'Acme', nameAr: 'أكمي' })).statusCode).toBe(201);
    expect((await api.del(`/brands/${brand.id}`)).statusCode).toBe(200);
    expect(await actions(brand.id)).toEqual(['create', 'delete', 'update']);
  });

  it('validates unit kinds and refuses to remove a unit an attribute measures in', async () => {
    const bad = await api.post('/units', { code: 'kg', kind: 'mass', symbol: 'kg', nameEn: 'Kilogram', nameAr: 'كيلوغرام' });
    expect(bad.statusCode).toBe(422);
    expect(fieldOf(bad)).toBe('kind');
    const kg = (await api.post('/units', { code: 'kg', kind: 'weight', symbol: 'kg', nameEn: 'Kilogram', nameAr: 'كيلوغرام' })).json();
    const cm = (await api.post('/units', { code: 'cm', kind: 'length', symbol: 'cm', nameEn: 'Centimetre', nameAr: 'سنتيمتر' })).json();
    expect(((await api.get('/units')).json() as { code: string }[]).map((u) => u.code)).toEqual(['cm', 'kg']);
    expect((await api.patch(`/units/${cm.id}`, { code: 'KG' })).statusCode).toBe(409);
    await t.app.ctx.db
      .insert(attributes)
      .values({ orgId, code: 'weight', type: 'measurement', nameEn: 'Weight', nameAr: 'الوزن', unitId: kg.id });
    const used = await api.del(`/units/${kg.id}`);
    expect(used.statusCode).toBe(409);
    expect(used.json().error.message).toMatch(/1 attribute/);
    expect((await other.del(`/units/${cm.id}`)).statusCode).toBe(404);
    expect((await api.del(`/units/${cm.id}`)).statusCode).toBe(200);
  });
});

describe(`tax classes and rates (${driver})`, () => {
  it('keeps at most one default class and nests rates in basis points', async () => {
    const std = (await api.post('/tax-classes', { code: 'standard', nameEn: 'Standard', nameAr: 'قياسي', isDefault: true })).json();
    const zero = (await api.post('/tax-classes', { code: 'zero', nameEn: 'Zero rated', nameAr: 'معفى' })).json();
    expect((await api.post('/tax-classes', { code: 'Standard', nameEn: 'x', nameAr: 'س' })).statusCode).toBe(409);
    const rate = await api.post(`/tax-classes/${std.id}/rates`, {
      nameEn: 'VAT',
      nameAr: 'ضريبة القيمة المضافة',
      rateBasisPoints: 500,
      country: 'AE',
    });
    expect(rate.statusCode, rate.body).toBe(201);
    const tooHigh = await api.post(`/tax-classes/${std.id}/rates`, { nameEn: 'x', nameAr: 'س', rateBasisPoints: 10001 });
    expect(tooHigh.statusCode).toBe(422);
    expect(fieldOf(tooHigh)).toBe('rateBasisPoints');
    const badCountry = await api.patch(`/tax-rates/${rate.json().id}`, { country: 'uae' });
    expect(fieldOf(badCountry)).toBe('country');
    expect((await api.patch(`/tax-rates/${rate.json().id}`, { rateBasisPoints: 1500 })).json().rateBasisPoints).toBe(1500);
    await api.patch(`/tax-classes/${zero.id}`, { isDefault: true });
    const list = (await api.get('/tax-classes')).json() as { code: string; isDefault: boolean; rates: { rateBasisPoints: number }[] }[];
    expect(list.map((c) => [c.code, c.isDefault])).toEqual([
      ['zero', true],
      ['standard', false],
    ]);
    expect(list[1]!.rates.map((r) => r.rateBasisPoints)).toEqual([1500]);
    expect((await other.post(`/tax-classes/${std.id}/rates`, { nameEn: 'x', nameAr: 'س', rateBasisPoints: 1 })).statusCode).toBe(404);
    expect((await other.del(`/tax-rates/${rate.json().id}`)).statusCode).toBe(404);
    expect((await api.del(`/tax-rates/${rate.json().id}`)).statusCode).toBe(200);
    expect((await api.del(`/tax-classes/${std.id}`)).statusCode).toBe(200);
    expect(await actions(rate.json().id)).toEqual(['create', 'delete', 'update']);
  });
});

describe(`currencies (${driver})`, () => {
  type Cur = { id: string; code: string; rateMicros: number; isBase: boolean };
  const byCode = async () => Object.fromEntries(((await api.get('/currencies')).json() as Cur[]).map((c) => [c.code, c]));

  it('makes the first currency the base and keeps exactly one base, re-expressing rates', async () => {
    const bad = await api.post('/currencies', { code: 'aed', nameEn: 'Dirham', nameAr: 'درهم', symbol: 'د.إ', minorDigits: 2 });
    expect(fieldOf(bad)).toBe('code');
    const digits = await api.post('/currencies', { code: 'AED', nameEn: 'Dirham', nameAr: 'درهم', symbol: 'د.إ', minorDigits: 5 });
    expect(fieldOf(digits)).toBe('minorDigits');
    const aed = (
      await api.post('/currencies', { code: 'AED', nameEn: 'Dirham', nameAr: 'درهم', symbol: 'د.إ', minorDigits: 2 })
    ).json() as Cur;
    expect(aed).toMatchObject({ isBase: true, rateMicros: 1_000_000 });
    // 1 AED = 0.272294 USD
    const usd = (
      await api.post('/currencies', { code: 'USD', nameEn: 'Dollar', nameAr: 'دولار', symbol: '$', minorDigits: 2, rateMicros: 272_294 })
    ).json() as Cur;
    expect(usd.isBase).toBe(false);
    expect((await api.post('/currencies', { code: 'USD', nameEn: 'x', nameAr: 'س', symbol: '$', minorDigits: 2 })).statusCode).toBe(409);
    expect(fieldOf(await api.patch(`/currencies/${aed.id}`, { rateMicros: 5 }))).toBe('rateMicros');
    expect(fieldOf(await api.patch(`/currencies/${aed.id}`, { isBase: false }))).toBe('isBase');
    expect(fieldOf(await api.patch(`/currencies/${aed.id}`, { isActive: false }))).toBe('isActive');
    expect((await api.del(`/currencies/${aed.id}`)).statusCode).toBe(409);
    const rebased = await api.patch(`/currencies/${usd.id}`, { isBase: true });
    expect(rebased.json()).toMatchObject({ isBase: true, rateMicros: 1_000_000 });
    const all = await byCode();
    expect(all.AED).toMatchObject({ isBase: false, rateMicros: Math.round(1e12 / 272_294) });
    expect(Object.values(all).filter((c) => c.isBase)).toHaveLength(1);
    expect((await other.get('/currencies')).json()).toEqual([]);
    expect((await other.patch(`/currencies/${aed.id}`, { isBase: true })).statusCode).toBe(404);
    expect((await api.del(`/currencies/${aed.id}`)).statusCode).toBe(200);
    expect(await actions(usd.id)).toEqual(['create', 'update']);
  });
});
