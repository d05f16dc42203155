import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, driver, type TestContext } from '../../../test/harness.js';
import { totpAt } from '../../lib/totp.js';
import { createUser, TEST_PASSWORD } from '../../../test/factories.js';
import { settleDeferred } from './auth.deferred.js';
import { configureAuth } from './auth.deps.js';
import { lastMail, uniqueEmail } from './auth.test-support.js';

/** The real client against the real server: the wire contract as supabase-js speaks it. */
let t: TestContext;
let url: string;

const client = (key: string): SupabaseClient =>
  createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // Node 20 has no global WebSocket; realtime is not used here, but the client builds it eagerly.
    realtime: { transport: WebSocket as never },
  });

beforeAll(async () => {
  t = await createTestApp();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = address;
});
afterAll(async () => t?.close());

describe(`supabase-js against /auth/v1 (${driver})`, () => {
  it('signs up, confirms, signs in, refreshes, reads and updates the user, and signs out', async () => {
    const sb = client(t.app.ctx.keys.anon);
    const email = uniqueEmail('sbjs');
    const password = 'Supabase-Client-Pass-31';

    const up = await sb.auth.signUp({ email, password, options: { data: { full_name: 'Layla' } } });
    expect(up.error).toBeNull();
    expect(up.data.session).toBeNull();
    expect(up.data.user?.email).toBe(email);
    expect(up.data.user?.identities?.length).toBe(1);

    await settleDeferred(t.app.ctx);
    const early = await sb.auth.signInWithPassword({ email, password });
    expect(early.error?.code).toBe('email_not_confirmed');

    const { code } = await lastMail(t.app, email, 'confirmation');
    const verified = await sb.auth.verifyOtp({ email, token: code!, type: 'signup' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.access_token).toBeTruthy();
    // Confirming drops the password given at sign-up: the mailbox owner chooses it (decision 008).
    expect((verified.data.user as unknown as { has_password: boolean }).has_password).toBe(false);
    expect((await sb.auth.updateUser({ password })).error).toBeNull();

    const signedIn = await sb.auth.signInWithPassword({ email, password });
    expect(signedIn.error).toBeNull();
    const first = signedIn.data.session!;
    expect(first.user.user_metadata).toEqual({ full_name: 'Layla' });

    const refreshed = await sb.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session!.refresh_token).not.toBe(first.refresh_token);

    const got = await sb.auth.getUser();
    expect(got.error).toBeNull();
    expect(got.data.user?.id).toBe(first.user.id);

    const updated = await sb.auth.updateUser({ data: { theme: 'dark' } });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toEqual({ full_name: 'Layla', theme: 'dark' });

    const other = client(t.app.ctx.keys.anon);
    await other.auth.signInWithPassword({ email, password });
    expect((await sb.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await other.auth.getUser()).error).not.toBeNull();
    expect((await sb.auth.getUser()).error).toBeNull();

    const token = (await sb.auth.getSession()).data.session!.access_token;
    expect((await sb.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect((await sb.auth.getSession()).data.session).toBeNull();
    const after = await sb.auth.getUser(token);
    expect(after.error).not.toBeNull();
  });

  it('revokes the whole session when a rotated refresh token is replayed after the grace period', async () => {
    configureAuth(t.app.ctx, { refreshReuseGraceMs: 0 });
    try {
      const u = await createUser(t.app);
      const sb = client(t.app.ctx.keys.anon);
      const first = (await sb.auth.signInWithPassword({ email: u.email, password: TEST_PASSWORD })).data.session!;
      const rotated = await sb.auth.refreshSession();
      expect(rotated.error).toBeNull();
      const thief = client(t.app.ctx.keys.anon);
      const replay = await thief.auth.refreshSession({ refresh_token: first.refresh_token });
      expect(replay.error?.code).toBe('refresh_token_already_used');
      // The legitimate holder's session died with it: its access token and its new refresh token are refused.
      expect((await sb.auth.getUser(rotated.data.session!.access_token)).error).not.toBeNull();
      expect(
        (await client(t.app.ctx.keys.anon).auth.refreshSession({ refresh_token: rotated.data.session!.refresh_token })).error,
      ).not.toBeNull();
    } finally {
      configureAuth(t.app.ctx, { refreshReuseGraceMs: 10_000 });
    }
  });

  it('signs out everywhere with the global scope', async () => {
    const u = await createUser(t.app);
    const a = client(t.app.ctx.keys.anon);
    const b = client(t.app.ctx.keys.anon);
    await a.auth.signInWithPassword({ email: u.email, password: TEST_PASSWORD });
    await b.auth.signInWithPassword({ email: u.email, password: TEST_PASSWORD });
    const bToken = (await b.auth.getSession()).data.session!.access_token;
    expect((await a.auth.signOut({ scope: 'global' })).error).toBeNull();
    expect((await b.auth.getUser(bToken)).error).not.toBeNull();
  });

  it('reports weak passwords and invalid credentials as auth-js errors', async () => {
    const sb = client(t.app.ctx.keys.anon);
    const weak = await sb.auth.signUp({ email: uniqueEmail(), password: 'qwerty' });
    expect(weak.error?.name).toBe('AuthWeakPasswordError');
    expect((weak.error as unknown as { reasons: string[] }).reasons).toEqual(['length', 'pwned']);
    const bad = await sb.auth.signInWithPassword({ email: uniqueEmail(), password: 'Not-The-Password-1' });
    expect(bad.error?.status).toBe(400);
    expect(bad.error?.code).toBe('invalid_credentials');
    expect((await sb.auth.resetPasswordForEmail(uniqueEmail())).error).toBeNull();
  });

  it('enrols, challenges and verifies TOTP, reaching aal2, then unenrols', async () => {
    const admin = client(t.app.ctx.keys.service);
    const email = uniqueEmail('mfa');
    const password = 'Mfa-Client-Passphrase-8';
    expect((await admin.auth.admin.createUser({ email, password, email_confirm: true })).error).toBeNull();

    const sb = client(t.app.ctx.keys.anon);
    expect((await sb.auth.signInWithPassword({ email, password })).error).toBeNull();
    const enrolled = await sb.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Authenticator' });
    expect(enrolled.error).toBeNull();
    const factor = enrolled.data!;
    expect(factor.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg /);

    const challenge = await sb.auth.mfa.challenge({ factorId: factor.id });
    expect(challenge.error).toBeNull();
    const verify = await sb.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data!.id,
      code: totpAt(factor.totp.secret, Date.now()),
    });
    expect(verify.error).toBeNull();
    const aal = await sb.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    expect(aal.data!.currentAuthenticationMethods.map((m) => (typeof m === 'string' ? m : m.method))).toContain('totp');
    const factors = await sb.auth.mfa.listFactors();
    expect(factors.data?.totp.map((f) => f.id)).toEqual([factor.id]);

    const again = client(t.app.ctx.keys.anon);
    await again.auth.signInWithPassword({ email, password });
    expect((await again.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });

    expect((await sb.auth.mfa.unenroll({ factorId: factor.id })).error).toBeNull();
    expect((await sb.auth.mfa.listFactors()).data?.all).toEqual([]);
  });

  it('drives the admin API with the service key, and refuses it with the anon key', async () => {
    const admin = client(t.app.ctx.keys.service);
    const email = uniqueEmail('admin-sbjs');
    const created = await admin.auth.admin.createUser({ email, password: 'Admin-Client-Passphrase-4', user_metadata: { a: 1 } });
    expect(created.error).toBeNull();
    const id = created.data.user!.id;

    const list = await admin.auth.admin.listUsers({ page: 1, perPage: 50 });
    expect(list.error).toBeNull();
    expect(list.data.users.map((u) => u.id)).toContain(id);
    expect((list.data as unknown as { total: number }).total).toBeGreaterThanOrEqual(1);

    const byId = await admin.auth.admin.getUserById(id);
    expect(byId.data.user?.email).toBe(email);
    const upd = await admin.auth.admin.updateUserById(id, { user_metadata: { b: 2 } });
    expect(upd.data.user?.user_metadata).toEqual({ a: 1, b: 2 });

    const link = await admin.auth.admin.generateLink({ type: 'magiclink', email });
    expect(link.error).toBeNull();
    expect(link.data.properties?.email_otp).toMatch(/^\d{6}$/);

    const invited = await admin.auth.admin.inviteUserByEmail(uniqueEmail('invite-sbjs'));
    expect(invited.error).toBeNull();

    expect((await admin.auth.admin.deleteUser(id)).error).toBeNull();
    expect((await admin.auth.admin.getUserById(id)).error?.status).toBe(404);

    const anon = client(t.app.ctx.keys.anon);
    const refused = await anon.auth.admin.listUsers();
    expect(refused.error?.status).toBe(403);
    expect(refused.error?.code).toBe('not_admin');
  });
});
