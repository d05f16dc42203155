import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, createUser, TEST_PASSWORD } from '../../../test/factories.js';
import { driver, type TestContext } from '../../../test/harness.js';
import { organizationLanguages, users } from '../../db/schema/index.js';
import { auth, lastMail, post, signIn, startWithServiceKey, uniqueEmail } from './auth.test-support.js';

/**
 * Issue 14: an e-mailed link is spent only by the action on the page it opens (item 9: mail scanners
 * open links), and every auth e-mail and its link follow the recipient's language (item 8).
 */
let t: TestContext;
let service: Record<string, string>;
beforeAll(async () => {
  ({ t, service } = await startWithServiceKey());
});
afterAll(async () => t?.close());

type Mail = Awaited<ReturnType<typeof lastMail>>;

/** What a scanner does with a link: GET it, follow the redirect, again and again. */
async function scan(mail: Mail, times = 3): Promise<void> {
  const page = new URL(mail.link!);
  // The GoTrue-style link some clients still build from the token: it must not spend it either.
  const gotrue = `/auth/v1/verify?${new URLSearchParams({ token: mail.token!, type: mail.type!, redirect_to: mail.redirectTo! })}`;
  for (let i = 0; i < times; i++) {
    await t.app.inject({ url: page.pathname + page.search });
    const visit = await t.app.inject({ url: gotrue });
    expect(visit.statusCode).toBe(303);
    const next = new URL(visit.headers.location as string);
    // It leads to the same confirmation page, the token still in the fragment, no session handed out.
    expect(next.pathname + next.search).toBe('/auth?mode=confirm');
    expect(new URLSearchParams(next.hash.slice(1)).get('token_hash')).toBe(mail.token);
    expect(next.hash).not.toContain('access_token');
    await t.app.inject({ url: next.pathname + next.search });
  }
}

/** The button of the page: POST /verify with the token; once, then never again. */
async function pressTwice(mail: Mail) {
  const first = await post(t.app, '/auth/v1/verify', { type: mail.type, token_hash: mail.token });
  expect(first.statusCode, first.body).toBe(200);
  const second = await post(t.app, '/auth/v1/verify', { type: mail.type, token_hash: mail.token });
  expect(second.json()).toEqual({ code: 403, error_code: 'otp_expired', msg: 'Token has expired or is invalid' });
  return first.json() as { access_token: string; user: { id: string; email: string } };
}

