import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, driver, type TestContext } from '../../../test/harness.js';
import { settleDeferred } from './auth.deferred.js';
import { configureAuth } from './auth.deps.js';
import { lastMail, STRONG_PASSWORD, uniqueEmail } from './auth.test-support.js';

/** The PKCE flow as supabase-js (flowType 'pkce') drives it against the real server. */
let t: TestContext;
let url: string;
let offsetMs = 0;
const REDIRECT = 'http://localhost:3000/welcome';
const VERIFIER_KEY = 'sb-pkce-test-code-verifier';

/** The client's storage, kept so a test can read the verifier supabase-js stored (and removes after one exchange). */
function client(): { sb: SupabaseClient; store: Map<string, string>; verifiers: string[] } {
  const store = new Map<string, string>();
  const verifiers: string[] = [];
  const sb = createClient(url, t.app.ctx.keys.anon, {
    auth: {
      flowType: 'pkce',
      storageKey: 'sb-pkce-test',
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storage: {
        getItem: (k) => store.get(k) ?? null,
        setItem: (k, v) => {
          if (k === VERIFIER_KEY) verifiers.push(JSON.parse(v) as string);
          store.set(k, v);
        },
        removeItem: (k) => void store.delete(k),
      },
    },
    realtime: { transport: WebSocket as never },
  });
  return { sb, store, verifiers };
}

/** supabase-js keeps values JSON-encoded. */
const storedVerifier = (store: Map<string, string>) => JSON.parse(store.get(VERIFIER_KEY)!) as string;

