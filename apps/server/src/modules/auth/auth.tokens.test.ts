import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD, type TestUser } from '../../../test/factories.js';
import { createTestApp, driver, type TestContext } from '../../../test/harness.js';
import { refreshTokens, sessions } from '../../db/schema/index.js';
import { configureAuth, DEFAULT_TUNING } from './auth.deps.js';
import { auth, post, refresh, signIn, type Session } from './auth.test-support.js';

let t: TestContext;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t.app);
});
afterAll(async () => t?.close());

const sessionId = async (s: Session) => (await t.app.ctx.jwt.verifyAccess(s.access_token)).session_id;
const getUser = (token: string) => t.app.inject({ url: '/auth/v1/user', headers: auth(token) });

describe(`auth sessions and refresh tokens (${driver})`, () => {
  it('rotates the refresh token on every use, in the same session', async () => {
    configureAuth(t.app.ctx, { refreshReuseGraceMs: DEFAULT_TUNING.refreshReuseGraceMs });
    const s = await signIn(t.app, user.email, TEST_PASSWORD);
    const r1 = await refresh(t.app, s.refresh_token);
    expect(r1.statusCode).toBe(200);
    const s1 = r1.json() as Session;
    expect(s1.refresh_token).not.toBe(s.refresh_token);
    expect(await sessionId(s1)).toBe(await sessionId(s));
    const r2 = await refresh(t.app, s1.refresh_token);
    expect((r2.json() as Session).refresh_token).not.toBe(s1.refresh_token);
    const rows = await t.app.ctx.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.sessionId, await sessionId(s)));
    expect(rows).toHaveLength(3);
    expect(rows.filter((r) => !r.revoked)).toHaveLength(1);
    // Only hashes are stored.
    expect(JSON.stringify(rows)).not.toContain(s.refresh_token);
  });

  it('answers 20 parallel refreshes of one token with exactly one new token', async () => {
    configureAuth(t.app.ctx, { refreshReuseGraceMs: DEFAULT_TUNING.refreshReuseGraceMs });
    const s = await signIn(t.app, user.email, TEST_PASSWORD);
    const results = await Promise.all(Array.from({ length: 20 }, () => refresh(t.app, s.refresh_token)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const tokens = new Set(results.map((r) => (r.json() as Session).refresh_token));
    expect(tokens.size).toBe(1);
    const rows = await t.app.ctx.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.sessionId, await sessionId(s)));
    expect(rows).toHaveLength(2);
    // The single child works and rotates normally.
    const next = await refresh(t.app, [...tokens][0]!);
    expect(next.statusCode).toBe(200);
  });

  it('treats a replay after the grace window as theft and ends the whole session', async () => {
    configureAuth(t.app.ctx, { refreshReuseGraceMs: 0 });
    try {
      const s = await signIn(t.app, user.email, TEST_PASSWORD);
      const rotated = (await refresh(t.app, s.refresh_token)).json() as Session;
      await new Promise((r) => setTimeout(r, 5));
      const replay = await refresh(t.app, s.refresh_token);
      expect(replay.statusCode).toBe(400);
      expect(replay.json()).toEqual({ code: 400, error_code: 'refresh_token_already_used', msg: 'Invalid Refresh Token: Already Used' });
      // The whole family is gone: the legitimate child, and every access token of the session.
      expect((await refresh(t.app, rotated.refresh_token)).json().error_code).toBe('refresh_token_not_found');
      const me = await getUser(rotated.access_token);
      expect(me.statusCode).toBe(403);
      expect(me.json().error_code).toBe('session_not_found');
      expect((await t.app.inject({ url: '/api/v1/me', headers: auth(s.access_token) })).statusCode).toBe(401);
    } finally {
      configureAuth(t.app.ctx, { refreshReuseGraceMs: DEFAULT_TUNING.refreshReuseGraceMs });
    }
  });

  it('rejects unknown and malformed refresh tokens with 400', async () => {
    expect((await refresh(t.app, 'not-a-real-token')).json()).toMatchObject({ code: 400, error_code: 'refresh_token_not_found' });
    expect((await post(t.app, '/auth/v1/token?grant_type=refresh_token', {})).statusCode).toBe(400);
    expect((await post(t.app, '/auth/v1/token?grant_type=refresh_token', { refresh_token: 42 })).statusCode).toBe(400);
  });

  it('signs out with scope local, others and global', async () => {
    const u = await createUser(t.app);
    const [a, b, c] = [
      await signIn(t.app, u.email, TEST_PASSWORD),
      await signIn(t.app, u.email, TEST_PASSWORD),
      await signIn(t.app, u.email, TEST_PASSWORD),
    ];
    const logout = (s: Session, scope: string) =>
      t.app.inject({
        method: 'POST',
        url: `/auth/v1/logout?scope=${scope}`,
        headers: { ...auth(s.access_token), 'content-type': 'application/json' },
      });

    expect((await logout(a, 'local')).statusCode).toBe(204);
    expect((await getUser(a.access_token)).statusCode).toBe(403);
    expect((await getUser(b.access_token)).statusCode).toBe(200);

    expect((await logout(b, 'others')).statusCode).toBe(204);
    expect((await getUser(b.access_token)).statusCode).toBe(200);
    expect((await getUser(c.access_token)).statusCode).toBe(403);
    expect((await refresh(t.app, c.refresh_token)).statusCode).toBe(400);

    const d = await signIn(t.app, u.email, TEST_PASSWORD);
    expect((await logout(d, 'global')).statusCode).toBe(204);
    expect((await getUser(b.access_token)).statusCode).toBe(403);
    expect((await getUser(d.access_token)).statusCode).toBe(403);
    expect(await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, u.id))).toHaveLength(0);

    expect((await logout(d, 'everything')).statusCode).toBe(400);
  });

  it('ends every other session when the password changes', async () => {
    const u = await createUser(t.app);
    const keep = await signIn(t.app, u.email, TEST_PASSWORD);
    const other = await signIn(t.app, u.email, TEST_PASSWORD);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/auth/v1/user',
      headers: auth(keep.access_token),
      payload: { password: 'Another-Strong-Passphrase-7' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await getUser(keep.access_token)).statusCode).toBe(200);
    expect((await getUser(other.access_token)).statusCode).toBe(403);
    expect((await refresh(t.app, other.refresh_token)).statusCode).toBe(400);
    expect(
      (await post(t.app, '/auth/v1/token?grant_type=password', { email: u.email, password: TEST_PASSWORD }, {}, '10.1.0.1')).statusCode,
    ).toBe(400);
    await signIn(t.app, u.email, 'Another-Strong-Passphrase-7');

    const same = await t.app.inject({
      method: 'PUT',
      url: '/auth/v1/user',
      headers: auth(keep.access_token),
      payload: { password: 'Another-Strong-Passphrase-7' },
    });
    expect(same.json()).toMatchObject({ code: 422, error_code: 'same_password' });
    const weak = await t.app.inject({
      method: 'PUT',
      url: '/auth/v1/user',
      headers: auth(keep.access_token),
      payload: { password: 'short' },
    });
    expect(weak.json()).toMatchObject({ code: 422, error_code: 'weak_password' });
  });

  it('answers GoTrue errors for missing, foreign and broken tokens', async () => {
    const none = await t.app.inject({ url: '/auth/v1/user' });
    expect(none.json()).toMatchObject({ code: 401, error_code: 'no_authorization' });
    const anon = await getUser(t.app.ctx.keys.anon);
    expect(anon.json()).toMatchObject({ code: 403, error_code: 'bad_jwt' });
    const broken = await getUser('abc.def.ghi');
    expect(broken.json()).toMatchObject({ code: 403, error_code: 'bad_jwt' });
  });

  it('updates user metadata by merging keys', async () => {
    const u = await createUser(t.app);
    const s = await signIn(t.app, u.email, TEST_PASSWORD);
    const put = (data: unknown) => t.app.inject({ method: 'PUT', url: '/auth/v1/user', headers: auth(s.access_token), payload: { data } });
    await put({ theme: 'dark', avatar_url: 'https://example.test/a.png' });
    const res = await put({ avatar_url: null });
    expect(res.json().user_metadata).toEqual({ full_name: 'Test User', theme: 'dark' });
  });
});
