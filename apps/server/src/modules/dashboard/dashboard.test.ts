import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createOrg, createUser, tokenFor } from '../../../test/factories.js';
import { createApplication } from '../../../test/factories/applications.js';
import { createTestApp, driver, type TestContext } from '../../../test/harness.js';
import { recordAudit } from '../audit/index.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe(`dashboard (${driver})`, () => {
  it('counts the organization members by role and shows its own activity only', async () => {
    const org = await createOrg(t.app);
    const other = await createOrg(t.app);
    const admin = await createUser(t.app, { orgId: org.id, role: 'super_admin' });
    await createUser(t.app, { orgId: org.id, role: 'marketing' });
    await createUser(t.app, { orgId: org.id, role: 'marketing' });
    const outsider = await createUser(t.app, { orgId: other.id, role: 'super_admin' });
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/profile',
      headers: bearer(await tokenFor(t.app, outsider)),
      payload: { fullName: 'Elsewhere' },
    });
    const token = await tokenFor(t.app, admin);
    await t.app.inject({ method: 'PUT', url: '/api/v1/profile', headers: bearer(token), payload: { fullName: 'Admin One' } });
    const res = await t.app.inject({ url: '/api/v1/dashboard', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d.members).toBe(3);
    expect(d.roles).toEqual([
      { role: 'marketing', count: 2 },
      { role: 'super_admin', count: 1 },
    ]);
    expect(d.languages.map((l: { code: string }) => l.code)).toEqual(['en', 'ar']);
    expect(d.recentActivity).toHaveLength(1);
    expect(d.recentActivity[0]).toMatchObject({ entityType: 'profile', actorName: 'Admin One' });
  });

  it('gives vendors no activity and users without membership no organization', async () => {
    const org = await createOrg(t.app);
    const vendor = await createUser(t.app, { orgId: org.id, role: 'market_vendor' });
    const v = (await t.app.inject({ url: '/api/v1/dashboard', headers: bearer(await tokenFor(t.app, vendor)) })).json();
    expect(v.recentActivity).toBeNull();
    expect(v.applicationsWaiting).toBeNull();
    const lone = await createUser(t.app);
    const l = (await t.app.inject({ url: '/api/v1/dashboard', headers: bearer(await tokenFor(t.app, lone)) })).json();
    expect(l.organization).toBeNull();
  });

  it('counts open applications per stream for vendor managers, their own organization only', async () => {
    const org = await createOrg(t.app);
    const other = await createOrg(t.app);
    for (const status of ['submitted', 'under_review', 'info_requested', 'approved'] as const)
      await createApplication(t.app, org.id, { status });
    await createApplication(t.app, org.id, { stream: 'workshop', status: 'submitted' });
    await createApplication(t.app, other.id, { status: 'submitted' });
    const manager = await createUser(t.app, { orgId: org.id, role: 'vendor_manager' });
    const d = (await t.app.inject({ url: '/api/v1/dashboard', headers: bearer(await tokenFor(t.app, manager)) })).json();
    expect(d.applicationsWaiting).toEqual([
      { stream: 'market_vendor', waiting: 2, infoRequested: 1 },
      { stream: 'junior_vendor', waiting: 0, infoRequested: 0 },
      { stream: 'workshop', waiting: 1, infoRequested: 0 },
    ]);
  });

  it('shows the staff head-count only to user managers, and each member the activity of the areas they hold', async () => {
    const org = await createOrg(t.app);
    const admin = await createUser(t.app, { orgId: org.id, role: 'super_admin' });
    const marketing = await createUser(t.app, { orgId: org.id, role: 'marketing' });
    const manager = await createUser(t.app, { orgId: org.id, role: 'vendor_manager' });
    const vendor = await createUser(t.app, { orgId: org.id, role: 'market_vendor' });
    const { row: application } = await createApplication(t.app, org.id, { status: 'submitted' });
    await recordAudit(
      t.app.ctx.db,
      { userId: admin.id, orgId: org.id },
      {
        action: 'application.start_review',
        entityType: 'vendor_application',
        entityId: application.id,
      },
    );
    const adminToken = await tokenFor(t.app, admin);
    const brand = await t.app.inject({
      method: 'POST',
      url: '/api/v1/brands',
      headers: bearer(adminToken),
      payload: { code: 'acme', nameEn: 'Acme', nameAr: 'أكمي' },
    });
    expect(brand.statusCode).toBe(201);
    const marketingToken = await tokenFor(t.app, marketing);
    await t.app.inject({ method: 'PUT', url: '/api/v1/profile', headers: bearer(marketingToken), payload: { fullName: 'Mona Marketing' } });
    const view = async (u: typeof admin) =>
      (await t.app.inject({ url: '/api/v1/dashboard', headers: bearer(await tokenFor(t.app, u)) })).json();

    const v = await view(vendor);
    expect(v.members).toBeNull();
    expect(v.roles).toBeNull();
    const m = await view(marketing);
    expect(m.members).toBeNull();
    expect(m.roles).toBeNull();
    // Marketing holds neither master data nor vendor management: only their own profile change.
    expect(m.recentActivity.map((a: { entityType: string }) => a.entityType)).toEqual(['profile']);
    const vm = await view(manager);
    expect(vm.members).toBeNull();
    expect(vm.recentActivity.map((a: { entityType: string }) => a.entityType)).toEqual(['vendor_application']);
    const a = await view(admin);
    expect(a.members).toBe(4);
    expect(a.roles).toHaveLength(4);
    expect(a.recentActivity.map((x: { entityType: string }) => x.entityType).sort()).toEqual(['brand', 'profile', 'vendor_application']);
  });

  it("lists the languages the caller's organization has active, not another organization's choice", async () => {
    const org = await createOrg(t.app);
    const other = await createOrg(t.app);
    const admin = await createUser(t.app, { orgId: org.id, role: 'super_admin' });
    const otherAdmin = await createUser(t.app, { orgId: other.id, role: 'super_admin' });
    const token = await tokenFor(t.app, admin);
    const langs = (await t.app.inject({ url: '/api/v1/languages', headers: bearer(token) })).json() as {
      id: string;
      code: string;
      updatedAt: string;
    }[];
    const ar = langs.find((l) => l.code === 'ar')!;
    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/languages/${ar.id}`,
      headers: bearer(token),
      payload: { isActive: false, expectedUpdatedAt: ar.updatedAt },
    });
    expect(off.statusCode).toBe(200);
    const mine = (await t.app.inject({ url: '/api/v1/dashboard', headers: bearer(token) })).json();
    expect(mine.languages.map((l: { code: string }) => l.code)).toEqual(['en']);
    const theirs = (await t.app.inject({ url: '/api/v1/dashboard', headers: bearer(await tokenFor(t.app, otherAdmin)) })).json();
    expect(theirs.languages.map((l: { code: string }) => l.code)).toEqual(['en', 'ar']);
  });
});