/** What the confirmation page's button does with a link of the PKCE flow (features/auth/confirm-link.tsx). */
async function pressConfirm(token: string, type: string, redirectTo: string) {
  const res = await fetch(`${url}/auth/v1/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: t.app.ctx.keys.anon },
    body: JSON.stringify({ type, token_hash: token, redirect_to: redirectTo }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The mailed link's parts, and the code its button leads to. */
async function codeFromMail(email: string, template: string) {
  const mail = await lastMail(t.app, email, template);
  expect(mail.link).toContain('flow_type=pkce');
  // GoTrue's link form (GET /verify) spends nothing either, and leads to the same page of the PKCE flow.
  const opened = await fetch(`${url}/auth/v1/verify?token=${mail.token}&type=${mail.type}&redirect_to=${encodeURIComponent(REDIRECT)}`, {
    redirect: 'manual',
  });
  expect(opened.status).toBe(303);
  expect(opened.headers.get('location')).toContain('flow_type=pkce');
  const pressed = await pressConfirm(mail.token!, mail.type!, mail.redirectTo!);
  expect(pressed.status, JSON.stringify(pressed.body)).toBe(200);
  // No session leaves the server for the link alone: the holder of the verifier gets it.
  expect(pressed.body.access_token).toBeUndefined();
  const target = new URL(pressed.body.redirect_to as string);
  expect(`${target.origin}${target.pathname}`).toBe(REDIRECT);
  return target.searchParams.get('code')!;
}

const grant = (body: object) =>
  fetch(`${url}/auth/v1/token?grant_type=pkce`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: t.app.ctx.keys.anon },
    body: JSON.stringify(body),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }));

beforeAll(async () => {
  t = await createTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  configureAuth(t.app.ctx, { emailSendIntervalSeconds: 0, now: () => Date.now() + offsetMs });
});
beforeEach(() => {
  offsetMs = 0;
});
afterAll(async () => t?.close());

describe(`PKCE grant through supabase-js (${driver})`, () => {
  it('signs up, confirms through the link and exchanges the code for a session, once', async () => {
    const { sb, store } = client();
    const email = uniqueEmail('pkce-up');
    const up = await sb.auth.signUp({ email, password: STRONG_PASSWORD, options: { emailRedirectTo: REDIRECT } });
    expect(up.error).toBeNull();
    expect(up.data.session).toBeNull();
    const verifier = storedVerifier(store);
    expect(verifier.length).toBeGreaterThanOrEqual(43);

    const code = await codeFromMail(email, 'confirmation');
    const exchanged = await sb.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.session?.access_token).toBeTruthy();
    expect(exchanged.data.user?.email).toBe(email);
    expect(exchanged.data.user?.email_confirmed_at).toBeTruthy();
    const got = await sb.auth.getUser();
    expect(got.data.user?.id).toBe(up.data.user!.id);

    // The same code with the right verifier again: spent.
    const again = await grant({ auth_code: code, code_verifier: verifier });
    expect(again.status).toBe(404);
    expect(again.body.error_code).toBe('flow_state_not_found');
  });

  it('a magic link in the PKCE flow', async () => {
    const { sb } = client();
    const email = uniqueEmail('pkce-ml');
    // The first link creates and confirms the account; the second is a plain magic link.
    expect((await sb.auth.signInWithOtp({ email, options: { emailRedirectTo: REDIRECT } })).error).toBeNull();
    expect((await sb.auth.exchangeCodeForSession(await codeFromMail(email, 'confirmation'))).error).toBeNull();
    await sb.auth.signOut({ scope: 'local' });

    expect((await sb.auth.signInWithOtp({ email, options: { emailRedirectTo: REDIRECT } })).error).toBeNull();
    const code = await codeFromMail(email, 'magic_link');
    const exchanged = await sb.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.session?.user.email).toBe(email);
    const claims = JSON.parse(Buffer.from(exchanged.data.session!.access_token.split('.')[1]!, 'base64url').toString()) as {
      amr: { method: string }[];
    };
    expect(claims.amr[0]!.method).toBe('magiclink');
  });

  it('a recovery link: the exchange says it is a recovery (PASSWORD_RECOVERY)', async () => {
    const { sb } = client();
    const email = uniqueEmail('pkce-rec');
    await sb.auth.signInWithOtp({ email, options: { emailRedirectTo: REDIRECT } });
    await sb.auth.exchangeCodeForSession(await codeFromMail(email, 'confirmation'));
    await sb.auth.signOut({ scope: 'local' });

    const events: string[] = [];
    sb.auth.onAuthStateChange((event) => void events.push(event));
    expect((await sb.auth.resetPasswordForEmail(email, { redirectTo: REDIRECT })).error).toBeNull();
    const code = await codeFromMail(email, 'recovery');
    const exchanged = await sb.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    // supabase-js keeps '/recovery' with the verifier and says so after the exchange.
    expect((exchanged.data as { redirectType?: string | null }).redirectType).toBe('recovery');
    await settleDeferred(t.app.ctx);
    expect(events).toContain('PASSWORD_RECOVERY');
    expect((await sb.auth.updateUser({ password: 'Another-Strong-Phrase-57' })).error).toBeNull();
  });

  it('an e-mail change asked with a challenge: the link to the new address leads to a code for the verifier', async () => {
    const { sb, verifiers } = client();
    const email = uniqueEmail('pkce-chg');
    await sb.auth.signInWithOtp({ email, options: { emailRedirectTo: REDIRECT } });
    await sb.auth.exchangeCodeForSession(await codeFromMail(email, 'confirmation'));
    const newEmail = uniqueEmail('pkce-chg-new');
    const changed = await sb.auth.updateUser({ email: newEmail }, { emailRedirectTo: REDIRECT });
    expect(changed.error).toBeNull();
    // supabase-js 2.109 sends a challenge with the change and then drops its verifier as it saves the updated session
    // (_saveSession), so the app that asked cannot exchange the code itself; the verifier it sent is kept here.
    const verifier = verifiers.at(-1)!;
    expect(verifiers).toHaveLength(2);

    const code = await codeFromMail(newEmail, 'email_change');
    // The link alone changed the address but signed no one in; only the verifier's holder gets the session.
    expect((await grant({ auth_code: code, code_verifier: 'x'.repeat(43) })).body.error_code).toBe('bad_code_verifier');
    const exchanged = await grant({ auth_code: code, code_verifier: verifier });
    expect(exchanged.status, JSON.stringify(exchanged.body)).toBe(200);
    expect((exchanged.body.user as { email: string }).email).toBe(newEmail);
    expect((await grant({ auth_code: code, code_verifier: verifier })).status).toBe(404);
  });

  it('refuses a wrong verifier without spending the code', async () => {
    const { sb, store } = client();
    const email = uniqueEmail('pkce-wrong');
    await sb.auth.signUp({ email, password: STRONG_PASSWORD, options: { emailRedirectTo: REDIRECT } });
    const verifier = storedVerifier(store);
    const code = await codeFromMail(email, 'confirmation');

    const wrong = await grant({ auth_code: code, code_verifier: `${verifier.slice(0, -1)}${verifier.endsWith('A') ? 'B' : 'A'}` });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error_code).toBe('bad_code_verifier');
    // supabase-js with another client's verifier (a stolen code in another browser).
    const other = client();
    await other.sb.auth.signInWithOtp({ email: uniqueEmail('pkce-other'), options: { emailRedirectTo: REDIRECT } });
    const stolen = await other.sb.auth.exchangeCodeForSession(code);
    expect(stolen.error?.code).toBe('bad_code_verifier');

    const right = await grant({ auth_code: code, code_verifier: verifier });
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    expect((right.body.user as { email: string }).email).toBe(email);
  });

  it('a confirmation sent again (resend) belongs to the new verifier', async () => {
    const { sb, store } = client();
    const email = uniqueEmail('pkce-resend');
    await sb.auth.signUp({ email, password: STRONG_PASSWORD, options: { emailRedirectTo: REDIRECT } });
    const first = storedVerifier(store);
    expect((await sb.auth.resend({ type: 'signup', email, options: { emailRedirectTo: REDIRECT } })).error).toBeNull();
    expect(storedVerifier(store)).not.toBe(first);
    const code = await codeFromMail(email, 'confirmation');
    expect((await grant({ auth_code: code, code_verifier: first })).body.error_code).toBe('bad_code_verifier');
    const exchanged = await sb.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.email).toBe(email);
  });

  it('a code expires five minutes after the link gave it', async () => {
    const { sb, store } = client();
    const email = uniqueEmail('pkce-exp');
    await sb.auth.signUp({ email, password: STRONG_PASSWORD, options: { emailRedirectTo: REDIRECT } });
    const verifier = storedVerifier(store);
    const code = await codeFromMail(email, 'confirmation');
    offsetMs = 5 * 60_000 + 1_000;
    const late = await grant({ auth_code: code, code_verifier: verifier });
    expect(late.status).toBe(422);
    expect(late.body.error_code).toBe('flow_state_expired');
    offsetMs = 4 * 60_000;
    const inTime = await grant({ auth_code: code, code_verifier: verifier });
    expect(inTime.status, JSON.stringify(inTime.body)).toBe(200);
  });

  it('accepts the plain method, and checks the challenge as GoTrue does', async () => {
    const email = uniqueEmail('pkce-plain');
    const verifier = 'plain-verifier-0123456789-abcdefghijklmnopqrstuvwxyz';
    const post = (path: string, body: object) =>
      fetch(`${url}/auth/v1/${path}?redirect_to=${encodeURIComponent(REDIRECT)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', apikey: t.app.ctx.keys.anon },
        body: JSON.stringify(body),
      });
    expect((await post('otp', { email, code_challenge: verifier, code_challenge_method: 'plain' })).status).toBe(200);
    await settleDeferred(t.app.ctx);
    const code = await codeFromMail(email, 'confirmation');
    expect((await grant({ auth_code: code, code_verifier: 'not-the-verifier-0123456789-abcdefghijklmnopqrstu' })).status).toBe(400);
    expect((await grant({ auth_code: code, code_verifier: verifier })).status).toBe(200);

    const half = await post('otp', { email, code_challenge: verifier });
    expect(half.status).toBe(400);
    expect(((await half.json()) as { msg: string }).msg).toContain('code_challenge_method');
    const short = await post('signup', { email, password: STRONG_PASSWORD, code_challenge: 'short', code_challenge_method: 's256' });
    expect(short.status).toBe(400);
    const method = await post('recover', { email, code_challenge: verifier, code_challenge_method: 'S512' });
    expect(method.status).toBe(400);
    expect((await grant({ auth_code: '', code_verifier: verifier })).body.error_code).toBe('validation_failed');
    expect((await grant({ auth_code: 'no-such-code', code_verifier: verifier })).status).toBe(404);
  });

  it('keeps the implicit flow: a link sent without a challenge signs in at once, and replaces a PKCE link', async () => {
    const { sb } = client();
    const email = uniqueEmail('pkce-then-implicit');
    await sb.auth.signInWithOtp({ email, options: { emailRedirectTo: REDIRECT } });
    await settleDeferred(t.app.ctx);
    const implicit = createClient(url, t.app.ctx.keys.anon, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
    });
    expect((await implicit.auth.signInWithOtp({ email, options: { emailRedirectTo: REDIRECT } })).error).toBeNull();
    const mail = await lastMail(t.app, email, 'confirmation');
    expect(mail.link).not.toContain('flow_type');
    const opened = await fetch(`${url}/auth/v1/verify?token=${mail.token}&type=signup`, { redirect: 'manual' });
    expect(opened.headers.get('location')).not.toContain('flow_type');
    const verified = await implicit.auth.verifyOtp({ token_hash: mail.token!, type: 'signup' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.access_token).toBeTruthy();
  });
});
