import { APPLICATION_EMAIL_PLACEHOLDERS } from '@market/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox } from '../../db/schema/index.js';
import { caller, type Call } from '../market-days/market-days.test-support.js';
import { bearer, createOrg, createUser, tokenFor } from '../../../test/factories.js';
import { createApplication } from '../../../test/factories/applications.js';
import { createTestApp, driver, type TestContext } from '../../../test/harness.js';
import { DEFAULT_TEMPLATES } from './applications.emails.js';
import { sendCurrentVersions } from '../../../test/lib/current-versions.js';

let t: TestContext;
let org: { id: string; name: string; slug: string };
let staff: Call;
let otherStaff: Call;
let marketing: Call;

beforeAll(async () => {
  t = await createTestApp();
  sendCurrentVersions(t.app);
  org = await createOrg(t.app, 'Harbour Market');
  staff = caller(t.app, bearer(await tokenFor(t.app, await createUser(t.app, { orgId: org.id, role: 'vendor_manager' }))));
  otherStaff = caller(
    t.app,
    bearer(await tokenFor(t.app, await createUser(t.app, { orgId: (await createOrg(t.app)).id, role: 'super_admin' }))),
  );
  marketing = caller(t.app, bearer(await tokenFor(t.app, await createUser(t.app, { orgId: org.id, role: 'marketing' }))));
});
afterAll(async () => t?.close());

const lastMessageMail = async (to: string) =>
  (
    await t.app.ctx.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.template, 'application.message')))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1)
  )[0]!;

