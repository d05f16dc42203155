import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createOrg, createUser, tokenFor } from '../../../test/factories.js';
import { createApplication } from '../../../test/factories/applications.js';
import { createDocumentRow, createVendorRow } from '../../../test/factories/vendors.js';
import { createTestApp, driver, type TestContext } from '../../../test/harness.js';
import { recordAudit } from '../audit/index.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type User = Awaited<ReturnType<typeof createUser>>;
const get = async (url: string, u: User) => {
  const res = await t.app.inject({ url, headers: bearer(await tokenFor(t.app, u)) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function staff(orgId: string) {
  return {
    admin: await createUser(t.app, { orgId, role: 'super_admin' }),
    content: await createUser(t.app, { orgId, role: 'operation_manager' }),
    manager: await createUser(t.app, { orgId, role: 'vendor_manager' }),
    vendor: await createUser(t.app, { orgId, role: 'market_vendor' }),
  };
}

describe(`dashboard cards (${driver})`, () => {
  it('tells each entry with its actor, the object name and a link, also after the object is gone', async () => {
    const org = await createOrg(t.app);
    const { admin, manager } = await staff(org.id);
    const marketing = await createUser(t.app, { orgId: org.id, role: 'marketing' });
    const token = await tokenFor(t.app, admin);
    await t.app.inject({ method: 'PUT', url: '/api/v1/profile', headers: bearer(token), payload: { fullName: 'Sara Haddad' } });
    const brand = await t.app.inject({
      method: 'POST',
      url: '/api/v1/brands',
      headers: bearer(token),
      payload: { code: 'olive', nameEn: 'Olive Grove', nameAr: 'بستان الزيتون' },
    });
    expect(brand.statusCode).toBe(201);
    const gone = await t.app.inject({
      method: 'POST',
      url: '/api/v1/brands',
      headers: bearer(token),
      payload: { code: 'gone', nameEn: 'Gone Brand', nameAr: 'علامة محذوفة' },
    });
    expect(gone.statusCode, gone.body).toBe(201);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/brands/${gone.json().id}`, headers: bearer(token) });
    expect(del.statusCode, del.body).toBeLessThan(300);
    // A write of the system (no user), as the seeds and the public forms record them.
    const { row: application } = await createApplication(t.app, org.id, { applicantName: 'Olive Stall' });
    await recordAudit(
      t.app.ctx.db,
      { userId: null, orgId: org.id },
      { action: 'application.approved', entityType: 'vendor_application', entityId: application.id },
    );
    // Marketing's own write in an area it does not hold: listed (its own), but without a link.
    await recordAudit(
      t.app.ctx.db,
      { userId: marketing.id, orgId: org.id },
      { action: 'update', entityType: 'vendor_application', entityId: application.id },
    );

    const a = (await get('/api/v1/dashboard', admin)).recentActivity as Record<string, unknown>[];
    const find = (action: string, type: string) => a.filter((x) => x.action === action && x.entityType === type);
    const [goneCreate, oliveCreate] = find('create', 'brand');
    expect(goneCreate).toMatchObject({ actorName: 'Sara Haddad', system: false, entityName: 'Gone Brand', link: null });
    expect(oliveCreate).toMatchObject({ entityName: 'Olive Grove', entityNameAr: 'بستان الزيتون', link: '/master-data?tab=brands' });
    expect(find('delete', 'brand')[0]).toMatchObject({ entityName: 'Gone Brand', link: null });
    expect(find('application.approved', 'vendor_application')[0]).toMatchObject({
      system: true,
      actorName: null,
      entityName: 'Olive Stall',
      link: `/market-vendor-management/applications/${application.id}`,
    });

    const m = (await get('/api/v1/dashboard', marketing)).recentActivity as Record<string, unknown>[];
    expect(m.map((x) => [x.action, x.entityType, x.link])).toEqual([['update', 'vendor_application', null]]);
    const vm = (await get('/api/v1/dashboard', manager)).recentActivity as Record<string, unknown>[];
    expect(vm.find((x) => x.action === 'update')).toMatchObject({ link: `/market-vendor-management/applications/${application.id}` });
    expect(vm.some((x) => x.entityType === 'brand')).toBe(false);
  });

  it('gives the catalogue figures and products per week to product holders only', async () => {
    const org = await createOrg(t.app);
    const { admin, content, manager, vendor } = await staff(org.id);
    const token = await tokenFor(t.app, admin);
    const make = async (sku: string, body: Record<string, unknown>) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/products',
        headers: bearer(token),
        payload: { sku, nameEn: sku, ...body },
      });
      expect(res.statusCode).toBe(201);
    };
    const full = { nameAr: 'عسل', descriptionEn: 'Raw honey', descriptionAr: 'عسل خام' };
    await make('A-1', { status: 'active', ...full });
    await make('A-2', { status: 'active', descriptionEn: 'Comb honey' });
    await make('D-1', { status: 'draft' });
    const other = await createOrg(t.app);
    const outsider = await createUser(t.app, { orgId: other.id, role: 'super_admin' });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/products',
      headers: bearer(await tokenFor(t.app, outsider)),
      payload: { sku: 'X', nameEn: 'X' },
    });

    expect((await get('/api/v1/dashboard/catalogue', admin)).catalogue.channels).toEqual([]);
    // Channels measure the products in their own locales: the English-only shop finds complete
    // (both have an English name and description), the bilingual one only A-1 (A-2 has no Arabic).
    const channel = async (name: string, locales: string[]) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/catalog-publishing/channels',
        headers: bearer(token),
        payload: { kind: 'web', name, locales },
      });
      expect(res.statusCode).toBe(201);
      return res.json<{ id: string }>().id;
    };
    const bilingual = await channel('Bilingual shop', ['en', 'ar']);
    const english = await channel('English shop', ['en']);

    const a = await get('/api/v1/dashboard/catalogue', admin);
    expect(a.catalogue).toMatchObject({ total: 3, active: 2, draft: 1, archived: 0, complete: 1 });
    expect(a.catalogue.channels).toEqual([
      { id: bilingual, name: 'Bilingual shop', measured: 3, complete: 1 },
      { id: english, name: 'English shop', measured: 3, complete: 2 },
    ]);
    // A product's score is its lowest locale's: one complete (100), two with nothing in Arabic (0).
    expect(a.catalogue.completenessAverage).toBe(33);
    expect(a.productsPerWeek).toHaveLength(12);
    expect(a.productsPerWeek.at(-1).count).toBe(3);
    expect(a.productsPerWeek.slice(0, -1).every((w: { count: number }) => w.count === 0)).toBe(true);
    const weekStart = new Date(`${a.productsPerWeek.at(-1).weekStart}T00:00:00Z`);
    expect(weekStart.getUTCDay()).toBe(1);
    expect(Date.now() - weekStart.getTime()).toBeLessThan(7 * 86_400_000);

    expect((await get('/api/v1/dashboard/catalogue', content)).catalogue.total).toBe(3);
    for (const u of [manager, vendor])
      expect(await get('/api/v1/dashboard/catalogue', u)).toEqual({ catalogue: null, productsPerWeek: null });
  });

  it('lists vendor documents expiring within 30 days and applications per week for vendor managers only', async () => {
    const org = await createOrg(t.app);
    const { admin, content, manager, vendor } = await staff(org.id);
    const junior = await createVendorRow(t.app, org.id, { vendorType: 'junior', publicName: 'Little Bakers' });
    const market = await createVendorRow(t.app, org.id, { publicName: 'Olive Stall' });
    const soon = await createDocumentRow(t.app, org.id, junior.id, { fileName: 'permit.pdf', docType: 'permit', expiresOn: day(5) });
    const today = await createDocumentRow(t.app, org.id, market.id, { fileName: 'ins.pdf', expiresOn: day(0), status: 'valid' });
    await createDocumentRow(t.app, org.id, market.id, { expiresOn: day(40) });
    await createDocumentRow(t.app, org.id, market.id, { expiresOn: day(-2) });
    await createDocumentRow(t.app, org.id, market.id, { expiresOn: day(3), status: 'declined' });
    await createDocumentRow(t.app, org.id, market.id, { expiresOn: null });
    await createApplication(t.app, org.id, {});
    await createApplication(t.app, org.id, { stream: 'workshop' });
    await createApplication(t.app, org.id, { submittedAt: new Date(Date.now() - 200 * 86_400_000) });

    for (const u of [admin, manager]) {
      const d = await get('/api/v1/dashboard/operations', u);
      expect(d.documentsExpiring.total).toBe(2);
      expect(d.documentsExpiring.items).toEqual([
        {
          id: today.id,
          vendorId: market.id,
          vendorName: 'Olive Stall',
          docType: 'insurance',
          fileName: 'ins.pdf',
          expiresOn: day(0),
          link: `/market-vendor-management?tab=vendors&vendor=${market.id}`,
        },
        {
          id: soon.id,
          vendorId: junior.id,
          vendorName: 'Little Bakers',
          docType: 'permit',
          fileName: 'permit.pdf',
          expiresOn: day(5),
          link: `/junior-vendor-management?tab=vendors&vendor=${junior.id}`,
        },
      ]);
      expect(d.applicationsPerWeek).toHaveLength(12);
      expect(d.applicationsPerWeek.at(-1).count).toBe(2);
      expect(d.applicationsPerWeek.reduce((n: number, w: { count: number }) => n + w.count, 0)).toBe(2);
    }
    for (const u of [content, vendor])
      expect(await get('/api/v1/dashboard/operations', u)).toEqual({ documentsExpiring: null, applicationsPerWeek: null });
    const lone = await createUser(t.app);
    expect(await get('/api/v1/dashboard/operations', lone)).toEqual({ documentsExpiring: null, applicationsPerWeek: null });
    expect((await t.app.inject({ url: '/api/v1/dashboard/catalogue' })).statusCode).toBe(401);
  });
});
