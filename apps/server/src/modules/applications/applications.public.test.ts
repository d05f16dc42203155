import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  vendorApplicationCategories,
  vendorApplicationDocuments,
  vendorApplicationEvents,
  vendorApplicationMarketDays,
  vendorApplications,
} from '../../db/schema/index.js';
import { createUser } from '../../../test/factories.js';
import { driver } from '../../../test/harness.js';
import { png } from '../storage/storage.test-support.js';
import { changeStatus } from './applications.records.js';
import {
  applicationsOf,
  call,
  formToken,
  ipSequence,
  marketForForms,
  outboxTo,
  startPublicForms,
  statusTokenIn,
  upload,
  vendorBody,
  type MarketForForms,
  type PublicEnv,
} from './applications.public.test-support.js';

let env: PublicEnv;
let m: MarketForForms;
const nextIp = ipSequence('10.1.0');

beforeAll(async () => {
  ({ env, m } = await startPublicForms());
});
afterAll(async () => env?.close());

async function freshToken(stream = 'market_vendor'): Promise<string> {
  const token = await formToken(env.app, m.org.slug, stream);
  env.advance();
  return token;
}
const fields = (res: { body: { error: { fields?: { field: string; message: string }[] } } }) => res.body.error.fields ?? [];

describe(`public application forms (${driver})`, () => {
  it('offers active categories and only published, coming days whose window is open', async () => {
    const res = await call(env.app, 'GET', `/public/application-forms/market_vendor?org=${m.org.slug}`);
    expect(res.status).toBe(200);
    expect(res.body.organization).toEqual({ name: m.org.name, slug: m.org.slug, currency: m.org.currency });
    expect(res.body).toMatchObject({ stream: 'market_vendor', minFillSeconds: 5, maxUploadBytes: 10 * 1024 * 1024 });
    expect(res.body.categories.map((c: { nameEn: string }) => c.nameEn)).toEqual(['Crafts', 'Food']);
    expect(res.body.categories.find((c: { nameEn: string }) => c.nameEn === 'Food').requiredDocumentTypes).toEqual(['food_hygiene']);
    expect(res.body.marketDays.map((d: { id: string }) => d.id)).toEqual([m.days.open.id, m.days.openLater.id]);
    expect(res.body.marketDays[0]).toMatchObject({
      date: m.days.open.date,
      openTime: '09:00',
      closeTime: '14:00',
      locationName: 'Harbour Square',
      applicationClosesAt: null,
    });
    expect(res.body.marketDays[1].applicationClosesAt).toBe(m.days.openLater.applicationClosesAt!.toISOString());
    expect(typeof res.body.formToken).toBe('string');

    const workshop = await call(env.app, 'GET', `/public/application-forms/workshop?org=${m.org.slug}`);
    expect(workshop.body.stream).toBe('workshop');
    expect(workshop.body.categories).toHaveLength(2);
  });

  it('answers 404 for an unknown organization, the oldest one without a slug, and 422 for an unknown stream', async () => {
    const unknown = await call(env.app, 'GET', '/public/application-forms/market_vendor?org=no-such-market');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('No organization with the address no-such-market');
    // marketForForms created the first organization of this database.
    expect((await call(env.app, 'GET', '/public/application-forms/junior_vendor')).body.organization.slug).toBe(m.org.slug);
    const bad = await call(env.app, 'GET', `/public/application-forms/painter?org=${m.org.slug}`);
    expect(bad.status).toBe(422);
    expect(fields(bad).map((f) => f.field)).toEqual(['params.stream']);
  });

  it('stores one application with categories, days, documents, history, audit and a confirmation e-mail whose link works', async () => {
    const ip = nextIp();
    const file = await upload(env.app, m.org.slug, await png(), 'hygiene.png', 'image/png', ip);
    expect(file.status).toBe(201);
    const body = vendorBody(m, await freshToken(), {
      categoryIds: [m.food.id, m.crafts.id],
      marketDayIds: [m.days.open.id, m.days.openLater.id],
      email: 'Maya.Haddad@Example.TEST',
      documents: [{ uploadId: file.body.uploadId, docType: 'food_hygiene', expiresOn: '2099-12-31' }],
    });
    const res = await call(env.app, 'POST', '/public/applications', body, ip);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ received: true });

    const apps = (await applicationsOf(env.app, m.org.id)).filter((a) => a.email === 'maya.haddad@example.test');
    expect(apps).toHaveLength(1);
    const a = apps[0]!;
    expect(a).toMatchObject({
      stream: 'market_vendor',
      status: 'submitted',
      applicantName: 'Olive Grove',
      contactName: 'Maya Haddad',
      phone: '+971 50 123 4567',
      stallSize: '3x3',
      power: 'none',
      locale: 'en',
    });
    expect(a.answers).not.toHaveProperty('documents');
    expect(a.answers).toMatchObject({ productsDescription: 'Olive oil and soap' });
    const cats = await env.app.ctx.db.select().from(vendorApplicationCategories).where(eq(vendorApplicationCategories.applicationId, a.id));
    expect(cats.map((c) => c.categoryId).sort()).toEqual([m.food.id, m.crafts.id].sort());
    const days = await env.app.ctx.db.select().from(vendorApplicationMarketDays).where(eq(vendorApplicationMarketDays.applicationId, a.id));
    expect(days).toHaveLength(2);
    const docs = await env.app.ctx.db.select().from(vendorApplicationDocuments).where(eq(vendorApplicationDocuments.applicationId, a.id));
    expect(docs).toEqual([
      expect.objectContaining({
        docType: 'food_hygiene',
        fileName: 'hygiene.png',
        mimeType: 'image/png',
        expiresOn: '2099-12-31',
        status: 'pending',
      }),
    ]);
    expect(docs[0]!.objectPath).toBe(`applications/uploads/${file.body.uploadId}/hygiene.png`);
    const events = await env.app.ctx.db.select().from(vendorApplicationEvents).where(eq(vendorApplicationEvents.applicationId, a.id));
    expect(events).toEqual([
      expect.objectContaining({ kind: 'submitted', toStatus: 'submitted', actorType: 'applicant', visibleToApplicant: true }),
    ]);
    const audits = await env.app.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, a.id));
    expect(audits.map((x) => [x.action, x.ip])).toEqual([['application.submitted', ip]]);

    const mail = await outboxTo(env.app, 'maya.haddad@example.test');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.template).toBe('application.received');
    expect(mail[0]!.textBody).toMatch(/http:\/\/localhost:3000\/application-status\?org=[\w-]+&lang=en#/);
    const token = statusTokenIn(mail[0]!.textBody);
    expect(a.statusTokenHash).not.toContain(token);
    const status = await call(env.app, 'POST', '/public/application-status', { token });
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({
      status: 'submitted',
      applicantName: 'Olive Grove',
      organizationName: m.org.name,
      canWithdraw: true,
      canRespond: false,
    });
    expect(status.body.documents).toEqual([
      expect.objectContaining({ fileName: 'hygiene.png', docType: 'food_hygiene', status: 'pending' }),
    ]);
  });

  it('stores a workshop application without categories, named after its host', async () => {
    const ip = nextIp();
    const body = {
      stream: 'workshop',
      org: m.org.slug,
      formToken: await freshToken('workshop'),
      locale: 'ar',
      answers: {
        hostName: 'ورشة الفخار',
        email: 'potter@example.test',
        phone: '+971 50 765 4321',
        titleEn: 'Pottery for kids',
        titleAr: 'الفخار للأطفال',
        descriptionEn: 'Hands in clay',
        descriptionAr: 'أيدٍ في الطين',
        durationMinutes: 60,
        capacity: 12,
        ageMin: 6,
        ageMax: 12,
        materialsFeeMinor: 1500,
        marketDayIds: [m.days.openLater.id],
        consentTerms: true,
      },
    };
    expect((await call(env.app, 'POST', '/public/applications', body, ip)).status).toBe(202);
    const [a] = (await applicationsOf(env.app, m.org.id)).filter((x) => x.email === 'potter@example.test');
    expect(a).toMatchObject({
      stream: 'workshop',
      applicantName: 'ورشة الفخار',
      contactName: null,
      stallSize: null,
      power: null,
      locale: 'ar',
    });
    const [mail] = await outboxTo(env.app, 'potter@example.test');
    expect(mail!.subject).toContain('ورشة عمل');
    expect(mail!.htmlBody).toContain('dir="rtl"');
  });

  it('refuses business rule breaches with 422 naming each field, and stores nothing', async () => {
    const before = (await applicationsOf(env.app, m.org.id)).length;
    const unknownId = '00000000-0000-4000-8000-000000000000';
    const cases: [string, Record<string, unknown>, string, RegExp][] = [
      ['inactive category', { categoryIds: [m.crafts.id, m.retired.id] }, 'answers.categoryIds.1', /not a category/],
      ['unknown category', { categoryIds: [unknownId] }, 'answers.categoryIds.0', /not a category/],
      ['draft day', { marketDayIds: [m.days.open.id, m.days.draft.id] }, 'answers.marketDayIds.1', /not a market day open/],
      ['past day', { marketDayIds: [m.days.past.id] }, 'answers.marketDayIds.0', /not a market day open/],
      ['closed window', { marketDayIds: [m.days.closed.id] }, 'answers.marketDayIds.0', /not a market day open/],
      ['window not open yet', { marketDayIds: [m.days.notYetOpen.id] }, 'answers.marketDayIds.0', /not a market day open/],
      ['cancelled day', { marketDayIds: [m.days.cancelled.id] }, 'answers.marketDayIds.0', /not a market day open/],
      ['required document missing', { categoryIds: [m.food.id] }, 'answers.documents', /^Food needs a food_hygiene document$/],
      ['unknown upload', { documents: [{ uploadId: unknownId, docType: 'other' }] }, 'answers.documents.0.uploadId', /no uploaded file/],
    ];
    // One at a time, each from a fresh address, so the flood limit does not answer first.
    for (const [label, answers, field, message] of cases) {
      const res = await call(env.app, 'POST', '/public/applications', vendorBody(m, await freshToken(), answers), nextIp());
      expect(res.status, label).toBe(422);
      const f = fields(res).find((x) => x.field === field);
      expect(f?.message, `${label}: ${JSON.stringify(res.body)}`).toMatch(message);
    }
    expect((await applicationsOf(env.app, m.org.id)).length).toBe(before);
  });

  it('checks the junior age on the day (8 to 17) and the guardian fields', async () => {
    const dob = (years: number, days = 0) => {
      const now = new Date(env.clock.now);
      return new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate() + days)).toISOString().slice(0, 10);
    };
    const junior = async (dateOfBirth: string, ip: string) =>
      call(
        env.app,
        'POST',
        '/public/applications',
        {
          ...vendorBody(m, await freshToken('junior_vendor'), {
            dateOfBirth,
            guardianName: 'Huda Ahmed',
            guardianPhone: '+971 50 111 2222',
            guardianEmail: 'huda@example.test',
            guardianConsent: true,
          }),
          stream: 'junior_vendor',
        },
        ip,
      );
    for (const [dateOfBirth, ok] of [
      [dob(7), false],
      [dob(8), true],
      [dob(17), true],
      [dob(18, -1), false],
      [dob(18), false],
      [dob(8, 1), false],
      [dob(-1), false],
    ] as const) {
      const res = await junior(dateOfBirth, nextIp());
      expect(res.status, `${dateOfBirth}: ${JSON.stringify(res.body)}`).toBe(ok ? 202 : 422);
      if (!ok) expect(fields(res).map((f) => f.field)).toEqual(['answers.dateOfBirth']);
    }
  });

  it('refuses a forged or foreign form token (400) and an old one (422), naming formToken', async () => {
    const token = await freshToken();
    const forged = `${token.slice(0, -3)}${token.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    const res = await call(env.app, 'POST', '/public/applications', vendorBody(m, forged), nextIp());
    expect(res.status).toBe(400);
    expect(fields(res)).toEqual([{ field: 'formToken', message: 'The form is not valid; reload the page' }]);
    const workshopToken = await freshToken('workshop');
    expect((await call(env.app, 'POST', '/public/applications', vendorBody(m, workshopToken), nextIp())).status).toBe(400);
    const other = await marketForForms(env.app);
    const foreign = await formToken(env.app, other.org.slug);
    env.advance();
    expect((await call(env.app, 'POST', '/public/applications', vendorBody(m, foreign), nextIp())).status).toBe(400);

    const old = await formToken(env.app, m.org.slug);
    env.advance(7 * 24 * 3600_000 + 1000);
    const late = await call(env.app, 'POST', '/public/applications', vendorBody(m, old), nextIp());
    expect(late.status).toBe(422);
    expect(fields(late)).toEqual([
      { field: 'formToken', message: 'The form is more than 7 days old; reload the page, your answers are kept' },
    ]);
  });

  it('keeps the first application when the same address sends again within 24 hours (any open status), lets the applicant edit it from the status link, and starts anew after 24 hours', async () => {
    const email = 'repeat@example.test';
    const first = await call(env.app, 'POST', '/public/applications', vendorBody(m, await freshToken(), { email }), nextIp());
    expect(first.status).toBe(202);
    const [original] = (await applicationsOf(env.app, m.org.id)).filter((a) => a.email === email);
    env.advance(23 * 3600_000);
    const again = vendorBody(
      m,
      await freshToken(),
      { email: 'REPEAT@example.test', businessName: 'Olive Grove & Sons', marketDayIds: [m.days.openLater.id], stallSize: '6x6' },
      { locale: 'ar' },
    );
    const second = await call(env.app, 'POST', '/public/applications', again, nextIp());
    expect(second.status).toBe(202);
    expect(second.body).toEqual(first.body);
    const rows = (await applicationsOf(env.app, m.org.id)).filter((a) => a.email === email);
    expect(rows).toEqual([original]);
    const kinds = (
      await env.app.ctx.db.select().from(vendorApplicationEvents).where(eq(vendorApplicationEvents.applicationId, rows[0]!.id))
    ).map((e) => e.kind);
    expect(kinds).toEqual(['submitted']);
    const mails = await outboxTo(env.app, email);
    expect(mails.map((x) => x.template).sort()).toEqual(['application.duplicate', 'application.received']);
    expect(statusTokenIn(mails[0]!.textBody)).toBe(statusTokenIn(mails[1]!.textBody));
    // The reminder is in the first application's language, not the second sender's.
    expect(mails.find((x) => x.template === 'application.duplicate')!.subject).toBe('Your market vendor application to ' + m.org.name);

    // The applicant changes the answers from the link; the row, its choices, history and an e-mail follow.
    const link = statusTokenIn(mails[0]!.textBody);
    const edit = await call(
      env.app,
      'POST',
      '/public/application-status/answers',
      { token: link, stream: 'market_vendor', locale: 'ar', answers: again.answers },
      nextIp(),
    );
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ applicantName: 'Olive Grove & Sons', locale: 'ar', canEdit: true });
    expect(edit.body.answers).toMatchObject({ businessName: 'Olive Grove & Sons', stallSize: '6x6' });
    const [edited] = (await applicationsOf(env.app, m.org.id)).filter((a) => a.email === email);
    expect(edited).toMatchObject({ applicantName: 'Olive Grove & Sons', stallSize: '6x6', locale: 'ar', status: 'submitted', email });
    const days = await env.app.ctx.db
      .select()
      .from(vendorApplicationMarketDays)
      .where(eq(vendorApplicationMarketDays.applicationId, edited!.id));
    expect(days.map((d) => d.marketDayId)).toEqual([m.days.openLater.id]);
    expect((await outboxTo(env.app, email)).map((x) => x.template)).toContain('application.updated');

    // Staff start reviewing: the answers are theirs to read now, and a second submission still changes nothing.
    const staff = await createUser(env.app, { orgId: m.org.id, role: 'vendor_manager' });
    await env.app.ctx.db.transaction(async (tx) =>
      changeStatus(env.app.ctx, tx, edited!, { type: 'staff', userId: staff.id, ip: null }, { to: 'under_review' }),
    );
    const blocked = await call(env.app, 'POST', '/public/applications', vendorBody(m, await freshToken(), { email }), nextIp());
    expect(blocked.status).toBe(202);
    expect((await applicationsOf(env.app, m.org.id)).filter((a) => a.email === email)).toHaveLength(1);

    // A day after the first submission it is a new application.
    env.advance(2 * 3600_000);
    expect((await call(env.app, 'POST', '/public/applications', vendorBody(m, await freshToken(), { email }), nextIp())).status).toBe(202);
    const after = (await applicationsOf(env.app, m.org.id)).filter((a) => a.email === email);
    expect(after.map((a) => a.status).sort()).toEqual(['submitted', 'under_review']);
    // Another stream from the same address is its own application.
    expect(
      await env.app.ctx.db
        .select()
        .from(vendorApplications)
        .where(and(eq(vendorApplications.email, email), eq(vendorApplications.stream, 'workshop'))),
    ).toEqual([]);
  });

  it('keeps hostile text verbatim in JSON and escapes it in the e-mail HTML', async () => {
    const script = '<script>alert(1)</script>';
    const img = '<img src=x onerror=alert(2)>';
    const email = 'xss@example.test';
    const body = vendorBody(m, await freshToken(), {
      email,
      businessName: `Shop ${script}`,
      contactName: `Eve ${img}`,
      productsDescription: `${script}${img}`,
    });
    expect((await call(env.app, 'POST', '/public/applications', body, nextIp())).status).toBe(202);
    const [mail] = await outboxTo(env.app, email);
    // The receipt carries nothing the submitter wrote; the first e-mail after staff act names them, escaped.
    expect(mail!.textBody).not.toContain('Eve');
    const [row0] = (await applicationsOf(env.app, m.org.id)).filter((a) => a.email === email);
    const staff = await createUser(env.app, { orgId: m.org.id, role: 'vendor_manager' });
    await env.app.ctx.db.transaction(async (tx) =>
      changeStatus(env.app.ctx, tx, row0!, { type: 'staff', userId: staff.id, ip: null }, { to: 'under_review' }),
    );
    const review = (await outboxTo(env.app, email)).find((x) => x.template === 'application.under_review')!;
    expect(review.textBody).toContain(`Eve ${img}`);
    expect(review.htmlBody).not.toContain('<img');
    expect(review.htmlBody).not.toContain('<script');
    expect(review.htmlBody).toContain('Eve &lt;img src=x onerror=alert(2)&gt;');
    const view = await call(env.app, 'POST', '/public/application-status', { token: statusTokenIn(mail!.textBody) });
    expect(view.body.applicantName).toBe(`Shop ${script}`);
    const [row] = (await applicationsOf(env.app, m.org.id)).filter((a) => a.email === email);
    expect(row!.answers.productsDescription).toBe(`${script}${img}`);
  });
});
