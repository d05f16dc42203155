import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, marketLocations } from '../../db/schema/index.js';
import { createLocation } from '../../../test/factories/market.js';
import { driver, type TestContext } from '../../../test/harness.js';
import { startTwoOrgs, type Headers } from '../access/access.test-support.js';

let t: TestContext;
let orgA: string;
let orgB: string;
let manager: Headers;
let marketing: Headers;
let vendor: Headers;
let otherAdmin: Headers;
beforeAll(async () => {
  const s = await startTwoOrgs(
    { manager: 'vendor_manager', marketing: 'marketing', vendor: 'market_vendor' },
    { otherAdmin: 'super_admin' },
  );
  ({ t, orgA, orgB } = s);
  ({ manager, marketing, vendor, otherAdmin } = s.users);
});
afterAll(async () => t?.close());

const url = '/api/v1/pos/registers';
const post = (headers: Headers | undefined, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, ...(headers ? { headers } : {}), payload });
const patch = (headers: Headers, id: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: `${url}/${id}`, headers, payload });
const fieldsOf = (res: { json: () => { error: { fields?: { field: string }[] } } }) => (res.json().error.fields ?? []).map((f) => f.field);

describe(`point of sale registers (${driver})`, () => {
  it('adds a register for vendor_management holders only, with its location, float, tenders and receipt texts', async () => {
    const location = await createLocation(t.app, orgA);
    const body = {
      name: 'Stall row till',
      locationId: location.id,
      openingFloat: 15_000,
      tenders: ['card', 'cash', 'voucher'],
      receiptHeaderEn: 'Harbour Market',
      receiptHeaderAr: 'سوق الميناء',
      receiptFooterEn: 'Thank you',
      receiptFooterAr: 'شكرًا لكم',
    };
    expect((await post(undefined, body)).statusCode).toBe(401);
    expect((await post(marketing, body)).statusCode).toBe(403);
    expect((await post(vendor, body)).statusCode).toBe(403);
    const res = await post(manager, body);
    expect(res.statusCode, res.body).toBe(201);
    const reg = res.json();
    // Tenders are a set in the contract's order.
    expect(reg).toMatchObject({ ...body, tenders: ['cash', 'card', 'voucher'], status: 'active', locationNameEn: location.nameEn });
    const listed = (await t.app.inject({ url, headers: manager })).json();
    expect(listed.map((r: { id: string }) => r.id)).toContain(reg.id);
    const [audit] = await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, reg.id));
    expect(audit).toMatchObject({ action: 'create', entityType: 'pos_register' });
  });

  it('takes cash alone when no tender is named, and refuses bad input naming the field', async () => {
    const plain = (await post(manager, { name: 'Office' })).json();
    expect(plain).toMatchObject({ tenders: ['cash'], openingFloat: 0, locationId: null, receiptHeaderEn: '' });
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '  ' }, 'name'],
      [{ name: 'X', openingFloat: -1 }, 'openingFloat'],
      [{ name: 'X', openingFloat: 1.5 }, 'openingFloat'],
      [{ name: 'X', tenders: [] }, 'tenders'],
      [{ name: 'X', tenders: ['cash', 'cash'] }, 'tenders'],
      [{ name: 'X', tenders: ['cheque'] }, 'tenders.0'],
      [{ name: 'X', receiptFooterAr: 'ا'.repeat(501) }, 'receiptFooterAr'],
      [{ name: 'X', locationId: 'nope' }, 'locationId'],
    ];
    for (const [payload, field] of cases) {
      const res = await post(manager, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(fieldsOf(res), JSON.stringify(payload)).toContain(field);
    }
  });

  it('refuses a name the organization already uses, whatever its case; another organization may use it', async () => {
    expect((await post(manager, { name: 'Main till' })).statusCode).toBe(201);
    const dup = await post(manager, { name: 'MAIN TILL' });
    expect(dup.statusCode).toBe(409);
    expect(fieldsOf(dup)).toEqual(['name']);
    expect((await post(otherAdmin, { name: 'Main till' })).statusCode).toBe(201);
  });

  it('changes and archives a register with the updatedAt it was loaded with; a stale edit is refused', async () => {
    const reg = (await post(manager, { name: 'Night market till' })).json();
    const changed = await patch(manager, reg.id, { openingFloat: 5000, tenders: ['cash', 'card'], expectedUpdatedAt: reg.updatedAt });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ openingFloat: 5000, tenders: ['cash', 'card'] });
    const stale = await patch(manager, reg.id, { name: 'Renamed', expectedUpdatedAt: reg.updatedAt });
    expect(stale.statusCode).toBe(409);
    expect(fieldsOf(stale)).toEqual(['expectedUpdatedAt']);
    const archived = await patch(manager, reg.id, { status: 'archived', expectedUpdatedAt: changed.json().updatedAt });
    expect(archived.json().status).toBe('archived');
    const active = (await t.app.inject({ url, headers: manager })).json();
    expect(active.some((r: { id: string }) => r.id === reg.id)).toBe(false);
    const all = (await t.app.inject({ url: `${url}?status=all`, headers: manager })).json();
    expect(all.find((r: { id: string }) => r.id === reg.id).status).toBe('archived');
    const audits = await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, reg.id));
    expect(audits.map((a) => a.action).sort()).toEqual(['create', 'update', 'update']);
  });

  it('keeps organizations apart: no list, change or location of another organization', async () => {
    const mine = (await post(manager, { name: 'Only ours' })).json();
    const theirs = (await t.app.inject({ url: `${url}?status=all`, headers: otherAdmin })).json();
    expect(theirs.some((r: { id: string }) => r.id === mine.id)).toBe(false);
    const res = await patch(otherAdmin, mine.id, { name: 'Taken over', expectedUpdatedAt: mine.updatedAt });
    expect(res.statusCode).toBe(404);
    // A location of another organization is refused as no location, on create and on change.
    const [foreign] = await t.app.ctx.db.select().from(marketLocations).where(eq(marketLocations.orgId, orgB));
    const location = foreign ?? (await createLocation(t.app, orgB));
    const created = await post(manager, { name: 'Borrowed site', locationId: location.id });
    expect(created.statusCode).toBe(422);
    expect(fieldsOf(created)).toEqual(['locationId']);
    const moved = await patch(manager, mine.id, { locationId: location.id, expectedUpdatedAt: mine.updatedAt });
    expect(moved.statusCode).toBe(422);
    expect(
      (await t.app.inject({ url: `${url}?status=all`, headers: manager })).json().find((r: { id: string }) => r.id === mine.id).name,
    ).toBe('Only ours');
  });
});
