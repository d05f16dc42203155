import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../../../test/factories.js';
import { driver, type TestContext } from '../../../test/harness.js';
import { auditLog } from '../../db/schema/index.js';
import { parseBanDuration } from './auth.admin.js';
import { auth, lastMail, linkParts, post, signIn, startWithServiceKey, uniqueEmail, type Session } from './auth.test-support.js';

let t: TestContext;
let service: Record<string, string>;
beforeAll(async () => {
  ({ t, service } = await startWithServiceKey());
});
afterAll(async () => t?.close());

const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = service) =>
  t.app.inject({ method, url: `/auth/v1${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

describe(`auth admin API (${driver})`, () => {
  it('creates, reads, updates, lists and deletes users with the service key', async () => {
    const email = uniqueEmail('admin');
    const created = await admin('POST', '/admin/users', {
      email,
      password: 'Admin-Made-Passphrase-1',
      email_confirm: true,
      user_metadata: { full_name: 'Omar' },
      app_metadata: { tier: 'gold' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const u = created.json();
    expect(u).toMatchObject({
      email,
      user_metadata: { full_name: 'Omar' },
      app_metadata: { provider: 'email', providers: ['email'], tier: 'gold' },
    });
    expect(u.email_confirmed_at).toBeTruthy();
    await signIn(t.app, email, 'Admin-Made-Passphrase-1');

    expect((await admin('GET', `/admin/users/${u.id}`)).json().id).toBe(u.id);
    const dup = await admin('POST', '/admin/users', { email, password: 'Admin-Made-Passphrase-1' });
    expect(dup.json()).toMatchObject({ code: 422, error_code: 'email_exists' });
    expect((await admin('POST', '/admin/users', { email: uniqueEmail(), password: 'short' })).json().error_code).toBe('weak_password');

    const upd = await admin('PUT', `/admin/users/${u.id}`, { user_metadata: { team: 'ops' }, ban_duration: '24h' });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().user_metadata).toEqual({ full_name: 'Omar', team: 'ops' });
    expect(new Date(upd.json().banned_until).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    expect(
      (await post(t.app, '/auth/v1/token?grant_type=password', { email, password: 'Admin-Made-Passphrase-1' })).json().error_code,
    ).toBe('user_banned');
    expect((await admin('PUT', `/admin/users/${u.id}`, { ban_duration: 'none' })).json().banned_until).toBeUndefined();

    const audits = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, u.id), eq(auditLog.action, 'auth.admin.update_user')));
    expect(audits.length).toBe(2);
    expect(JSON.stringify(audits)).not.toContain('argon2');

    const second = await createUser(t.app);
    const list = await admin('GET', '/admin/users?page=1&per_page=1');
    expect(list.statusCode).toBe(200);
    expect(list.json().users.map((x: { id: string }) => x.id)).toEqual([second.id]);
    expect(list.json().aud).toBe('authenticated');
    expect(list.headers['x-total-count']).toBe('2');
    expect(list.headers.link).toBe(
      '<http://localhost:3000/auth/v1/admin/users?page=2&per_page=1>; rel="next", <http://localhost:3000/auth/v1/admin/users?page=2&per_page=1>; rel="last"',
    );
    const page2 = await admin('GET', '/admin/users?page=2&per_page=1');
    expect(page2.json().users.map((x: { id: string }) => x.id)).toEqual([u.id]);
    // auth-js sends empty strings when no page is asked for.
    expect((await admin('GET', '/admin/users?page=&per_page=')).statusCode).toBe(200);
    expect((await admin('GET', '/admin/users?page=-1')).statusCode).toBe(400);

    const del = await admin('DELETE', `/admin/users/${u.id}`, { should_soft_delete: false });
    expect(del.statusCode).toBe(200);
    expect((await admin('GET', `/admin/users/${u.id}`)).json()).toMatchObject({ code: 404, error_code: 'user_not_found' });
    expect((await admin('GET', '/admin/users/not-a-uuid')).statusCode).toBe(404);
  });

  it('soft-deletes a user: sessions end and the address is free again', async () => {
    const u = await createUser(t.app);
    const s = await signIn(t.app, u.email, TEST_PASSWORD);
    expect((await admin('DELETE', `/admin/users/${u.id}`, { should_soft_delete: true })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/auth/v1/user', headers: auth(s.access_token) })).statusCode).toBe(403);
    expect((await admin('POST', '/admin/users', { email: u.email, password: 'Reused-Address-Pass-1' })).statusCode).toBe(200);
  });

  it('refuses the anon key, a user token, a broken token and no token', async () => {
    const u = await createUser(t.app);
    const s = await signIn(t.app, u.email, TEST_PASSWORD);
    const anon = await admin('GET', '/admin/users', undefined, { ...auth(t.app.ctx.keys.anon), apikey: t.app.ctx.keys.anon });
    expect(anon.json()).toEqual({ code: 403, error_code: 'not_admin', msg: 'User not allowed' });
    const user = await admin('POST', '/admin/users', { email: uniqueEmail(), password: 'Some-Strong-Pass-123' }, auth(s.access_token));
    expect(user.json()).toMatchObject({ code: 403, error_code: 'not_admin' });
    expect((await admin('DELETE', `/admin/users/${u.id}`, undefined, auth('x.y.z'))).statusCode).toBe(403);
    expect((await admin('GET', `/admin/users/${u.id}`, undefined, {})).json()).toMatchObject({ code: 401, error_code: 'no_authorization' });
    expect((await admin('POST', '/invite', { email: uniqueEmail() }, auth(t.app.ctx.keys.anon))).statusCode).toBe(403);
    expect((await admin('GET', `/admin/users/${u.id}`)).statusCode).toBe(200);
  });

  it('invites a user, whose invitation signs them in to choose a password', async () => {
    const email = uniqueEmail('invitee');
    const res = await admin('POST', '/invite', { email, data: { full_name: 'Invited Person' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().invited_at).toBeTruthy();
    const { token } = await lastMail(t.app, email, 'invite');
    const v = await post(t.app, '/auth/v1/verify', { type: 'invite', token_hash: token });
    expect(v.statusCode, v.body).toBe(200);
    const s = v.json() as Session;
    expect(s.user.email_confirmed_at).toBeTruthy();
    const pw = await t.app.inject({
      method: 'PUT',
      url: '/auth/v1/user',
      headers: auth(s.access_token),
      payload: { password: 'Invited-Passphrase-77' },
    });
    expect(pw.statusCode).toBe(200);
    await signIn(t.app, email, 'Invited-Passphrase-77');
    expect((await admin('POST', '/invite', { email })).json().error_code).toBe('email_exists');
  });

  it('generates links without sending them', async () => {
    const u = await createUser(t.app);
    const res = await admin('POST', '/admin/generate_link', { type: 'recovery', email: u.email });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: u.id, verification_type: 'recovery', redirect_to: 'http://localhost:3000' });
    // The link a mail would carry: the confirmation page, with the hashed token in its fragment.
    expect(body.action_link).toContain('/auth?mode=confirm');
    expect(linkParts(body.action_link).token).toBe(body.hashed_token);
    expect(body.email_otp).toMatch(/^\d{6}$/);
    await expect(lastMail(t.app, u.email, 'recovery')).rejects.toThrow();
    const v = await post(t.app, '/auth/v1/verify', { type: 'recovery', email: u.email, token: body.email_otp });
    expect(v.statusCode).toBe(200);
    expect((await admin('POST', '/admin/generate_link', { type: 'magiclink', email: uniqueEmail() })).statusCode).toBe(404);
  });

  it('signs in by phone number a confirmed phone user the admin created', async () => {
    const created = await admin('POST', '/admin/users', {
      phone: '+1 555 010 9999',
      password: 'Phone-User-Passphrase-3',
      phone_confirm: true,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ phone: '15550109999', email: '', app_metadata: { provider: 'phone', providers: ['phone'] } });
    const s = await post(t.app, '/auth/v1/token?grant_type=password', { phone: '+15550109999', password: 'Phone-User-Passphrase-3' });
    expect(s.statusCode, s.body).toBe(200);
    expect((await t.app.ctx.jwt.verifyAccess(s.json().access_token)).phone).toBe('15550109999');
    await admin('POST', '/admin/users', { phone: '+15550108888', password: 'Phone-User-Passphrase-3' });
    const pending = await post(t.app, '/auth/v1/token?grant_type=password', { phone: '+15550108888', password: 'Phone-User-Passphrase-3' });
    expect(pending.json()).toMatchObject({ code: 400, error_code: 'phone_not_confirmed' });
  });

  it('parses Go durations for bans', () => {
    expect(parseBanDuration('1h30m')).toBe(90 * 60_000);
    expect(parseBanDuration('none')).toBe('none');
    expect(() => parseBanDuration('forever')).toThrow();
    expect(() => parseBanDuration('9999999999h')).toThrow(/100 years/);
  });
});