describe(`applications: e-mail templates and settings (${driver})`, () => {
  it('lists every e-mail in both languages with the placeholders, built-in until changed', async () => {
    const res = await staff('GET', '/application-email-templates');
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(20);
    expect(res.body.placeholders).toEqual([...APPLICATION_EMAIL_PLACEHOLDERS]);
    expect(res.body.items.every((i: { customized: boolean; updatedAt: string | null }) => !i.customized && i.updatedAt === null)).toBe(
      true,
    );
    expect(res.body.items.find((i: { key: string; locale: string }) => i.key === 'rejected' && i.locale === 'ar')).toMatchObject(
      DEFAULT_TEMPLATES.rejected.ar,
    );
    expect((await marketing('GET', '/application-email-templates')).status).toBe(403);
  });

  it('refuses an unknown placeholder, naming subject or body', async () => {
    const bad = await staff('PUT', '/application-email-templates/message/en', { subject: 'Hi {nickname}', body: 'Hello' });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields).toEqual([{ field: 'subject', message: expect.stringContaining('{nickname} is not a placeholder') }]);
    const badBody = await staff('PUT', '/application-email-templates/message/en', { subject: 'Hi', body: 'Your code {code}' });
    expect(badBody.body.error.fields[0].field).toBe('body');
    expect((await staff('PUT', '/application-email-templates/nothing/en', { subject: 'Hi', body: 'x' })).status).toBe(422);
    expect((await staff('GET', '/application-email-templates')).body.items.some((i: { customized: boolean }) => i.customized)).toBe(false);
  });

  it('uses the saved wording in the next e-mail of that language, and the built-in one again after a reset', async () => {
    const saved = await staff('PUT', '/application-email-templates/message/en', {
      subject: 'A note from {organization}',
      body: 'Dear {name},\n\n{message}\n\nFollow it here: {statusLink}',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ key: 'message', locale: 'en', subject: 'A note from {organization}', customized: true });
    expect(saved.body.updatedAt).toBeTruthy();

    const en = await createApplication(t.app, org.id, { contactName: 'Nadia' });
    await staff('POST', `/vendor-applications/${en.row.id}/messages`, { message: 'Bring your own tent' });
    const mail = await lastMessageMail(en.row.email);
    expect(mail.subject).toBe('A note from Harbour Market');
    expect(mail.textBody).toBe(
      `Dear Nadia,\n\nBring your own tent\n\nFollow it here: http://localhost:3000/application-status?org=${org.slug}&lang=en#${en.token}`,
    );
    // The Arabic wording was not changed.
    const ar = await createApplication(t.app, org.id, { locale: 'ar' });
    await staff('POST', `/vendor-applications/${ar.row.id}/messages`, { message: 'أحضر خيمتك' });
    expect((await lastMessageMail(ar.row.email)).subject).toBe(DEFAULT_TEMPLATES.message.ar.subject);
    // Another organization still has the built-in wording.
    const other = (await otherStaff('GET', '/application-email-templates')).body.items.find(
      (i: { key: string; locale: string }) => i.key === 'message' && i.locale === 'en',
    );
    expect(other).toMatchObject({ customized: false, subject: DEFAULT_TEMPLATES.message.en.subject });

    const reset = await staff('DELETE', '/application-email-templates/message/en');
    expect(reset.body).toMatchObject({ customized: false, subject: DEFAULT_TEMPLATES.message.en.subject, updatedAt: null });
    await staff('POST', `/vendor-applications/${en.row.id}/messages`, { message: 'Second note' });
    expect((await lastMessageMail(en.row.email)).subject).toBe(DEFAULT_TEMPLATES.message.en.subject);
    const audits = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.orgId, org.id), eq(auditLog.entityId, 'message:en')));
    expect(audits.map((a) => a.action).sort()).toEqual(['application_template.reset', 'application_template.save']);
  });

  it('refuses wording based on a version someone else changed since: built-in (null) once saved, a saved one once reset', async () => {
    const url = '/application-email-templates/waitlisted/ar';
    const item = async () =>
      (await staff('GET', '/application-email-templates')).body.items.find(
        (i: { key: string; locale: string }) => i.key === 'waitlisted' && i.locale === 'ar',
      );
    // Two editors opened the built-in wording: the first save wins, the second is stale and changes nothing.
    const first = await staff('PUT', url, { subject: 'First', body: 'First', expectedUpdatedAt: null });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await staff('PUT', url, { subject: 'Second', body: 'Second', expectedUpdatedAt: null });
    expect(second.status).toBe(409);
    expect(second.body.error.fields).toEqual([{ field: 'expectedUpdatedAt', message: expect.any(String) }]);
    expect(await item()).toMatchObject({ subject: 'First', updatedAt: first.body.updatedAt });
    // Concurrent first saves of another e-mail: exactly one lands.
    const racing = await Promise.all(
      ['A', 'B'].map((w) => staff('PUT', '/application-email-templates/rejected/ar', { subject: w, body: w, expectedUpdatedAt: null })),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([200, 409]);
    // A version of wording that was reset since is stale too, and does not bring it back.
    expect((await staff('DELETE', url)).status).toBe(200);
    const revived = await staff('PUT', url, { subject: 'Third', body: 'Third', expectedUpdatedAt: first.body.updatedAt });
    expect(revived.status).toBe(409);
    expect(await item()).toMatchObject({ customized: false, updatedAt: null });
    const afresh = await staff('PUT', url, { subject: 'Third', body: 'Third', expectedUpdatedAt: null });
    expect(afresh.status).toBe(200);
    expect(afresh.body.updatedAt).not.toBe(first.body.updatedAt);
  });

  it('keeps review settings per organization, with defaults until changed', async () => {
    expect((await otherStaff('GET', '/application-settings')).body).toEqual({ blindReview: false, workshopsPerMarketDay: 2 });
    expect((await staff('PATCH', '/application-settings', { workshopsPerMarketDay: 51 })).status).toBe(422);
    expect((await staff('PATCH', '/application-settings', { workshopsPerMarketDay: 4 })).body).toEqual({
      blindReview: false,
      workshopsPerMarketDay: 4,
    });
    expect((await staff('PATCH', '/application-settings', { blindReview: true })).body).toEqual({
      blindReview: true,
      workshopsPerMarketDay: 4,
    });
    expect((await staff('GET', '/application-settings')).body).toEqual({ blindReview: true, workshopsPerMarketDay: 4 });
    expect((await otherStaff('GET', '/application-settings')).body).toEqual({ blindReview: false, workshopsPerMarketDay: 2 });
  });
});
