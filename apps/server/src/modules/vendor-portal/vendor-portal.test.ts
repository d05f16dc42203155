import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vendorApplications, vendorCategories, vendorUsers } from '../../db/schema/index.js';
import { caller } from '../market-days/market-days.test-support.js';
import { addDays, todayUtc } from '../../lib/dates.js';
import { bearer, createOrg, createUser, tokenFor } from '../../../test/factories.js';
import { createApplication } from '../../../test/factories/applications.js';
import { createCategory } from '../../../test/factories/market.js';
import { createDocumentRow, createVendorRow } from '../../../test/factories/vendors.js';
import { createTestApp, driver, type TestContext } from '../../../test/harness.js';

let t: TestContext;
let org: { id: string };
let other: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t.app);
  other = await createOrg(t.app);
});
afterAll(async () => t?.close());

const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000);

describe(`vendor portal overview (${driver})`, () => {
  it('shows a vendor account its own vendor, categories, documents and applications only', async () => {
    const user = await createUser(t.app, { orgId: org.id, role: 'market_vendor', email: 'Fig.Stall@example.test' });
    const vendor = await createVendorRow(t.app, org.id, { publicName: 'Fig Stall', email: 'figs@example.test', contactName: 'Omar' });
    const fruit = await createCategory(t.app, org.id, { nameEn: 'Fruit' });
    await t.app.ctx.db.insert(vendorCategories).values({ orgId: org.id, vendorId: vendor.id, categoryId: fruit.id });
    await t.app.ctx.db.insert(vendorUsers).values({ orgId: org.id, vendorId: vendor.id, userId: user.id });
    await createDocumentRow(t.app, org.id, vendor.id, {
      docType: 'permit',
      fileName: 'permit.pdf',
      status: 'valid',
      expiresOn: addDays(todayUtc(), -1),
    });

    const byEmail = await createApplication(t.app, org.id, { email: 'fig.stall@example.test', submittedAt: at(5) });
    const byVendor = await createApplication(t.app, org.id, { stream: 'workshop', email: 'someone-else@example.test', submittedAt: at(1) });
    await t.app.ctx.db.update(vendorApplications).set({ vendorId: vendor.id }).where(eq(vendorApplications.id, byVendor.row.id));
    await createApplication(t.app, org.id, { email: 'stranger@example.test' });
    await createApplication(t.app, other.id, { email: 'fig.stall@example.test' });

    const res = await caller(t.app, bearer(await tokenFor(t.app, user)))('GET', '/vendor-portal/overview');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      user: { id: user.id, email: 'Fig.Stall@example.test', fullName: 'Test User' },
      vendor: {
        id: vendor.id,
        vendorType: 'market',
        publicName: 'Fig Stall',
        contactName: 'Omar',
        email: 'figs@example.test',
        phone: null,
        status: 'active',
        categories: [{ id: fruit.id, nameEn: 'Fruit', nameAr: fruit.nameAr, colour: fruit.colour }],
        // Expired yesterday: the portal says so, as the staff pages do.
        documents: [
          { id: expect.any(String), docType: 'permit', fileName: 'permit.pdf', status: 'expired', expiresOn: addDays(todayUtc(), -1) },
        ],
      },
      applications: [
        {
          id: byVendor.row.id,
          stream: 'workshop',
          status: 'submitted',
          applicantName: byVendor.row.applicantName,
          submittedAt: byVendor.row.submittedAt.toISOString(),
          updatedAt: expect.any(String),
        },
        {
          id: byEmail.row.id,
          stream: 'market_vendor',
          status: 'submitted',
          applicantName: byEmail.row.applicantName,
          submittedAt: byEmail.row.submittedAt.toISOString(),
          updatedAt: expect.any(String),
        },
      ],
    });
  });

  it('answers an account without a vendor with its applications by e-mail, and refuses staff and strangers', async () => {
    const user = await createUser(t.app, { orgId: org.id, role: 'junior_vendor' });
    const mine = await createApplication(t.app, org.id, { stream: 'junior_vendor', email: user.email });
    const res = await caller(t.app, bearer(await tokenFor(t.app, user)))('GET', '/vendor-portal/overview');
    expect(res.body.vendor).toBeNull();
    expect(res.body.applications.map((a: { id: string }) => a.id)).toEqual([mine.row.id]);

    const noMatch = await createUser(t.app, { orgId: other.id, role: 'market_vendor' });
    expect((await caller(t.app, bearer(await tokenFor(t.app, noMatch)))('GET', '/vendor-portal/overview')).body).toMatchObject({
      vendor: null,
      applications: [],
    });
    const staff = await createUser(t.app, { orgId: org.id, role: 'vendor_manager' });
    expect((await caller(t.app, bearer(await tokenFor(t.app, staff)))('GET', '/vendor-portal/overview')).status).toBe(403);
    expect((await t.app.inject({ url: '/api/v1/vendor-portal/overview' })).statusCode).toBe(401);
  });
});
