import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vendorApplicationEvents, vendorApplications } from '../../db/schema/index.js';
import { bearer, createUser, tokenFor } from '../../../test/factories.js';
import { driver } from '../../../test/harness.js';
import { changeStatus } from './applications.records.js';
import {
  applicationsOf,
  call,
  formToken,
  ipSequence,
  outboxTo,
  startPublicForms,
  statusTokenIn,
  vendorBody,
  type MarketForForms,
  type PublicEnv,
  type Res,
} from './applications.public.test-support.js';
import { sendCurrentVersions } from '../../../test/lib/current-versions.js';

/**
 * Issue 12, items 5 and 6: what a stranger can do with the public application endpoints knowing
 * only someone's e-mail address. They cannot change that person's application, cannot learn
 * anything about it from the answer, cannot push oversize or malformed input in, and cannot use the
 * organization's receipt e-mail to carry their own text or links to any address.
 */
let env: PublicEnv;
let m: MarketForForms;
const nextIp = ipSequence('10.12.0');
const cases: Record<string, number> = { resubmission: 0, enumeration: 0, malformed: 0, phishing: 0 };

beforeAll(async () => {
  ({ env, m } = await startPublicForms());
  sendCurrentVersions(env.app);
});
afterAll(async () => {
  console.log(
    `public application abuse cases: resubmission ${cases.resubmission}, enumeration ${cases.enumeration}, oversize/malformed ${cases.malformed}, phishing ${cases.phishing}`,
  );
  await env?.close();
});

async function freshToken(stream = 'market_vendor'): Promise<string> {
  const token = await formToken(env.app, m.org.slug, stream);
  env.advance();
  return token;
}
const submit = async (body: unknown, ip = nextIp()) => call(env.app, 'POST', '/public/applications', body, ip);
const rowOf = async (email: string) => (await applicationsOf(env.app, m.org.id)).filter((a) => a.email === email);
const eventsOf = async (id: string) =>
  env.app.ctx.db.select().from(vendorApplicationEvents).where(eq(vendorApplicationEvents.applicationId, id));
/** What a client can compare between two answers: status, body and the headers that are not per request. */
const shape = (r: Res) => ({ status: r.status, body: r.body, type: r.headers['content-type'], length: r.headers['content-length'] });

async function staffMove(row: typeof vendorApplications.$inferSelect, to: 'under_review' | 'info_requested' | 'waitlisted') {
  const staff = await createUser(env.app, { orgId: m.org.id, role: 'vendor_manager' });
  let current = row;
  const path = to === 'under_review' ? ['under_review'] : ['under_review', to];
  for (const step of path) {
    current = await env.app.ctx.db.transaction((tx) =>
      changeStatus(
        env.app.ctx,
        tx,
        current,
        { type: 'staff', userId: staff.id, ip: null },
        { to: step as 'under_review', message: step === 'info_requested' ? 'Send your permit' : null },
      ),
    );
  }
  return current;
}

