import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  emailOutbox,
  mfaFactors,
  sessions,
  organizationMemberships,
  userRoles,
  users,
  vendorApplications,
  vendorCategories,
  vendorDocuments,
  vendors,
  vendorUsers,
} from '../../db/schema/index.js';
import { auth, lastMail, post, type Session } from '../auth/auth.test-support.js';
import { caller, type Call } from '../market-days/market-days.test-support.js';
import { bearer, createOrg, createUser, tokenFor } from '../../../test/factories.js';
import { createApplication } from '../../../test/factories/applications.js';
import { createCategory } from '../../../test/factories/market.js';
import { createVendorRow } from '../../../test/factories/vendors.js';
import { createTestApp, driver, type TestContext } from '../../../test/harness.js';

let t: TestContext;
let org: { id: string };
let otherOrg: { id: string };
let staff: Call;

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t.app);
  otherOrg = await createOrg(t.app);
  staff = caller(t.app, bearer(await tokenFor(t.app, await createUser(t.app, { orgId: org.id, role: 'vendor_manager' }))));
});
afterAll(async () => t?.close());

const db = () => t.app.ctx.db;
const userByEmail = async (email: string) =>
  (
    await db()
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
  )[0];
const mailsTo = (email: string, template: string) =>
  db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.template, template)));
const vendorCount = async (orgId: string) => (await db().select({ n: count() }).from(vendors).where(eq(vendors.orgId, orgId)))[0]!.n;
const rolesOf = async (userId: string) =>
  (await db().select().from(userRoles).where(eq(userRoles.userId, userId))).map((r) => `${r.orgId === org.id ? 'org' : 'other'}:${r.role}`);