describe(`auth: e-mailed links are spent by the button, not by opening them (${driver})`, () => {
  it('a sign-up confirmation link', async () => {
    const email = uniqueEmail('scan-signup');
    await post(t.app, '/auth/v1/signup', { email, password: 'Quiet-Orchard-Lantern-41' }, {}, '10.14.0.1');
    const mail = await lastMail(t.app, email, 'confirmation');
    expect(mail.type).toBe('signup');
    await scan(mail);
    const s = await pressTwice(mail);
    expect(s.user.email).toBe(email);
  });

  it('a magic link', async () => {
    const u = await createUser(t.app);
    await post(t.app, '/auth/v1/otp', { email: u.email, create_user: false }, {}, '10.14.0.2');
    const mail = await lastMail(t.app, u.email, 'magic_link');
    expect(mail.type).toBe('magiclink');
    await scan(mail, 5);
    expect((await pressTwice(mail)).user.id).toBe(u.id);
  });

  it('a recovery link', async () => {
    const u = await createUser(t.app);
    await post(t.app, '/auth/v1/recover', { email: u.email }, {}, '10.14.0.3');
    const mail = await lastMail(t.app, u.email, 'recovery');
    await scan(mail);
    await pressTwice(mail);
  });

  it('an invitation', async () => {
    const email = uniqueEmail('scan-invite');
    const invited = await t.app.inject({ method: 'POST', url: '/auth/v1/invite', headers: service, payload: { email } });
    expect(invited.statusCode, invited.body).toBe(200);
    const mail = await lastMail(t.app, email, 'invite');
    expect(mail.type).toBe('invite');
    await scan(mail);
    expect((await pressTwice(mail)).user.email).toBe(email);
  });

  it('an e-mail change confirmation', async () => {
    const u = await createUser(t.app);
    const s = await signIn(t.app, u.email, TEST_PASSWORD, '10.14.0.5');
    const next = uniqueEmail('scan-moved');
    const res = await t.app.inject({ method: 'PUT', url: '/auth/v1/user', headers: auth(s.access_token), payload: { email: next } });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await lastMail(t.app, next, 'email_change');
    expect(mail.type).toBe('email_change');
    await scan(mail);
    expect((await pressTwice(mail)).user.email).toBe(next);
  });

  it('a GET /verify without a token, or of an unknown type, spends nothing and says the link is invalid', async () => {
    const bad = await t.app.inject({ url: '/auth/v1/verify?type=bogus&token=x' });
    expect(bad.statusCode).toBe(303);
    expect(bad.headers.location).toMatch(/#error=access_denied&error_code=otp_expired/);
  });
});

describe(`auth: e-mails in the recipient's language (${driver})`, () => {
  const arabic = (m: Mail) => {
    expect(m.mail.htmlBody).toMatch(/<html lang="ar" dir="rtl">/);
    expect(m.lang).toBe('ar');
  };
  const english = (m: Mail) => {
    expect(m.mail.htmlBody).toMatch(/<html lang="en" dir="ltr">/);
    expect(m.lang).toBe('en');
  };

  it('writes to a user whose profile says Arabic in Arabic, right to left, with lang=ar on the link', async () => {
    const email = uniqueEmail('arabic-user');
    await post(t.app, '/auth/v1/signup', { email, password: 'Quiet-Orchard-Lantern-41', data: { language: 'ar' } }, {}, '10.14.1.1');
    const confirmation = await lastMail(t.app, email, 'confirmation');
    arabic(confirmation);
    expect(confirmation.mail.subject).toBe('أكّد تسجيلك');
    expect(confirmation.mail.textBody).toContain('اتبع هذا الرابط لتأكيد عنوان بريدك الإلكتروني');
    expect(confirmation.code).toMatch(/^\d{6}$/);
    await pressTwice(confirmation);
    await post(t.app, '/auth/v1/recover', { email }, {}, '10.14.1.2');
    const recovery = await lastMail(t.app, email, 'recovery');
    arabic(recovery);
    expect(recovery.mail.subject).toBe('إعادة تعيين كلمة المرور');
  });

  it('follows the language of the page the request came from (lang in redirect_to) over the profile', async () => {
    const u = await createUser(t.app);
    await post(
      t.app,
      `/auth/v1/otp?redirect_to=${encodeURIComponent('http://localhost:3000/auth?lang=ar')}`,
      { email: u.email },
      {},
      '10.14.1.3',
    );
    const mail = await lastMail(t.app, u.email, 'magic_link');
    arabic(mail);
    expect(mail.mail.subject).toBe('رابط تسجيل الدخول');
  });

  it('writes in English to a user with no language in an organization without its own default', async () => {
    const u = await createUser(t.app);
    await post(t.app, '/auth/v1/recover', { email: u.email }, {}, '10.14.1.4');
    const mail = await lastMail(t.app, u.email, 'recovery');
    english(mail);
    expect(mail.mail.subject).toBe('Reset your password');
  });

  it('falls back to the organization’s default language', async () => {
    const org = await createOrg(t.app);
    await t.app.ctx.db.insert(organizationLanguages).values({ orgId: org.id, code: 'ar', isDefault: true });
    const u = await createUser(t.app, { orgId: org.id, role: 'marketing' });
    await post(t.app, '/auth/v1/recover', { email: u.email }, {}, '10.14.1.5');
    arabic(await lastMail(t.app, u.email, 'recovery'));
    // The user's own choice still comes first.
    const v = await createUser(t.app, { orgId: org.id, role: 'marketing' });
    await t.app.ctx.db
      .update(users)
      .set({ rawUserMetaData: { language: 'en' } })
      .where(eq(users.id, v.id));
    await post(t.app, '/auth/v1/recover', { email: v.email }, {}, '10.14.1.6');
    english(await lastMail(t.app, v.email, 'recovery'));
  });
});