describe(`public applications: resubmission by a stranger (${driver})`, () => {
  for (const status of ['submitted', 'under_review', 'info_requested', 'waitlisted'] as const) {
    it(`a second submission for an application that is ${status} changes nothing and is answered like a fresh one`, async () => {
      const email = `victim-${status}@example.test`;
      expect((await submit(vendorBody(m, await freshToken(), { email }))).status).toBe(202);
      const [first] = await rowOf(email);
      if (status !== 'submitted') await staffMove(first!, status);
      const before = (await rowOf(email))[0]!;
      const eventsBefore = (await eventsOf(before.id)).length;
      env.advance(60_000);

      const stranger = vendorBody(
        m,
        await freshToken(),
        {
          email: email.toUpperCase(),
          businessName: 'Hijacked Ltd',
          contactName: 'Mallory',
          stallSize: '6x6',
          marketDayIds: [m.days.openLater.id],
        },
        { locale: 'ar' },
      );
      const res = await submit(stranger);
      expect(shape(res)).toEqual({ status: 202, body: { received: true }, type: expect.any(String), length: expect.anything() });
      const after = await rowOf(email);
      expect(after).toHaveLength(1);
      expect(after[0]).toEqual(before);
      expect((await eventsOf(before.id)).length).toBe(eventsBefore);
      // The mailbox owner is told, with the link they already had, and nothing of the stranger's text.
      const mails = await outboxTo(env.app, email);
      const duplicate = mails.filter((x) => x.template === 'application.duplicate');
      expect(duplicate).toHaveLength(1);
      const received = mails.find((x) => x.template === 'application.received')!;
      expect(statusTokenIn(duplicate[0]!.textBody)).toBe(statusTokenIn(received.textBody));
      expect(duplicate[0]!.textBody).not.toContain('Mallory');
      expect(duplicate[0]!.textBody).not.toContain('Hijacked');
      cases.resubmission! += 1;
    });
  }

  it('a flood of resubmissions from many addresses sends the mailbox owner only a few reminders', async () => {
    const email = 'flooded@example.test';
    expect((await submit(vendorBody(m, await freshToken(), { email }))).status).toBe(202);
    const token = await freshToken();
    for (let i = 0; i < 12; i++) expect((await submit(vendorBody(m, token, { email, contactName: `Spam ${i}` }))).status).toBe(202);
    const reminders = (await outboxTo(env.app, email)).filter((x) => x.template === 'application.duplicate');
    expect(reminders.length).toBeGreaterThan(0);
    expect(reminders.length).toBeLessThanOrEqual(3);
    expect(await rowOf(email)).toHaveLength(1);
    cases.resubmission! += 1;
  });

  it('the applicant changes their answers only through the private status link, and only while submitted', async () => {
    const email = 'owner@example.test';
    expect((await submit(vendorBody(m, await freshToken(), { email }))).status).toBe(202);
    const link = statusTokenIn((await outboxTo(env.app, email))[0]!.textBody);
    const answers = { ...vendorBody(m, '', { email, businessName: 'Olive Grove & Sons', stallSize: '6x6' }).answers };
    const wrongLink = await call(
      env.app,
      'POST',
      '/public/application-status/answers',
      { token: 'x'.repeat(43), stream: 'market_vendor', locale: 'en', answers },
      nextIp(),
    );
    expect(wrongLink.status).toBe(404);
    const edited = await call(
      env.app,
      'POST',
      '/public/application-status/answers',
      { token: link, stream: 'market_vendor', locale: 'en', answers },
      nextIp(),
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ applicantName: 'Olive Grove & Sons', status: 'submitted', canEdit: true });
    expect((await rowOf(email))[0]).toMatchObject({ applicantName: 'Olive Grove & Sons', stallSize: '6x6' });
    // The address is the application's: it cannot be moved to another mailbox through the link.
    const moved = await call(
      env.app,
      'POST',
      '/public/application-status/answers',
      { token: link, stream: 'market_vendor', locale: 'en', answers: { ...answers, email: 'thief@example.test' } },
      nextIp(),
    );
    expect(moved.status).toBe(422);
    expect(moved.body.error.fields.map((f: { field: string }) => f.field)).toEqual(['answers.email']);
    const otherStream = await call(
      env.app,
      'POST',
      '/public/application-status/answers',
      { token: link, stream: 'workshop', locale: 'en', answers: { ...answers } },
      nextIp(),
    );
    expect(otherStream.status).toBe(422);
    await staffMove((await rowOf(email))[0]!, 'under_review');
    const late = await call(
      env.app,
      'POST',
      '/public/application-status/answers',
      { token: link, stream: 'market_vendor', locale: 'en', answers: { ...answers, businessName: 'Too late' } },
      nextIp(),
    );
    expect(late.status).toBe(409);
    expect((await rowOf(email))[0]!.applicantName).toBe('Olive Grove & Sons');
    cases.resubmission! += 5;
  });
});

describe(`public applications: enumeration by the answer (${driver})`, () => {
  it('answers a fresh address, a submitted one, one under review and a decided one identically', async () => {
    const known = 'known@example.test';
    const reviewed = 'reviewed@example.test';
    expect((await submit(vendorBody(m, await freshToken(), { email: known }))).status).toBe(202);
    expect((await submit(vendorBody(m, await freshToken(), { email: reviewed }))).status).toBe(202);
    await staffMove((await rowOf(reviewed))[0]!, 'info_requested');
    const token = await freshToken();
    const answers = [
      await submit(vendorBody(m, token, { email: 'nobody-yet@example.test' })),
      await submit(vendorBody(m, token, { email: known })),
      await submit(vendorBody(m, token, { email: reviewed })),
      await submit(vendorBody(m, token, { email: known.toUpperCase() })),
    ];
    for (const a of answers) {
      expect(shape(a)).toEqual(shape(answers[0]!));
      cases.enumeration! += 1;
    }
    // A malformed submission for a known address is refused exactly as for an unknown one.
    const bad = (email: string) => submit(vendorBody(m, token, { email, categoryIds: [m.retired.id] }));
    const [badKnown, badUnknown] = [await bad(known), await bad('unknown@example.test')];
    expect(badKnown.status).toBe(422);
    expect(badKnown.body).toEqual(badUnknown.body);
    cases.enumeration! += 1;
  });
});

