import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import { bearer, createOrg, createUser, tokenFor } from '../../../test/factories.js';
import { createCategory } from '../../../test/factories/market.js';
import { createDocumentRow, createVendorRow } from '../../../test/factories/vendors.js';
import { sendCurrentVersions } from '../../../test/lib/current-versions.js';
import { createTestApp, driver, type TestContext } from '../../../test/harness.js';

let t: TestContext;
let orgA: { id: string };
let orgB: { id: string };
let staffA: Record<string, string>;
let staffB: Record<string, string>;
let marketing: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  sendCurrentVersions(t.app);
  orgA = await createOrg(t.app);
  orgB = await createOrg(t.app);
  staffA = bearer(await tokenFor(t.app, await createUser(t.app, { orgId: orgA.id, role: 'vendor_manager' })));
  staffB = bearer(await tokenFor(t.app, await createUser(t.app, { orgId: orgB.id, role: 'super_admin' })));
  marketing = bearer(await tokenFor(t.app, await createUser(t.app, { orgId: orgA.id, role: 'marketing' })));
});
afterAll(async () => t?.close());

/** A date of birth giving `age` today (ten days past the birthday, so no edge of the day matters). */
function dobForAge(age: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear() - age, now.getUTCMonth(), now.getUTCDate() - 10)).toISOString().slice(0, 10);
}
const junior = (over: Record<string, unknown> = {}) => ({
  vendorType: 'junior',
  publicName: 'Lemonade by Sara',
  dateOfBirth: dobForAge(12),
  guardianName: 'Huda Ahmed',
  guardianPhone: '+971 50 123 4567',
  guardianEmail: 'huda@example.test',
  guardianConsentAt: new Date(Date.now() - 60_000).toISOString(),
  ...over,
});

const post = (url: string, headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as object });
const fieldsOf = (res: { json(): { error: { fields?: { field: string }[] } } }) => (res.json().error.fields ?? []).map((f) => f.field);

