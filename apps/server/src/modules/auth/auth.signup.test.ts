import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../../../test/factories.js';
import { createTestApp, driver, type TestContext } from '../../../test/harness.js';
import { auditLog, users } from '../../db/schema/index.js';
import { auth, lastMail, post, signIn, signUpConfirmed, STRONG_PASSWORD, uniqueEmail, type Session } from './auth.test-support.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe(`auth sign-up and sign-in (${driver})`, () => {
  it('signs up unconfirmed, e-mails a link, and the link confirms and signs in', async () => {
    const email = uniqueEmail('Signup');
    const res = await post(t.app, '/auth/v1/signup?redirect_to=' + encodeURIComponent('http://localhost:3000/welcome'), {
      email,
      password: STRONG_PASSWORD,
      data: { full_name: 'Amina Yusuf' },
    });
    expect(res.statusCode).toBe(200);
    const user = res.json();
    expect(user).toMatchObject({ aud: 'authenticated', role: 'authenticated', email: email.toLowerCase(), phone: '', is_anonymous: false });
    expect(user.user_metadata).toEqual({ full_name: 'Amina Yusuf' });
    expect(user.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
    expect(user.identities).toHaveLength(1);
    expect(user.email_confirmed_at).toBeUndefined();
    expect(user.access_token).toBeUndefined();

    const signInEarly = await post(t.app, '/auth/v1/token?grant_type=password', { email, password: STRONG_PASSWORD });
    expect(signInEarly.statusCode).toBe(400);
    expect(signInEarly.json()).toEqual({ code: 400, error_code: 'email_not_confirmed', msg: 'Email not confirmed' });

    const { link, mail, token, type, redirectTo } = await lastMail(t.app, email, 'confirmation');
    expect(mail.textBody).not.toContain(STRONG_PASSWORD);
    // The link opens the confirmation page (issue 14, item 9); its button POSTs the token.
    expect(link).toMatch(/^http:\/\/localhost:3000\/auth\?mode=confirm&lang=en#token_hash=/);
    expect(type).toBe('signup');
    expect(redirectTo).toBe('http://localhost:3000/welcome');
    const confirmed = await post(t.app, '/auth/v1/verify', { type, token_hash: token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const accessToken = (confirmed.json() as Session).access_token;
    const me = await t.app.inject({ url: '/auth/v1/user', headers: auth(accessToken) });
    expect(me.statusCode).toBe(200);
    expect(me.json().email_confirmed_at).toBeTruthy();
    expect(me.json().identities[0].identity_data.email_verified).toBe(true);

    // The link works once.
    const again = await post(t.app, '/auth/v1/verify', { type, token_hash: token });
    expect(again.json()).toMatchObject({ error_code: 'otp_expired' });

    // The password given at sign-up is not kept: whoever proves the mailbox chooses it (decision 008).
    expect(me.json().has_password).toBe(false);
    const unproven = await post(t.app, '/auth/v1/token?grant_type=password', { email, password: STRONG_PASSWORD });
    expect(unproven.json()).toMatchObject({ error_code: 'invalid_credentials' });
    const chosen = await t.app.inject({
      method: 'PUT',
      url: '/auth/v1/user',
      headers: auth(accessToken),
      payload: { password: 'Chosen-After-Proof-77' },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().has_password).toBe(true);
    const session = await signIn(t.app, email, 'Chosen-After-Proof-77');
    expect(session.user.last_sign_in_at).toBeTruthy();
  });

  it('audits sign-up, confirmation and sign-in without the password hash', async () => {
    const session = await signUpConfirmed(t.app);
    const rows = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'auth.user'), eq(auditLog.entityId, session.user.id)));
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(['auth.signup', 'auth.verify.signup']));
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain('argon2');
    expect(dump).not.toContain('encrypted_password');
  });

  it('answers a sign-up of a confirmed address like a new one, and sends nothing', async () => {
    const existing = await createUser(t.app);
    const res = await post(t.app, '/auth/v1/signup', { email: existing.email, password: STRONG_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.id).not.toBe(existing.id);
    expect(body).toMatchObject({
      role: 'authenticated',
      email: existing.email,
      identities: [{ provider: 'email', identity_data: { email_verified: false } }],
    });
    await expect(lastMail(t.app, existing.email)).rejects.toThrow(/no e-mail/);
  });

  it('rejects weak passwords with GoTrue reasons', async () => {
    const short = await post(t.app, '/auth/v1/signup', { email: uniqueEmail(), password: 'Ab1!xyz' });
    expect(short.statusCode).toBe(422);
    expect(short.json()).toMatchObject({ code: 422, error_code: 'weak_password', weak_password: { reasons: ['length'] } });
    const common = await post(t.app, '/auth/v1/signup', { email: uniqueEmail(), password: 'basketball' });
    expect(common.statusCode).toBe(422);
    expect(common.json().weak_password.reasons).toEqual(['pwned']);
    const both = await post(t.app, '/auth/v1/signup', { email: uniqueEmail(), password: 'password' });
    expect(both.json().weak_password.reasons).toEqual(['length', 'pwned']);
    for (const guessable of ['aaaaaaaaaaaaaaaa', 'qwertyuiopasdfgh']) {
      const res = await post(t.app, '/auth/v1/signup', { email: uniqueEmail(), password: guessable });
      expect(res.statusCode, guessable).toBe(422);
      expect(res.json().weak_password.reasons).toEqual(['strength']);
      expect(res.json().msg).toMatch(/too easy to guess/);
    }
    // The address's own words are known to an attacker.
    const named = await post(t.app, '/auth/v1/signup', {
      email: 'alsayed@example.com',
      password: 'alsayedmarket',
      data: { full_name: 'Fatima Alsayed' },
    });
    expect(named.json().weak_password.reasons).toEqual(['strength']);
  });

  it('validates the address and refuses phone and anonymous sign-ups clearly', async () => {
    const bad = await post(t.app, '/auth/v1/signup', { email: 'not-an-email', password: STRONG_PASSWORD });
    expect(bad.json()).toMatchObject({ code: 400, error_code: 'email_address_invalid' });
    const phone = await post(t.app, '/auth/v1/signup', { phone: '+15555550123', password: STRONG_PASSWORD });
    expect(phone.json()).toMatchObject({ code: 422, error_code: 'phone_provider_disabled' });
    const anon = await post(t.app, '/auth/v1/signup', { data: {} });
    expect(anon.json()).toMatchObject({ code: 422, error_code: 'anonymous_provider_disabled' });
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const u = await createUser(t.app);
    const wrong = await post(
      t.app,
      '/auth/v1/token?grant_type=password',
      { email: u.email, password: 'Wrong-Password-123' },
      {},
      '10.0.0.1',
    );
    const unknown = await post(
      t.app,
      '/auth/v1/token?grant_type=password',
      { email: uniqueEmail(), password: 'Wrong-Password-123' },
      {},
      '10.0.0.1',
    );
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json()).toEqual({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' });
  });

  it('locks an account for a client address after 5 failures, with Retry-After, and a success resets the count', async () => {
    const u = await createUser(t.app);
    const ip = '10.0.0.2';
    const attempt = (password: string, addr = ip) =>
      post(t.app, '/auth/v1/token?grant_type=password', { email: u.email, password }, {}, addr);
    for (let i = 0; i < 4; i++) expect((await attempt('Wrong-Password-123')).statusCode).toBe(400);
    expect((await attempt(TEST_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await attempt('Wrong-Password-123')).statusCode).toBe(400);
    const locked = await attempt(TEST_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error_code).toBe('over_request_rate_limit');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // Another client address is not locked out by this one.
    expect((await attempt(TEST_PASSWORD, '10.0.0.3')).statusCode).toBe(200);
  });

  it('keeps banned and deleted users out', async () => {
    const u = await createUser(t.app);
    await t.app.ctx.db
      .update(users)
      .set({ bannedUntil: new Date(Date.now() + 3600_000) })
      .where(eq(users.id, u.id));
    const res = await post(t.app, '/auth/v1/token?grant_type=password', { email: u.email, password: TEST_PASSWORD }, {}, '10.0.0.4');
    expect(res.json()).toMatchObject({ code: 400, error_code: 'user_banned' });
  });

  it('signs in by e-mail case-insensitively and issues a strict access token', async () => {
    const u = await createUser(t.app);
    const s = await signIn(t.app, u.email.toUpperCase(), TEST_PASSWORD, '10.0.0.5');
    expect(s.token_type).toBe('bearer');
    expect(s.expires_in).toBe(900);
    expect(s.expires_at).toBeGreaterThan(Date.now() / 1000);
    const claims = await t.app.ctx.jwt.verifyAccess(s.access_token);
    expect(claims).toMatchObject({ sub: u.id, aal: 'aal1', email: u.email, role: 'authenticated', is_anonymous: false });
    expect(claims.amr[0]!.method).toBe('password');
    const me = await t.app.inject({ url: '/api/v1/me', headers: auth(s.access_token) });
    expect(me.statusCode).toBe(200);
  });
});