describe(`public applications: oversize and malformed input (${driver})`, () => {
  const cases422: [string, (b: ReturnType<typeof vendorBody>) => unknown, string][] = [
    [
      'business name over 200 characters',
      (b) => ({ ...b, answers: { ...b.answers, businessName: 'x'.repeat(201) } }),
      'answers.businessName',
    ],
    [
      'description over 4000 characters',
      (b) => ({ ...b, answers: { ...b.answers, productsDescription: 'x'.repeat(4001) } }),
      'answers.productsDescription',
    ],
    [
      'address over 320 characters',
      (b) => ({ ...b, answers: { ...b.answers, email: `${'a'.repeat(320)}@example.test` } }),
      'answers.email',
    ],
    [
      'not an e-mail address',
      (b) => ({ ...b, answers: { ...b.answers, email: 'victim@example.test, other@example.test' } }),
      'answers.email',
    ],
    [
      'header injection in the address',
      (b) => ({ ...b, answers: { ...b.answers, email: 'victim@example.test\r\nBcc: all@example.test' } }),
      'answers.email',
    ],
    [
      '21 categories',
      (b) => ({ ...b, answers: { ...b.answers, categoryIds: Array.from({ length: 21 }, () => m.crafts.id) } }),
      'answers.categoryIds',
    ],
    [
      '11 documents',
      (b) => ({
        ...b,
        answers: { ...b.answers, documents: Array.from({ length: 11 }, () => ({ uploadId: m.crafts.id, docType: 'other' })) },
      }),
      'answers.documents',
    ],
    ['a category that is not an id', (b) => ({ ...b, answers: { ...b.answers, categoryIds: ["' or 1=1 --"] } }), 'answers.categoryIds.0'],
    ['a name of the wrong type', (b) => ({ ...b, answers: { ...b.answers, businessName: { $gt: '' } } }), 'answers.businessName'],
    ['an unknown answer', (b) => ({ ...b, answers: { ...b.answers, isAdmin: true } }), 'answers.isAdmin'],
    ['an unknown field', (b) => ({ ...b, status: 'approved' }), ''],
    ['an unknown stream', (b) => ({ ...b, stream: 'staff' }), 'stream'],
    ['an array body', () => [], ''],
  ];
  for (const [what, build, field] of cases422) {
    it(`refuses ${what} with 422 and stores nothing`, async () => {
      const before = (await applicationsOf(env.app, m.org.id)).length;
      const res = await submit(build(vendorBody(m, await freshToken())));
      expect(res.status).toBe(422);
      if (field) expect(res.body.error.fields.map((f: { field: string }) => f.field)).toContain(field);
      expect((await applicationsOf(env.app, m.org.id)).length).toBe(before);
      cases.malformed! += 1;
    });
  }

  it('refuses malformed JSON with 400 and a body over 1 MB with 413', async () => {
    const bad = await env.app.inject({
      method: 'POST',
      url: '/api/v1/public/applications',
      remoteAddress: nextIp(),
      headers: { 'content-type': 'application/json' },
      payload: '{"stream": "market_vendor", ',
    });
    expect(bad.statusCode).toBe(400);
    const big = vendorBody(m, await freshToken(), { productsDescription: 'x'.repeat(1_100_000) });
    const huge = await env.app.inject({ method: 'POST', url: '/api/v1/public/applications', remoteAddress: nextIp(), payload: big });
    expect(huge.statusCode).toBe(413);
    cases.malformed! += 2;
  });
});

