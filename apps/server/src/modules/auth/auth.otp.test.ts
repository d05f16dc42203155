import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../../../test/factories.js';
import { createTestApp, driver, type TestContext } from '../../../test/harness.js';
import { auth, lastMail, mailCount, post, signIn, uniqueEmail, type Session } from './auth.test-support.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe(`auth e-mail codes, recovery and e-mail change (${driver})`, () => {
  it('signs in with an e-mailed code (signInWithOtp + verifyOtp type email)', async () => {
    const u = await createUser(t.app);
    const sent = await post(t.app, '/auth/v1/otp', { email: u.email, create_user: false, data: {} }, {}, '10.2.0.1');
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({});
    const { code, mail } = await lastMail(t.app, u.email, 'magic_link');
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.textBody).toContain('/auth?mode=confirm');
    const res = await post(t.app, '/auth/v1/verify', { type: 'email', email: u.email, token: code });
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json() as Session;
    expect(s.user.id).toBe(u.id);
    const claims = await t.app.ctx.jwt.verifyAccess(s.access_token);
    expect(claims.amr[0]!.method).toBe('magiclink');
    // A code works once.
    expect((await post(t.app, '/auth/v1/verify', { type: 'email', email: u.email, token: code })).statusCode).toBe(403);
  });

  it('spends a code after 5 wrong tries, but never the link of the same e-mail', async () => {
    const u = await createUser(t.app);
    await post(t.app, '/auth/v1/otp', { email: u.email }, {}, '10.2.0.2');
    const { code, token } = await lastMail(t.app, u.email, 'magic_link');
    const wrong = code === '000000' ? '111111' : '000000';
    // From five client addresses, so the per-client limit does not step in first.
    for (let i = 0; i < 5; i++) {
      const r = await post(t.app, '/auth/v1/verify', { type: 'magiclink', email: u.email, token: wrong }, {}, `10.2.1.${i}`);
      expect(r.json()).toEqual({ code: 403, error_code: 'otp_expired', msg: 'Token has expired or is invalid' });
    }
    expect((await post(t.app, '/auth/v1/verify', { type: 'magiclink', email: u.email, token: code }, {}, '10.2.1.9')).statusCode).toBe(403);
    const link = await post(t.app, '/auth/v1/verify', { type: 'magiclink', token_hash: token });
    expect(link.statusCode, link.body).toBe(200);
  });

  it('creates an account for a new address on /otp, and answers unknown addresses the same when creation is off', async () => {
    const email = uniqueEmail('otp');
    expect((await post(t.app, '/auth/v1/otp', { email, create_user: true }, {}, '10.2.0.3')).statusCode).toBe(200);
    const { code } = await lastMail(t.app, email, 'confirmation');
    const s = (await post(t.app, '/auth/v1/verify', { type: 'email', email, token: code })).json() as Session;
    expect(s.user.email).toBe(email);
    expect(s.user.email_confirmed_at).toBeTruthy();

    const ghost = uniqueEmail('ghost');
    const res = await post(t.app, '/auth/v1/otp', { email: ghost, create_user: false }, {}, '10.2.0.3');
    expect(res.statusCode).toBe(200);
    expect(await mailCount(t.app, ghost)).toBe(0);
  });

  it('limits e-mails per address and client address, known or not', async () => {
    const u = await createUser(t.app);
    for (const email of [u.email, uniqueEmail('unknown')]) {
      expect((await post(t.app, '/auth/v1/recover', { email }, {}, '10.2.0.4')).statusCode).toBe(200);
      const again = await post(t.app, '/auth/v1/recover', { email }, {}, '10.2.0.4');
      expect(again.statusCode).toBe(429);
      expect(again.json().error_code).toBe('over_email_send_rate_limit');
      expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('recovers a password through the recovery code and a password update', async () => {
    const u = await createUser(t.app);
    const unknown = await post(t.app, '/auth/v1/recover', { email: uniqueEmail() }, {}, '10.2.0.5');
    const known = await post(t.app, '/auth/v1/recover', { email: u.email }, {}, '10.2.0.5');
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    const { token } = await lastMail(t.app, u.email, 'recovery');
    const res = await post(t.app, '/auth/v1/verify', { type: 'recovery', token_hash: token });
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json() as Session;
    const upd = await t.app.inject({
      method: 'PUT',
      url: '/auth/v1/user',
      headers: auth(s.access_token),
      payload: { password: 'Recovered-Passphrase-55' },
    });
    expect(upd.statusCode, upd.body).toBe(200);
    await signIn(t.app, u.email, 'Recovered-Passphrase-55', '10.2.0.5');
    // A recovery token does not pass for another purpose.
    await post(t.app, '/auth/v1/recover', { email: u.email }, {}, '10.2.0.6');
    const again = await lastMail(t.app, u.email, 'recovery');
    expect((await post(t.app, '/auth/v1/verify', { type: 'signup', token_hash: again.token })).statusCode).toBe(403);
  });

  it('never sends a link holder to another origin', async () => {
    const u = await createUser(t.app);
    await post(
      t.app,
      '/auth/v1/recover?redirect_to=' + encodeURIComponent('https://evil.example/steal'),
      { email: u.email },
      {},
      '10.2.0.7',
    );
    const { link, redirectTo } = await lastMail(t.app, u.email, 'recovery');
    expect(new URL(link!).origin).toBe('http://localhost:3000');
    expect(redirectTo).toBe('http://localhost:3000');
    // GoTrue's GET /verify link (a redirect_to of elsewhere included) leads to our own page, never away.
    const visit = await t.app.inject({
      url: '/auth/v1/verify?token=abc&type=recovery&redirect_to=' + encodeURIComponent('https://evil.example/steal'),
    });
    expect(visit.statusCode).toBe(303);
    expect(visit.headers.location).toMatch(/^http:\/\/localhost:3000\/auth\?mode=confirm#token_hash=abc&type=recovery&redirect_to=http/);
    const bad = await t.app.inject({ url: '/auth/v1/verify?type=signup&redirect_to=' + encodeURIComponent('//evil.example') });
    expect(bad.headers.location).toMatch(/^http:\/\/localhost:3000\/?#error=access_denied&error_code=otp_expired/);
  });

  it('changes the e-mail address after confirmation by the new address, and tells the old one', async () => {
    const u = await createUser(t.app);
    const s = await signIn(t.app, u.email, TEST_PASSWORD, '10.2.0.8');
    const next = uniqueEmail('moved');
    const res = await t.app.inject({ method: 'PUT', url: '/auth/v1/user', headers: auth(s.access_token), payload: { email: next } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ email: u.email, new_email: next });
    const notice = await lastMail(t.app, u.email, 'email_change_notice');
    // The new address was typed by whoever holds the session: the old owner reads it, but never as a link.
    expect(notice.mail.textBody).toContain(next.replace('@', '[@]').replace(/\./g, '[.]'));
    expect(notice.mail.textBody).not.toContain(next);
    expect(notice.mail.htmlBody).not.toContain(next);
    const { code } = await lastMail(t.app, next, 'email_change');
    const v = await post(t.app, '/auth/v1/verify', { type: 'email_change', email: next, token: code });
    expect(v.statusCode, v.body).toBe(200);
    expect(v.json().user.email).toBe(next);
    expect(v.json().user.new_email).toBeUndefined();
    await signIn(t.app, next, TEST_PASSWORD, '10.2.0.8');

    const taken = await createUser(t.app);
    const clash = await t.app.inject({
      method: 'PUT',
      url: '/auth/v1/user',
      headers: auth(s.access_token),
      payload: { email: taken.email },
    });
    expect(clash.json()).toMatchObject({ code: 422, error_code: 'email_exists' });
  });

  it('resends the sign-up confirmation, and checks a reauthentication nonce when one is given', async () => {
    const email = uniqueEmail('resend');
    await post(t.app, '/auth/v1/signup', { email, password: 'Resend-Passphrase-11' }, {}, '10.2.0.9');
    const first = await lastMail(t.app, email, 'confirmation');
    const r = await post(t.app, '/auth/v1/resend', { type: 'signup', email }, {}, '10.2.0.10');
    expect(r.statusCode).toBe(200);
    const second = await lastMail(t.app, email, 'confirmation');
    expect(second.code).not.toBeNull();
    expect(second.mail.id).not.toBe(first.mail.id);
    const s = (await post(t.app, '/auth/v1/verify', { type: 'signup', email, token: second.code })).json() as Session;

    expect((await t.app.inject({ url: '/auth/v1/reauthenticate', headers: auth(s.access_token) })).statusCode).toBe(200);
    const { code } = await lastMail(t.app, email, 'reauthentication');
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/auth/v1/user',
      headers: auth(s.access_token),
      payload: { password: 'Nonce-Passphrase-22', nonce: '000000' === code ? '111111' : '000000' },
    });
    expect(bad.json()).toMatchObject({ code: 400, error_code: 'reauthentication_not_valid' });
    const good = await t.app.inject({
      method: 'PUT',
      url: '/auth/v1/user',
      headers: auth(s.access_token),
      payload: { password: 'Nonce-Passphrase-22', nonce: code },
    });
    expect(good.statusCode, good.body).toBe(200);
  });
});
