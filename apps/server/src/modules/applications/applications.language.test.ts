import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, tokenFor } from '../../../test/factories.js';
import { driver } from '../../../test/harness.js';
import { linkParts } from '../auth/auth.test-support.js';
import { caller, type Call } from '../market-days/market-days.test-support.js';
import {
  applicationsOf,
  call,
  formToken,
  ipSequence,
  outboxTo,
  startPublicForms,
  vendorBody,
  type MarketForForms,
  type PublicEnv,
} from './applications.public.test-support.js';

/**
 * Issue 14, item 8: every e-mail an applicant gets is in the language they applied in, RTL for Arabic,
 * and every link in it opens its page in that language: the receipt, a status change, the invitation
 * that approval sends. An English applicant's mails stay English.
 */
let env: PublicEnv;
let m: MarketForForms;
let staff: Call;
const nextIp = ipSequence('10.14.8');

beforeAll(async () => {
  ({ env, m } = await startPublicForms());
  staff = caller(env.app, bearer(await tokenFor(env.app, await createUser(env.app, { orgId: m.org.id, role: 'vendor_manager' }))));
});
afterAll(async () => env?.close());

async function apply(locale: 'en' | 'ar', email: string): Promise<string> {
  const token = await formToken(env.app, m.org.slug);
  env.advance();
  const res = await call(env.app, 'POST', '/public/applications', vendorBody(m, token, { email }, { locale }), nextIp());
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  const row = (await applicationsOf(env.app, m.org.id)).find((a) => a.email === email);
  expect(row?.locale).toBe(locale);
  return row!.id;
}

const mailOf = async (email: string, template: string) => {
  const mail = (await outboxTo(env.app, email)).find((x) => x.template === template);
  expect(mail, `${template} to ${email}`).toBeTruthy();
  return mail!;
};

/** Every http(s) link of a plain-text body (a full stop after a link ends the sentence, as mail clients read it). */
const linksIn = (text: string) => (text.match(/https?:\/\/\S+/g) ?? []).map((l) => l.replace(/[.,;:!?)]+$/, ''));

describe(`applications: e-mails and links in the applicant's language (${driver})`, () => {
  it('an Arabic applicant gets Arabic, right-to-left mails whose links carry lang=ar, the invitation included', async () => {
    const email = 'arabic-applicant@example.test';
    const id = await apply('ar', email);

    const received = await mailOf(email, 'application.received');
    expect(received.subject).toContain('استلمنا طلبك');
    expect(received.htmlBody).toMatch(/<html lang="ar" dir="rtl">/);
    const links = linksIn(received.textBody);
    expect(links.length).toBeGreaterThan(0);
    for (const l of links) expect(new URL(l).searchParams.get('lang'), l).toBe('ar');
    const status = new URL(links.find((l) => l.includes('/application-status'))!);
    expect(status.searchParams.get('org')).toBe(m.org.slug);

    expect((await staff('POST', `/vendor-applications/${id}/start-review`, {})).status).toBeLessThan(300);
    const review = await mailOf(email, 'application.under_review');
    expect(review.subject).toBe('طلبك قيد المراجعة');
    expect(review.htmlBody).toMatch(/<html lang="ar" dir="rtl">/);
    for (const l of linksIn(review.textBody)) expect(new URL(l).searchParams.get('lang'), l).toBe('ar');

    const approved = await staff('POST', `/vendor-applications/${id}/approve`, {});
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const approval = await mailOf(email, 'application.approved');
    expect(approval.subject).toBe('تمت الموافقة على طلبك');
    for (const l of linksIn(approval.textBody)) expect(new URL(l).searchParams.get('lang'), l).toBe('ar');

    // The invitation to the vendor portal (an auth e-mail) speaks Arabic too, and its page opens in Arabic.
    const invite = await mailOf(email, 'invite');
    expect(invite.subject).toBe('لقد تلقيت دعوة');
    expect(invite.htmlBody).toMatch(/<html lang="ar" dir="rtl">/);
    expect(invite.textBody).toContain('اتبع هذا الرابط لقبول الدعوة');
    const parts = linkParts(invite.textBody);
    expect(parts.lang).toBe('ar');
    expect(parts.type).toBe('invite');
    expect(parts.token).toBeTruthy();
  });

  it('an English applicant’s mails and links stay English', async () => {
    const email = 'english-applicant@example.test';
    const id = await apply('en', email);
    const received = await mailOf(email, 'application.received');
    expect(received.subject).toContain('We received your');
    expect(received.htmlBody).toMatch(/<html lang="en" dir="ltr">/);
    for (const l of linksIn(received.textBody)) expect(new URL(l).searchParams.get('lang'), l).toBe('en');

    expect((await staff('POST', `/vendor-applications/${id}/approve`, {})).status).toBe(200);
    for (const l of linksIn((await mailOf(email, 'application.approved')).textBody))
      expect(new URL(l).searchParams.get('lang'), l).toBe('en');
    const invite = await mailOf(email, 'invite');
    expect(invite.subject).toBe('You have been invited');
    expect(invite.htmlBody).toMatch(/<html lang="en" dir="ltr">/);
    expect(linkParts(invite.textBody).lang).toBe('en');
  });
});