describe(`vendors: records, junior rules, status, categories and users (${driver})`, () => {
  it('creates and edits a market vendor, auditing every write, and refuses callers without vendor_management', async () => {
    const body = {
      vendorType: 'market',
      publicName: '  Olive Grove  ',
      email: 'olive@example.test',
      phone: '+44 (20) 7946-0958',
      website: 'https://olive.example.test',
      social: { instagram: '@olive' },
    };
    expect((await post('/api/v1/vendors', marketing, body)).statusCode).toBe(403);
    const res = await post('/api/v1/vendors', staffA, body);
    expect(res.statusCode).toBe(201);
    const v = res.json();
    expect(v).toMatchObject({
      publicName: 'Olive Grove',
      vendorType: 'market',
      status: 'active',
      email: 'olive@example.test',
      social: { instagram: '@olive' },
      documents: [],
      users: [],
      categories: [],
    });
    const upd = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/vendors/${v.id}`,
      headers: staffA,
      payload: { legalName: 'Olive Grove LLC', phone: null, website: '' },
    });
    expect(upd.statusCode).toBe(422);
    expect(fieldsOf(upd)).toContain('website');
    const ok = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/vendors/${v.id}`,
      headers: staffA,
      payload: { legalName: 'Olive Grove LLC', phone: null, address: '  ' },
    });
    expect(ok.json()).toMatchObject({ legalName: 'Olive Grove LLC', phone: null, address: null, vendorType: 'market' });
    const typeChange = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/vendors/${v.id}`,
      headers: staffA,
      payload: { vendorType: 'junior' },
    });
    expect(typeChange.statusCode).toBe(422);
    const audits = await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, v.id));
    expect(audits.map((a) => a.action).sort()).toEqual(['create', 'update']);
    expect(audits.every((a) => a.orgId === orgA.id)).toBe(true);
  });

  it('checks e-mail, phone and website shapes, naming the field', async () => {
    for (const [field, value] of [
      ['email', 'not-an-email'],
      ['phone', '12'],
      ['phone', 'call me'],
      ['website', 'javascript:alert(1)'],
      ['publicName', '   '],
    ] as const) {
      const res = await post('/api/v1/vendors', staffA, { vendorType: 'market', publicName: 'X', [field]: value });
      expect(res.statusCode, `${field}=${value}`).toBe(422);
      expect(fieldsOf(res)).toContain(field);
    }
  });

  it('refuses a second vendor of the same type with the same e-mail (any case), naming email', async () => {
    expect((await post('/api/v1/vendors', staffA, { vendorType: 'market', publicName: 'A', email: 'dup@example.test' })).statusCode).toBe(
      201,
    );
    const dup = await post('/api/v1/vendors', staffA, { vendorType: 'market', publicName: 'B', email: 'DUP@example.test' });
    expect(dup.statusCode).toBe(409);
    expect(fieldsOf(dup)).toEqual(['email']);
    // Another type, or another organization, may use it.
    expect((await post('/api/v1/vendors', staffA, { vendorType: 'normal', publicName: 'C', email: 'dup@example.test' })).statusCode).toBe(
      201,
    );
    expect((await post('/api/v1/vendors', staffB, { vendorType: 'market', publicName: 'D', email: 'dup@example.test' })).statusCode).toBe(
      201,
    );
    const other = (await post('/api/v1/vendors', staffA, { vendorType: 'market', publicName: 'E', email: 'e@example.test' })).json();
    const clash = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/vendors/${other.id}`,
      headers: staffA,
      payload: { email: 'Dup@Example.test' },
    });
    expect(clash.statusCode).toBe(409);
    expect(fieldsOf(clash)).toEqual(['email']);
  });

  it('requires the junior extras for junior vendors, with an age of 8 to 17, and refuses them on others', async () => {
    const created = await post('/api/v1/vendors', staffA, junior({ school: 'Al Noor School' }));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ vendorType: 'junior', guardianName: 'Huda Ahmed', school: 'Al Noor School' });
    const missing = await post('/api/v1/vendors', staffA, { vendorType: 'junior', publicName: 'Kid stall' });
    expect(missing.statusCode).toBe(422);
    expect(fieldsOf(missing).sort()).toEqual(['dateOfBirth', 'guardianConsentAt', 'guardianEmail', 'guardianName', 'guardianPhone']);
    for (const age of [7, 18]) {
      const res = await post('/api/v1/vendors', staffA, junior({ dateOfBirth: dobForAge(age) }));
      expect(res.statusCode, `age ${age}`).toBe(422);
      expect(fieldsOf(res)).toEqual(['dateOfBirth']);
    }
    for (const age of [8, 17])
      expect(
        (await post('/api/v1/vendors', staffA, junior({ dateOfBirth: dobForAge(age), guardianEmail: `g${age}@example.test` }))).statusCode,
      ).toBe(201);
    const future = await post('/api/v1/vendors', staffA, junior({ guardianConsentAt: new Date(Date.now() + 86_400_000).toISOString() }));
    expect(fieldsOf(future)).toEqual(['guardianConsentAt']);
    const onMarket = await post('/api/v1/vendors', staffA, { vendorType: 'market', publicName: 'Grown up', guardianName: 'Someone' });
    expect(onMarket.statusCode).toBe(422);
    expect(fieldsOf(onMarket)).toEqual(['guardianName']);
    // A junior vendor cannot lose its guardian later.
    const cleared = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/vendors/${created.json().id}`,
      headers: staffA,
      payload: { guardianPhone: null },
    });
    expect(cleared.statusCode).toBe(422);
    expect(fieldsOf(cleared)).toEqual(['guardianPhone']);
  });

  it('needs a reason to suspend or blocklist, and clears it on reactivation unless one is given', async () => {
    const v = await createVendorRow(t.app, orgA.id);
    const url = `/api/v1/vendors/${v.id}/status`;
    for (const status of ['suspended', 'blocklisted']) {
      for (const reason of [undefined, null, '   ']) {
        const res = await post(url, staffA, { status, reason });
        expect(res.statusCode).toBe(422);
        expect(fieldsOf(res)).toEqual(['reason']);
      }
    }
    const bad = await post(url, staffA, { status: 'closed', reason: 'x' });
    expect(bad.statusCode).toBe(422);
    const s = await post(url, staffA, { status: 'suspended', reason: ' Unpaid fees ' });
    expect(s.json()).toMatchObject({ status: 'suspended', statusReason: 'Unpaid fees' });
    const a = await post(url, staffA, { status: 'active' });
    expect(a.json()).toMatchObject({ status: 'active', statusReason: null });
    const audits = await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, v.id));
    expect(audits.filter((x) => x.action === 'status').map((x) => (x.after as { status: string }).status)).toEqual(['suspended', 'active']);
  });

  it("sets categories from the organization's own only", async () => {
    const v = await createVendorRow(t.app, orgA.id);
    const food = await createCategory(t.app, orgA.id, { nameEn: 'Food', colour: '#ef4444' });
    const crafts = await createCategory(t.app, orgA.id, { nameEn: 'Crafts' });
    const foreign = await createCategory(t.app, orgB.id);
    const url = `/api/v1/vendors/${v.id}/categories`;
    const put = (categoryIds: string[]) => t.app.inject({ method: 'PUT', url, headers: staffA, payload: { categoryIds } });
    const res = await put([food.id, crafts.id, food.id]);
    expect(res.statusCode).toBe(200);
    expect(res.json().categories.map((c: { nameEn: string }) => c.nameEn)).toEqual(['Crafts', 'Food']);
    expect(res.json().categories[1].colour).toBe('#ef4444');
    const bad = await put([crafts.id, foreign.id]);
    expect(bad.statusCode).toBe(422);
    expect(fieldsOf(bad)).toEqual(['categoryIds']);
    expect((await t.app.inject({ url: `/api/v1/vendors/${v.id}`, headers: staffA })).json().categories).toHaveLength(2);
    expect((await put([])).json().categories).toEqual([]);
  });

  it('links user accounts of the organization by e-mail, one vendor per user, and unlinks them', async () => {
    const v1 = await createVendorRow(t.app, orgA.id, { publicName: 'First stall' });
    const v2 = await createVendorRow(t.app, orgA.id);
    const member = await createUser(t.app, { orgId: orgA.id, role: 'market_vendor' });
    const outsider = await createUser(t.app, { orgId: orgB.id, role: 'market_vendor' });
    const loner = await createUser(t.app, {});
    const link = (id: string, email: string) => post(`/api/v1/vendors/${id}/users`, staffA, { email });
    const ok = await link(v1.id, member.email.toUpperCase());
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ userId: member.id, email: member.email, fullName: 'Test User' });
    for (const email of [outsider.email, loner.email, 'nobody@example.test']) {
      const res = await link(v1.id, email);
      expect(res.statusCode, email).toBe(422);
      expect(fieldsOf(res)).toEqual(['email']);
    }
    const again = await link(v2.id, member.email);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toContain('First stall');
    expect((await link(v1.id, member.email)).statusCode).toBe(409);
    const got = (await t.app.inject({ url: `/api/v1/vendors/${v1.id}`, headers: staffA })).json();
    expect(got.users.map((u: { userId: string }) => u.userId)).toEqual([member.id]);
    const del = (vid: string, uid: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/v1/vendors/${vid}/users/${uid}`, headers: staffA });
    expect((await del(v2.id, member.id)).statusCode).toBe(404);
    expect((await del(v1.id, member.id)).statusCode).toBe(200);
    expect((await link(v2.id, member.email)).statusCode).toBe(201);
  });

  it("answers 404 to another organization's staff for every vendor route, and changes nothing", async () => {
    const v = await createVendorRow(t.app, orgA.id, { publicName: 'Private to A' });
    const member = await createUser(t.app, { orgId: orgA.id });
    await post(`/api/v1/vendors/${v.id}/users`, staffA, { email: member.email });
    const catB = await createCategory(t.app, orgB.id);
    const doc = '00000000-0000-4000-8000-000000000001';
    const d = await createDocumentRow(t.app, orgA.id, v.id);
    const tries = [
      t.app.inject({ url: `/api/v1/vendors/${v.id}`, headers: staffB }),
      t.app.inject({ method: 'PATCH', url: `/api/v1/vendors/${v.id}`, headers: staffB, payload: { publicName: 'Hacked' } }),
      post(`/api/v1/vendors/${v.id}/status`, staffB, { status: 'blocklisted', reason: 'x' }),
      t.app.inject({ method: 'PUT', url: `/api/v1/vendors/${v.id}/categories`, headers: staffB, payload: { categoryIds: [catB.id] } }),
      post(`/api/v1/vendors/${v.id}/users`, staffB, { email: member.email }),
      t.app.inject({ method: 'DELETE', url: `/api/v1/vendors/${v.id}/users/${member.id}`, headers: staffB }),
      post(`/api/v1/vendors/${v.id}/documents`, staffB, { docType: 'permit', bucketId: 'x', objectPath: 'a.pdf', fileName: 'a.pdf' }),
      t.app.inject({ method: 'PATCH', url: `/api/v1/vendors/${v.id}/documents/${doc}`, headers: staffB, payload: { status: 'valid' } }),
      t.app.inject({ method: 'DELETE', url: `/api/v1/vendors/${v.id}/documents/${doc}`, headers: staffB }),
      t.app.inject({ url: `/api/v1/vendors/${v.id}/documents/${d.id}/url`, headers: staffB }),
      t.app.inject({ method: 'PATCH', url: `/api/v1/vendors/${v.id}/documents/${d.id}`, headers: staffB, payload: { status: 'valid' } }),
      t.app.inject({ method: 'DELETE', url: `/api/v1/vendors/${v.id}/documents/${d.id}`, headers: staffB }),
    ];
    for (const res of await Promise.all(tries)) expect(res.statusCode, res.body).toBe(404);
    const after = (await t.app.inject({ url: `/api/v1/vendors/${v.id}`, headers: staffA })).json();
    expect(after).toMatchObject({ publicName: 'Private to A', status: 'active', categories: [] });
    expect(after.users).toHaveLength(1);
    expect(after.documents.map((x: { id: string; status: string }) => [x.id, x.status])).toEqual([[d.id, 'pending']]);
    const listB = (await t.app.inject({ url: '/api/v1/vendors?pageSize=100&q=Private', headers: staffB })).json();
    expect(listB.items).toEqual([]);
  });
});