describe(`public applications: phishing text in the receipt (${driver})`, () => {
  const bait = 'URGENT verify your account at http://evil.example/login or www.evil.example or pay@evil.example';
  const looksLinked = (s: string) => /https?:\/\/(?!localhost:3000\/application-status[?#])|www\.evil|evil\.example|pay@evil/i.test(s);
  const vendorFields = ['businessName', 'legalName', 'contactName', 'address', 'instagram', 'productsDescription'] as const;

  for (const field of vendorFields) {
    it(`the receipt carries nothing of ${field}`, async () => {
      const email = `phish-${field.toLowerCase()}@example.test`;
      expect((await submit(vendorBody(m, await freshToken(), { email, [field]: bait }))).status).toBe(202);
      const [mail] = await outboxTo(env.app, email);
      for (const part of [mail!.subject, mail!.textBody, mail!.htmlBody!]) {
        expect(part).not.toContain('URGENT');
        expect(looksLinked(part)).toBe(false);
      }
      // One link only: the applicant's own status page.
      expect(mail!.htmlBody!.match(/<a /g)).toHaveLength(1);
      cases.phishing! += 1;
    });
  }

  it('the website answer does not reach the receipt either', async () => {
    const email = 'phish-website@example.test';
    expect((await submit(vendorBody(m, await freshToken(), { email, website: 'http://evil.example/login' }))).status).toBe(202);
    const [mail] = await outboxTo(env.app, email);
    expect(looksLinked(mail!.textBody + mail!.htmlBody!)).toBe(false);
    cases.phishing! += 1;
  });

  for (const field of ['hostName', 'contactName', 'titleEn', 'descriptionEn'] as const) {
    it(`the workshop receipt carries nothing of ${field}`, async () => {
      const email = `phish-ws-${field.toLowerCase()}@example.test`;
      const body = {
        stream: 'workshop',
        org: m.org.slug,
        formToken: await freshToken('workshop'),
        locale: 'en',
        answers: {
          hostName: 'Clay Studio',
          contactName: 'Rami',
          email,
          phone: '+971 50 123 4567',
          titleEn: 'Pottery',
          titleAr: 'فخار',
          descriptionEn: 'Hands-on pottery',
          descriptionAr: 'فخار',
          durationMinutes: 60,
          capacity: 10,
          ageMin: 8,
          ageMax: 99,
          materialsFeeMinor: 0,
          marketDayIds: [m.days.open.id],
          consentTerms: true,
          [field]: bait,
        },
      };
      expect((await submit(body)).status).toBe(202);
      const [mail] = await outboxTo(env.app, email);
      expect(mail!.textBody).not.toContain('URGENT');
      expect(looksLinked(mail!.subject + mail!.textBody + mail!.htmlBody!)).toBe(false);
      cases.phishing! += 1;
    });
  }

  it('later e-mails name the applicant escaped and defanged, never as a link, also in an organization’s own wording', async () => {
    const email = 'phish-later@example.test';
    const name = 'Eve <b>http://evil.example/x</b> pay@evil.example';
    expect((await submit(vendorBody(m, await freshToken(), { email, contactName: name }))).status).toBe(202);
    const admin = bearer(await tokenFor(env.app, await createUser(env.app, { orgId: m.org.id, role: 'super_admin' })));
    const put = await env.app.inject({
      method: 'PUT',
      url: '/api/v1/application-email-templates/under_review/en',
      headers: admin,
      payload: { subject: 'Hi {name}', body: 'Dear {name},\n\nSee our rules at https://market.example/rules.\n\n{statusLink}' },
    });
    expect(put.statusCode).toBe(200);
    await staffMove((await rowOf(email))[0]!, 'under_review');
    const mail = (await outboxTo(env.app, email)).find((x) => x.template === 'application.under_review')!;
    for (const part of [mail.subject, mail.textBody, mail.htmlBody!]) {
      expect(part).not.toMatch(/evil\.example|pay@evil|http:\/\/evil/);
      expect(part).toContain('evil[.]example');
      cases.phishing! += 1;
    }
    expect(mail.htmlBody).not.toContain('<b>');
    // The organization's own words keep their link; the applicant's text has none.
    expect(mail.htmlBody!.match(/<a /g)).toHaveLength(2);
    expect(mail.htmlBody).toContain('<a href="https://market.example/rules">');
  });

  it('an organization cannot put the submitter’s name into the receipt or the reminder', async () => {
    const admin = bearer(await tokenFor(env.app, await createUser(env.app, { orgId: m.org.id, role: 'super_admin' })));
    for (const key of ['received', 'duplicate']) {
      const res = await env.app.inject({
        method: 'PUT',
        url: `/api/v1/application-email-templates/${key}/en`,
        headers: admin,
        payload: { subject: 'Thanks', body: 'Hello {name}\n\n{statusLink}' },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().error.fields[0].field).toBe('body');
      cases.phishing! += 1;
    }
  });
});