describe(`applications: approval (${driver})`, () => {
  it('creates the vendor and an invited user with the role; the invitation leads to the vendor portal', async () => {
    const food = await createCategory(t.app, org.id, { nameEn: 'Bakery' });
    const { row } = await createApplication(t.app, org.id, {
      email: 'baker@example.test',
      categoryIds: [food.id],
      answers: { website: 'https://baker.example.test', legalName: 'Baker LLC' },
      documents: [
        { docType: 'food_hygiene', fileName: 'hygiene.pdf', status: 'valid', expiresOn: '2031-01-31' },
        { docType: 'other', fileName: 'menu.pdf' },
      ],
    });
    const res = await staff('POST', `/vendor-applications/${row.id}/approve`, { message: 'Welcome aboard' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'approved', allowedActions: [] });
    const vendorId = res.body.vendorId as string;
    const [v] = await db().select().from(vendors).where(eq(vendors.id, vendorId));
    expect(v).toMatchObject({
      orgId: org.id,
      vendorType: 'market',
      publicName: row.applicantName,
      legalName: 'Baker LLC',
      email: 'baker@example.test',
      contactName: row.contactName,
      website: 'https://baker.example.test',
      social: { instagram: '@stall' },
      descriptionEn: 'Fresh olive oil and bread',
      dateOfBirth: null,
    });
    expect((await db().select().from(vendorCategories).where(eq(vendorCategories.vendorId, vendorId))).map((c) => c.categoryId)).toEqual([
      food.id,
    ]);
    const docs = await db().select().from(vendorDocuments).where(eq(vendorDocuments.vendorId, vendorId));
    expect(docs.map((d) => [d.docType, d.fileName, d.status, d.expiresOn])).toEqual([
      ['food_hygiene', 'hygiene.pdf', 'valid', '2031-01-31'],
    ]);

    const user = await userByEmail('baker@example.test');
    expect(user).toMatchObject({ emailConfirmedAt: null, rawUserMetaData: { full_name: row.contactName } });
    expect(user!.invitedAt).toBeTruthy();
    expect(await rolesOf(user!.id)).toEqual(['org:market_vendor']);
    expect(await db().select().from(organizationMemberships).where(eq(organizationMemberships.userId, user!.id))).toMatchObject([
      { orgId: org.id },
    ]);
    expect(await db().select().from(vendorUsers).where(eq(vendorUsers.userId, user!.id))).toMatchObject([{ vendorId, orgId: org.id }]);
    const approved = await mailsTo('baker@example.test', 'application.approved');
    expect(approved).toHaveLength(1);
    expect(approved[0]!.textBody).toContain('Welcome aboard');
    const actions = (await db().select().from(auditLog).where(eq(auditLog.orgId, org.id))).map((a) => `${a.entityType}:${a.action}`);
    expect(actions).toEqual(
      expect.arrayContaining([
        'vendor:create',
        'vendor:categories',
        'vendor_document:create',
        'vendor_application:application.account',
        'vendor_application:application.approved',
      ]),
    );

    const invite = await lastMail(t.app, 'baker@example.test', 'invite');
    expect(invite.link).toContain(encodeURIComponent('http://localhost:3000/auth?mode=invite'));
    const verified = await post(t.app, '/auth/v1/verify', { type: 'invite', token_hash: invite.token });
    expect(verified.statusCode, verified.body).toBe(200);
    const session = verified.json() as Session;
    const portal = caller(t.app, bearer(session.access_token));
    const overview = await portal('GET', '/vendor-portal/overview');
    expect(overview.status, JSON.stringify(overview.body)).toBe(200);
    expect(overview.body).toMatchObject({
      user: { id: user!.id, email: 'baker@example.test' },
      vendor: {
        id: vendorId,
        vendorType: 'market',
        status: 'active',
        categories: [{ id: food.id }],
        documents: [{ docType: 'food_hygiene', status: 'valid' }],
      },
      applications: [{ id: row.id, status: 'approved', stream: 'market_vendor' }],
    });
    // Nothing of staff is open to a vendor.
    expect((await portal('GET', `/vendor-applications/${row.id}`)).status).toBe(403);
  });

  it('creates a junior vendor with the guardian and the consent of the submission day', async () => {
    const submittedAt = new Date(Date.now() - 3 * 86_400_000);
    const { row } = await createApplication(t.app, org.id, { stream: 'junior_vendor', submittedAt });
    const res = await staff('POST', `/vendor-applications/${row.id}/approve`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [v] = await db().select().from(vendors).where(eq(vendors.id, res.body.vendorId));
    expect(v).toMatchObject({
      vendorType: 'junior',
      guardianName: 'Huda Ahmed',
      guardianPhone: '+971501112233',
      guardianEmail: 'guardian@example.test',
      school: 'Al Noor School',
      dateOfBirth: row.answers.dateOfBirth,
    });
    expect(v!.guardianConsentAt!.toISOString()).toBe(submittedAt.toISOString());
    expect(await rolesOf((await userByEmail(row.email))!.id)).toEqual(['org:junior_vendor']);
  });

  it('links the existing vendor with the same e-mail and a confirmed member of the organization without inviting them', async () => {
    const existing = await createVendorRow(t.app, org.id, { email: 'Corner@Example.test', publicName: 'Corner Shop' });
    const member = await createUser(t.app, { orgId: org.id, email: 'corner@example.test' });
    const before = await vendorCount(org.id);
    const { row } = await createApplication(t.app, org.id, { email: 'corner@example.test' });
    const res = await staff('POST', `/vendor-applications/${row.id}/approve`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.vendorId).toBe(existing.id);
    expect(await vendorCount(org.id)).toBe(before);
    const [kept] = await db().select().from(vendors).where(eq(vendors.id, existing.id));
    expect(kept!.publicName).toBe('Corner Shop');
    expect(await rolesOf(member.id)).toEqual(['org:market_vendor']);
    expect(await db().select().from(vendorUsers).where(eq(vendorUsers.userId, member.id))).toMatchObject([{ vendorId: existing.id }]);
    expect(await mailsTo('corner@example.test', 'invite')).toHaveLength(0);
    expect(await mailsTo('corner@example.test', 'application.approved')).toHaveLength(1);
  });

  it('invites an unconfirmed user again and gives them the membership and the role', async () => {
    const [pending] = await db()
      .insert(users)
      .values({ email: 'pending@example.test', invitedAt: new Date(Date.now() - 86_400_000) })
      .returning();
    const { row } = await createApplication(t.app, org.id, { email: 'pending@example.test' });
    expect((await staff('POST', `/vendor-applications/${row.id}/approve`, {})).status).toBe(200);
    expect(await rolesOf(pending!.id)).toEqual(['org:market_vendor']);
    expect(await db().select().from(organizationMemberships).where(eq(organizationMemberships.userId, pending!.id))).toHaveLength(1);
    expect(await mailsTo('pending@example.test', 'invite')).toHaveLength(1);
  });

  it('hands the vendor only to whoever follows the invitation when someone pre-registered the address', async () => {
    const email = 'prereg@example.test';
    const attackerPassword = 'Attacker-Chose-This-41';
    expect((await post(t.app, '/auth/v1/signup', { email, password: attackerPassword }, {}, '10.9.0.1')).statusCode).toBe(200);
    const attacker = (await userByEmail(email))!;
    const attackerToken = await tokenFor(t.app, { id: attacker.id, email });
    await db()
      .insert(mfaFactors)
      .values({ userId: attacker.id, factorType: 'totp', status: 'verified', secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' });

    const { row } = await createApplication(t.app, org.id, { email });
    const res = await staff('POST', `/vendor-applications/${row.id}/approve`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Nothing the pre-registration set up survives the approval.
    const signInAttempt = await post(t.app, '/auth/v1/token?grant_type=password', { email, password: attackerPassword }, {}, '10.9.0.2');
    expect(signInAttempt.json()).toMatchObject({ error_code: 'invalid_credentials' });
    expect((await t.app.inject({ url: '/auth/v1/user', headers: auth(attackerToken) })).statusCode).toBe(403);
    expect(await db().select().from(mfaFactors).where(eq(mfaFactors.userId, attacker.id))).toHaveLength(0);

    const invite = await lastMail(t.app, email, 'invite');
    expect(invite.mail.orgId).toBe(org.id);
    const verified = await post(t.app, '/auth/v1/verify', { type: 'invite', token_hash: invite.token });
    expect(verified.statusCode, verified.body).toBe(200);
    const session = verified.json() as Session;
    expect(session.user.has_password).toBe(false);
    const chosen = await t.app.inject({
      method: 'PUT',
      url: '/auth/v1/user',
      headers: auth(session.access_token),
      payload: { password: 'Applicant-Owns-It-62' },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect((await caller(t.app, bearer(session.access_token))('GET', '/vendor-portal/overview')).status).toBe(200);
  });

  it('invites a confirmed account of no organization instead of linking it, ending its password, sessions and factors', async () => {
    const loose = await createUser(t.app, { email: 'loose@example.test' });
    const looseToken = await tokenFor(t.app, loose);
    await db()
      .insert(mfaFactors)
      .values({ userId: loose.id, factorType: 'totp', status: 'verified', secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' });
    const { row } = await createApplication(t.app, org.id, { email: 'loose@example.test' });
    const res = await staff('POST', `/vendor-applications/${row.id}/approve`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await mailsTo('loose@example.test', 'invite')).toHaveLength(1);
    expect((await userByEmail('loose@example.test'))!.encryptedPassword).toBeNull();
    expect(await db().select().from(sessions).where(eq(sessions.userId, loose.id))).toHaveLength(0);
    expect(await db().select().from(mfaFactors).where(eq(mfaFactors.userId, loose.id))).toHaveLength(0);
    expect((await t.app.inject({ url: '/auth/v1/user', headers: auth(looseToken) })).statusCode).toBe(403);
    // Still linked to the vendor, for whoever proves the address.
    expect(await db().select().from(vendorUsers).where(eq(vendorUsers.userId, loose.id))).toMatchObject([{ vendorId: res.body.vendorId }]);
  });

  it('refuses an applicant whose account belongs to another organization and writes nothing', async () => {
    await createUser(t.app, { orgId: otherOrg.id, role: 'market_vendor', email: 'elsewhere@example.test' });
    const food = await createCategory(t.app, org.id);
    const { row } = await createApplication(t.app, org.id, {
      email: 'elsewhere@example.test',
      categoryIds: [food.id],
      documents: [{ docType: 'permit' }],
    });
    const vendorsBefore = await vendorCount(org.id);
    const auditsBefore = (await db().select({ n: count() }).from(auditLog)).at(0)!.n;
    const res = await staff('POST', `/vendor-applications/${row.id}/approve`, {});
    expect(res.status).toBe(409);
    expect(res.body.error.message).toContain('belongs to a user account of another organization');
    expect(await vendorCount(org.id)).toBe(vendorsBefore);
    expect((await db().select({ n: count() }).from(auditLog)).at(0)!.n).toBe(auditsBefore);
    const [stored] = await db().select().from(vendorApplications).where(eq(vendorApplications.id, row.id));
    expect(stored).toMatchObject({ status: 'submitted', vendorId: null });
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'elsewhere@example.test'))).toHaveLength(0);
  });

  it('refuses a user who already acts for another vendor, and an application already decided', async () => {
    const member = await createUser(t.app, { orgId: org.id, email: 'twice@example.test' });
    const other = await createVendorRow(t.app, org.id, { publicName: 'Other Stall' });
    await db().insert(vendorUsers).values({ orgId: org.id, vendorId: other.id, userId: member.id });
    const { row } = await createApplication(t.app, org.id, { email: 'twice@example.test' });
    const before = await vendorCount(org.id);
    const res = await staff('POST', `/vendor-applications/${row.id}/approve`, {});
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(
      'The user account twice@example.test already acts for Other Stall; a user acts for one vendor at most.',
    );
    expect(await vendorCount(org.id)).toBe(before);

    const done = await createApplication(t.app, org.id, { status: 'rejected' });
    const again = await staff('POST', `/vendor-applications/${done.row.id}/approve`, {});
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('An application that is rejected cannot be approved.');
    expect(await vendorCount(org.id)).toBe(before);
    expect(await userByEmail(done.row.email)).toBeUndefined();
  });

  it('refuses a staff account of the organization and a blocklisted vendor, writing nothing', async () => {
    const manager = await createUser(t.app, { orgId: org.id, role: 'operation_manager', email: 'ops@example.test' });
    const { row } = await createApplication(t.app, org.id, { email: 'ops@example.test' });
    const before = await vendorCount(org.id);
    const res = await staff('POST', `/vendor-applications/${row.id}/approve`, {});
    expect(res.status).toBe(409);
    expect(res.body.error.message).toContain('belongs to a staff account (operation_manager)');
    expect(await rolesOf(manager.id)).toEqual(['org:operation_manager']);
    expect(await vendorCount(org.id)).toBe(before);

    await createVendorRow(t.app, org.id, {
      email: 'banned@example.test',
      publicName: 'Banned Stall',
      status: 'blocklisted',
      statusReason: 'unpaid fees',
    });
    const banned = await createApplication(t.app, org.id, { email: 'banned@example.test' });
    const refused = await staff('POST', `/vendor-applications/${banned.row.id}/approve`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain('Banned Stall with this e-mail address is blocklisted (unpaid fees)');
    expect(await userByEmail('banned@example.test')).toBeUndefined();
    const [stored] = await db().select().from(vendorApplications).where(eq(vendorApplications.id, banned.row.id));
    expect(stored!.status).toBe('submitted');
  });

  it('approves in bulk with the same code: each application succeeds or fails alone', async () => {
    await createUser(t.app, { orgId: otherOrg.id, email: 'taken@example.test' });
    const good = await createApplication(t.app, org.id, { email: 'bulk-good@example.test' });
    const bad = await createApplication(t.app, org.id, { email: 'taken@example.test' });
    const res = await staff('POST', '/vendor-applications/bulk', { ids: [good.row.id, bad.row.id], action: 'approve' });
    expect(res.status).toBe(200);
    expect(res.body.results[0]).toEqual({ id: good.row.id, ok: true, status: 'approved', error: null });
    expect(res.body.results[1]).toMatchObject({ id: bad.row.id, ok: false, status: 'submitted' });
    expect(res.body.results[1].error).toContain('another organization');
    expect(await userByEmail('bulk-good@example.test')).toBeTruthy();
    expect(await mailsTo('bulk-good@example.test', 'invite')).toHaveLength(1);
    expect(
      await db()
        .select()
        .from(vendors)
        .where(sql`lower(${vendors.email}) = 'taken@example.test'`),
    ).toHaveLength(0);
  });
});
