import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../../../test/factories.js';
import { createTestApp, driver, type TestContext } from '../../../test/harness.js';
import { auth, post, signIn } from './auth.test-support.js';

let t: TestContext;
let userToken: string;
beforeAll(async () => {
  t = await createTestApp();
  const u = await createUser(t.app);
  userToken = (await signIn(t.app, u.email, TEST_PASSWORD)).access_token;
});
afterAll(async () => t?.close());

const expectGoTrueError = (res: { statusCode: number; json(): unknown; body: string }, status?: number) => {
  if (status) expect(res.statusCode, res.body).toBe(status);
  expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, res.body).toBeLessThan(500);
  const body = res.json() as Record<string, unknown>;
  expect(body.code).toBe(res.statusCode);
  expect(typeof body.error_code).toBe('string');
  expect(typeof body.msg).toBe('string');
};

describe(`auth input handling (${driver})`, () => {
  it('answers web3 as not offered, and pkce or id_token requests without their parts, with a 400', async () => {
    const web3 = await post(t.app, '/auth/v1/token?grant_type=web3', {});
    expectGoTrueError(web3, 400);
    expect(web3.json().msg).toContain('not offered');
    expectGoTrueError(await post(t.app, '/auth/v1/token?grant_type=pkce', {}), 400);
    expectGoTrueError(await post(t.app, '/auth/v1/token?grant_type=id_token', { provider: 'google', id_token: 'x' }), 400);
    expectGoTrueError(await post(t.app, '/auth/v1/token?grant_type=magic', {}), 400);
    expectGoTrueError(await post(t.app, '/auth/v1/token', {}), 400);
  });

  it('answers malformed JSON, non-JSON bodies and wrong types with 400, never 500', async () => {
    const raw = (payload: string, contentType = 'application/json') =>
      t.app.inject({ method: 'POST', url: '/auth/v1/token?grant_type=password', payload, headers: { 'content-type': contentType } });
    const broken = await raw('{"email": ');
    expectGoTrueError(broken, 400);
    expect(broken.json().error_code).toBe('bad_json');
    expectGoTrueError(await raw('email=a@b.c&password=x', 'application/x-www-form-urlencoded'), 400);
    expectGoTrueError(await raw('hello', 'text/plain'), 400);
    expectGoTrueError(await raw('{"__proto__": {"admin": true}}'), 400);
    expectGoTrueError(await raw('[]'), 400);
    expectGoTrueError(await raw('"just a string"'), 400);
    expectGoTrueError(await post(t.app, '/auth/v1/token?grant_type=password', { email: 42, password: ['x'] }), 400);
    expectGoTrueError(await post(t.app, '/auth/v1/signup', { email: { $gt: '' }, password: 'x' }), 400);
    expectGoTrueError(await post(t.app, '/auth/v1/signup', { email: 'a@b.co', password: 'Strong-Enough-Pass-1', data: [1, 2] }), 400);
    expectGoTrueError(await post(t.app, '/auth/v1/verify', { type: 'signup', token_hash: 12 }), 400);
    expectGoTrueError(await post(t.app, '/auth/v1/verify', { type: 'bogus', token_hash: 'x' }), 400);
    expectGoTrueError(await post(t.app, '/auth/v1/signup', { email: 'a@b.co', password: 'x'.repeat(5000) }), 400);
    // NUL is refused before the auth routes by the app-wide JSON check (400 or 422, in GoTrue's shape either way).
    expectGoTrueError(await post(t.app, '/auth/v1/signup', { email: 'nul\u0000@b.co', password: 'Strong-Enough-Pass-1' }));
    expectGoTrueError(await post(t.app, '/auth/v1/signup', { email: 'ok@b.co', password: 'Strong-Enough-Pass-1', data: { n: 'a\u0000' } }));
    const empty = await t.app.inject({ method: 'POST', url: '/auth/v1/signup', headers: { 'content-type': 'application/json' } });
    expectGoTrueError(empty, 422);
  });

  it('never answers 5xx to schema-violating bodies on any endpoint', async () => {
    const bodies: unknown[] = [
      null,
      0,
      true,
      'x',
      [],
      [{}],
      { email: null },
      { email: 1, password: 2 },
      { type: 5 },
      { data: 'x' },
      { code: {}, challenge_id: [] },
      { a: { b: { c: [1] } } },
    ];
    const endpoints: [string, string, boolean][] = [
      ['POST', '/auth/v1/signup', false],
      ['POST', '/auth/v1/token?grant_type=password', false],
      ['POST', '/auth/v1/token?grant_type=refresh_token', false],
      ['POST', '/auth/v1/otp', false],
      ['POST', '/auth/v1/verify', false],
      ['POST', '/auth/v1/recover', false],
      ['POST', '/auth/v1/resend', false],
      ['PUT', '/auth/v1/user', true],
      ['POST', '/auth/v1/factors', true],
      ['POST', '/auth/v1/factors/00000000-0000-4000-8000-000000000000/verify', true],
      ['POST', '/auth/v1/admin/users', false],
      ['POST', '/auth/v1/admin/generate_link', false],
    ];
    for (const [method, url, asUser] of endpoints) {
      for (const body of bodies) {
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (asUser) Object.assign(headers, auth(userToken));
        else if (url.includes('/admin/')) Object.assign(headers, auth(t.app.ctx.keys.service));
        const res = await t.app.inject({
          method: method as 'POST',
          url,
          headers,
          payload: JSON.stringify(body),
          remoteAddress: '10.9.0.1',
        });
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)} -> ${res.body}`).toBeLessThan(500);
        // A body without any known field is a valid no-op for PUT /user; everything else is refused.
        if (res.statusCode >= 400) expectGoTrueError(res);
        else expect(`${method} ${url}`).toBe('PUT /auth/v1/user');
      }
    }
  });

  it('answers unknown routes in GoTrue format, and serves settings and health', async () => {
    expectGoTrueError(await t.app.inject({ url: '/auth/v1/nope' }), 404);
    const settings = await t.app.inject({ url: '/auth/v1/settings' });
    expect(settings.json()).toMatchObject({ external: { email: true, phone: false }, disable_signup: false, mailer_autoconfirm: false });
    expect((await t.app.inject({ url: '/auth/v1/health' })).json()).toMatchObject({ name: 'GoTrue' });
    expect((await t.app.inject({ url: '/auth/v1/health' })).headers['cache-control']).toBe('no-store');
  });

  it('accepts a POST /logout with a JSON content type and no body, as auth-js sends it', async () => {
    const u = await createUser(t.app);
    const s = await signIn(t.app, u.email, TEST_PASSWORD);
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/logout?scope=local',
      headers: { ...auth(s.access_token), 'content-type': 'application/json;charset=UTF-8' },
    });
    expect(res.statusCode).toBe(204);
  });
});
