import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../../../test/factories.js';
import { createTestApp, driver, type TestContext } from '../../../test/harness.js';
import { totpAt } from '../../lib/totp.js';
import { auth, post, signIn, type Session } from './auth.test-support.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const call = (method: 'POST' | 'DELETE', url: string, token: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: auth(token), ...(payload === undefined ? {} : { payload: payload as object }) });

async function challengeAndVerify(token: string, factorId: string, code: string) {
  const ch = await call('POST', `/auth/v1/factors/${factorId}/challenge`, token, { factorId });
  expect(ch.statusCode, ch.body).toBe(200);
  return call('POST', `/auth/v1/factors/${factorId}/verify`, token, { challenge_id: ch.json().id, code });
}

describe(`auth TOTP multi-factor (${driver})`, () => {
  it('enrols, challenges and verifies a TOTP factor, raising the session to aal2', async () => {
    const u = await createUser(t.app);
    const s = await signIn(t.app, u.email, TEST_PASSWORD);
    const enrol = await call('POST', '/auth/v1/factors', s.access_token, { factor_type: 'totp', friendly_name: 'Phone app' });
    expect(enrol.statusCode, enrol.body).toBe(200);
    const factor = enrol.json();
    expect(factor).toMatchObject({ type: 'totp', friendly_name: 'Phone app' });
    expect(factor.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(factor.totp.uri).toMatch(/^otpauth:\/\/totp\/localhost%3A3000:.+\?secret=/);
    expect(factor.totp.qr_code).toMatch(/^<svg [^#]*<\/svg>$/);

    const ch = await call('POST', `/auth/v1/factors/${factor.id}/challenge`, s.access_token);
    expect(ch.statusCode).toBe(200);
    expect(ch.json()).toMatchObject({ type: 'totp' });
    expect(ch.json().expires_at).toBeGreaterThan(Date.now() / 1000);

    const wrong = await call('POST', `/auth/v1/factors/${factor.id}/verify`, s.access_token, {
      challenge_id: ch.json().id,
      code: totpAt(factor.totp.secret, Date.now() - 20 * 30_000),
    });
    expect(wrong.json()).toMatchObject({ code: 422, error_code: 'mfa_verification_failed' });

    const code = totpAt(factor.totp.secret, Date.now());
    const ok = await call('POST', `/auth/v1/factors/${factor.id}/verify`, s.access_token, { challenge_id: ch.json().id, code });
    expect(ok.statusCode, ok.body).toBe(200);
    const elevated = ok.json() as Session;
    const claims = await t.app.ctx.jwt.verifyAccess(elevated.access_token);
    expect(claims.aal).toBe('aal2');
    expect(claims.amr.map((a) => a.method)).toEqual(['totp', 'password']);
    expect(claims.session_id).toBe((await t.app.ctx.jwt.verifyAccess(s.access_token)).session_id);
    expect((elevated.user.factors as { status: string }[])[0]!.status).toBe('verified');
    // A challenge is spent once verified.
    const replayChallenge = await call('POST', `/auth/v1/factors/${factor.id}/verify`, elevated.access_token, {
      challenge_id: ch.json().id,
      code,
    });
    expect(replayChallenge.json().error_code).toBe('mfa_challenge_expired');
    // The same code on a new challenge is a replay.
    const reused = await challengeAndVerify(elevated.access_token, factor.id, code);
    expect(reused.json()).toMatchObject({ code: 422, error_code: 'mfa_verification_failed' });
    // The refresh token of the aal2 session keeps aal2.
    const refreshed = await post(t.app, '/auth/v1/token?grant_type=refresh_token', { refresh_token: elevated.refresh_token });
    expect((await t.app.ctx.jwt.verifyAccess(refreshed.json().access_token)).aal).toBe('aal2');

    // A new sign-in is aal1 until the second factor is checked again.
    const again = await signIn(t.app, u.email, TEST_PASSWORD);
    expect((await t.app.ctx.jwt.verifyAccess(again.access_token)).aal).toBe('aal1');
    // The business API waits for the second factor; public routes still answer.
    const meAal1 = await t.app.inject({ url: '/api/v1/me', headers: auth(again.access_token) });
    expect(meAal1.statusCode).toBe(403);
    expect(meAal1.json().error.message).toMatch(/authenticator/);
    expect((await t.app.inject({ url: '/api/v1/languages', headers: auth(again.access_token) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/me', headers: auth(refreshed.json().access_token) })).statusCode).toBe(200);
    const addSecond = await call('POST', '/auth/v1/factors', again.access_token, { factor_type: 'totp' });
    expect(addSecond.json()).toMatchObject({ code: 403, error_code: 'insufficient_aal' });
    const removeAal1 = await call('DELETE', `/auth/v1/factors/${factor.id}`, again.access_token);
    expect(removeAal1.json()).toMatchObject({ code: 403, error_code: 'insufficient_aal' });
    const passwordAal1 = await t.app.inject({
      method: 'PUT',
      url: '/auth/v1/user',
      headers: auth(again.access_token),
      payload: { password: 'Takeover-Attempt-Pass-9' },
    });
    expect(passwordAal1.json()).toMatchObject({ code: 403, error_code: 'insufficient_aal' });
    const metadataAal1 = await t.app.inject({
      method: 'PUT',
      url: '/auth/v1/user',
      headers: auth(again.access_token),
      payload: { data: { ok: true } },
    });
    expect(metadataAal1.statusCode).toBe(200);
    const next = await challengeAndVerify(again.access_token, factor.id, totpAt(factor.totp.secret, Date.now() + 30_000));
    expect(next.statusCode, next.body).toBe(200);

    const removed = await call('DELETE', `/auth/v1/factors/${factor.id}`, next.json().access_token);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ id: factor.id });
    const me = await t.app.inject({ url: '/auth/v1/user', headers: auth(next.json().access_token) });
    expect(me.json().factors).toBeUndefined();
  });

  it('refuses other factor types, duplicate names, foreign factors and a verify from another address', async () => {
    const u = await createUser(t.app);
    const s = await signIn(t.app, u.email, TEST_PASSWORD);
    expect(
      (await call('POST', '/auth/v1/factors', s.access_token, { factor_type: 'phone', phone: '+15555550100' })).json().error_code,
    ).toBe('mfa_phone_enroll_not_enabled');
    expect((await call('POST', '/auth/v1/factors', s.access_token, { factor_type: 'carrier-pigeon' })).statusCode).toBe(400);
    const f = (await call('POST', '/auth/v1/factors', s.access_token, { factor_type: 'totp', friendly_name: 'Main' })).json();
    expect((await call('POST', '/auth/v1/factors', s.access_token, { factor_type: 'totp', friendly_name: 'Main' })).json().error_code).toBe(
      'mfa_factor_name_conflict',
    );

    const other = await createUser(t.app);
    const os = await signIn(t.app, other.email, TEST_PASSWORD);
    expect((await call('POST', `/auth/v1/factors/${f.id}/challenge`, os.access_token)).json()).toMatchObject({
      code: 404,
      error_code: 'mfa_factor_not_found',
    });
    expect((await call('POST', '/auth/v1/factors/not-a-uuid/challenge', os.access_token)).statusCode).toBe(404);

    const ch = await t.app.inject({
      method: 'POST',
      url: `/auth/v1/factors/${f.id}/challenge`,
      headers: auth(s.access_token),
      remoteAddress: '10.3.0.1',
    });
    const v = await t.app.inject({
      method: 'POST',
      url: `/auth/v1/factors/${f.id}/verify`,
      headers: auth(s.access_token),
      remoteAddress: '10.3.0.2',
      payload: { challenge_id: ch.json().id, code: totpAt(f.totp.secret, Date.now()) },
    });
    expect(v.json().error_code).toBe('mfa_ip_address_mismatch');
    // An unverified factor can be removed from an aal1 session.
    expect((await call('DELETE', `/auth/v1/factors/${f.id}`, s.access_token)).statusCode).toBe(200);
  });

  it('locks verification after 5 wrong codes', async () => {
    const u = await createUser(t.app);
    const s = await signIn(t.app, u.email, TEST_PASSWORD);
    const f = (await call('POST', '/auth/v1/factors', s.access_token, { factor_type: 'totp' })).json();
    const ch = (await call('POST', `/auth/v1/factors/${f.id}/challenge`, s.access_token)).json();
    const wrongCode = totpAt(f.totp.secret, Date.now() - 40 * 30_000);
    for (let i = 0; i < 5; i++) {
      expect(
        (await call('POST', `/auth/v1/factors/${f.id}/verify`, s.access_token, { challenge_id: ch.id, code: wrongCode })).statusCode,
      ).toBe(422);
    }
    const locked = await call('POST', `/auth/v1/factors/${f.id}/verify`, s.access_token, {
      challenge_id: ch.id,
      code: totpAt(f.totp.secret, Date.now()),
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
  });
});
