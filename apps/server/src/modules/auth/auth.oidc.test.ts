import { createHash, createHmac, generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, driver, type TestContext } from '../../../test/harness.js';
import { configureOidc } from './auth.oidc.js';
import { auth, signUpConfirmed, uniqueEmail } from './auth.test-support.js';

/*
 * A local OpenID Connect issuer (node:http on 127.0.0.1: discovery, JWKS, authorization and token endpoints)
 * and the app configured with it; signInWithIdToken and signInWithOAuth through supabase-js.
 */

const CLIENT_ID = 'market-test-client';
const CLIENT_SECRET = 'market-test-secret-0123456789';
const PROVIDER = 'acme';
const SITE = 'http://localhost:3000';

interface Key {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
}
const newKey = (kid: string): Key => ({ kid, ...generateKeyPairSync('rsa', { modulusLength: 2048 }) });

let issuerServer: Server;
let issuer: string;
let published: Key[];
/** The account the issuer's login page "signs in" next, and the codes its token endpoint will redeem. */
let nextLogin: { sub: string; email: string; emailVerified: boolean };
const codes = new Map<string, { nonce: string; clientId: string }>();
let t: TestContext;
let url: string;

async function idToken(
  claims: Record<string, unknown>,
  opts: { key?: Key; kid?: string; iss?: string; aud?: string | string[]; expSeconds?: number; iatSeconds?: number } = {},
): Promise<string> {
  const key = opts.key ?? published[0]!;
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: opts.kid ?? key.kid, typ: 'JWT' })
    .setIssuer(opts.iss ?? issuer)
    .setAudience(opts.aud ?? CLIENT_ID)
    .setIssuedAt(opts.iatSeconds ?? now)
    .setExpirationTime(opts.expSeconds ?? now + 600)
    .sign(key.privateKey);
}

const hashNonce = (nonce: string) => createHash('sha256').update(nonce).digest('hex');

async function startIssuer(): Promise<void> {
  issuerServer = createServer((req, res) => {
    const u = new URL(req.url ?? '/', issuer);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (u.pathname === '/.well-known/openid-configuration') {
      return json(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        token_endpoint_auth_methods_supported: ['client_secret_basic'],
        id_token_signing_alg_values_supported: ['RS256'],
      });
    }
    if (u.pathname === '/jwks') {
      return json(200, {
        keys: published.map((k) => ({ ...k.publicKey.export({ format: 'jwk' }), kid: k.kid, alg: 'RS256', use: 'sig' })),
      });
    }
    if (u.pathname === '/authorize') {
      // The provider's login, approved at once: back to the client's redirect_uri with a code and the state.
      const code = randomUUID();
      codes.set(code, { nonce: u.searchParams.get('nonce') ?? '', clientId: u.searchParams.get('client_id') ?? '' });
      const back = new URL(u.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', u.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (u.pathname === '/token' && req.method === 'POST') {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(raw);
        const basic = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
        if (basic !== `${CLIENT_ID}:${CLIENT_SECRET}`) return json(401, { error: 'invalid_client' });
        const grant = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        if (!grant || form.get('redirect_uri') !== `${SITE}/auth/v1/callback`) return json(400, { error: 'invalid_grant' });
        const accessToken = `at-${randomUUID()}`;
        const digest = createHash('sha256').update(accessToken).digest();
        void idToken({
          sub: nextLogin.sub,
          email: nextLogin.email,
          email_verified: nextLogin.emailVerified,
          name: 'Provider User',
          nonce: grant.nonce,
          at_hash: digest.subarray(0, 16).toString('base64url'),
        }).then((token) => json(200, { access_token: accessToken, token_type: 'Bearer', expires_in: 300, id_token: token }));
      });
      return;
    }
    json(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => issuerServer.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(issuerServer.address() as AddressInfo).port}`;
}

const client = (flowType: 'pkce' | 'implicit' = 'implicit'): SupabaseClient => {
  const store = new Map<string, string>();
  return createClient(url, t.app.ctx.keys.anon, {
    auth: {
      flowType,
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v), removeItem: (k) => void store.delete(k) },
    },
    realtime: { transport: WebSocket as never },
  });
};

beforeAll(async () => {
  published = [newKey('k1')];
  await startIssuer();
  t = await createTestApp({
    publicUrl: SITE,
    oidc: { provider: PROVIDER, name: 'Acme Login', issuer, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET },
  });
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  // An unknown kid may send the server to the key set again at once (the default waits 30 s between fetches).
  configureOidc(t.app.ctx, { jwksCooldownMs: 0 });
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => issuerServer?.close(resolve));
});

const person = () => ({ sub: `sub-${randomUUID()}`, email: uniqueEmail('oidc'), email_verified: true });

describe(`id_token grant against a local issuer (${driver})`, () => {
  it('says which provider is configured in /settings', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/v1/settings' });
    const body = res.json() as { external: Record<string, boolean>; oidc: { provider: string; name: string } };
    expect(body.external[PROVIDER]).toBe(true);
    expect(body.oidc).toEqual({ provider: PROVIDER, name: 'Acme Login' });
  });

  it('signs in with a good token (raw nonce, hashed in the token), creating the user and identity once', async () => {
    const sb = client();
    const who = person();
    const nonce = `nonce-${randomUUID()}`;
    const token = await idToken({ ...who, nonce: hashNonce(nonce) });
    const first = await sb.auth.signInWithIdToken({ provider: PROVIDER, token, nonce });
    expect(first.error).toBeNull();
    expect(first.data.user?.email).toBe(who.email);
    expect(first.data.user?.email_confirmed_at).toBeTruthy();
    expect(first.data.user?.identities?.map((i) => i.provider)).toContain(PROVIDER);
    expect(first.data.user?.app_metadata.providers).toContain(PROVIDER);

    const again = await client().auth.signInWithIdToken({ provider: PROVIDER, token: await idToken(who) });
    expect(again.error).toBeNull();
    expect(again.data.user?.id).toBe(first.data.user?.id);
    const me = await t.app.inject({ method: 'GET', url: '/auth/v1/user', headers: auth(again.data.session!.access_token) });
    expect(me.statusCode).toBe(200);
  });

  it('links the account of an address the provider vouches for, and refuses an address it does not', async () => {
    const existing = await signUpConfirmed(t.app, uniqueEmail('oidc-link'));
    const sub = `sub-${randomUUID()}`;
    const linked = await client().auth.signInWithIdToken({
      provider: PROVIDER,
      token: await idToken({ sub, email: existing.user.email, email_verified: true }),
    });
    expect(linked.error).toBeNull();
    expect(linked.data.user?.id).toBe(existing.user.id);

    const unverified = await client().auth.signInWithIdToken({
      provider: PROVIDER,
      token: await idToken({ sub: `sub-${randomUUID()}`, email: uniqueEmail('oidc-unverified'), email_verified: false }),
    });
    expect(unverified.error?.status).toBe(400);
    expect(unverified.error?.code).toBe('provider_email_needs_verification');
  });

  it('refuses forged, misdirected, stale and replayed tokens', async () => {
    const who = person();
    const nowS = Math.floor(Date.now() / 1000);
    const other = newKey('k1');
    const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const body = { ...who, iss: issuer, aud: CLIENT_ID, iat: nowS, exp: nowS + 600 };
    const publicPem = published[0]!.publicKey.export({ format: 'pem', type: 'spki' }) as string;
    const hsHeader = b64({ alg: 'HS256', kid: 'k1', typ: 'JWT' });
    const hsSig = createHmac('sha256', publicPem)
      .update(`${hsHeader}.${b64(body)}`)
      .digest('base64url');
    const nonce = 'the-nonce';

    const cases: [string, Promise<string> | string, string | undefined, string][] = [
      ['wrong signature', idToken(who, { key: other }), undefined, 'signature'],
      ['alg none', `${b64({ alg: 'none', typ: 'JWT' })}.${b64(body)}.`, undefined, 'Bad ID token'],
      ['HS256 with the public key', `${hsHeader}.${b64(body)}.${hsSig}`, undefined, 'algorithm'],
      ['wrong iss', idToken(who, { iss: `${issuer}/other` }), undefined, 'iss'],
      ['wrong aud', idToken(who, { aud: 'someone-else' }), undefined, 'aud'],
      ['expired', idToken(who, { iatSeconds: nowS - 3600, expSeconds: nowS - 120 }), undefined, 'expired'],
      ['issued in the future', idToken(who, { iatSeconds: nowS + 3600, expSeconds: nowS + 7200 }), undefined, 'iat'],
      ['wrong nonce', idToken({ ...who, nonce: hashNonce('another') }), nonce, 'nonce'],
      ['raw nonce in the token', idToken({ ...who, nonce }), nonce, 'nonce'],
      ['nonce sent, none in the token', idToken(who), nonce, 'nonce'],
      ['unknown kid', idToken(who, { key: newKey('k-unknown') }), undefined, 'kid'],
    ];
    for (const [label, token, sentNonce, says] of cases) {
      const res = await client().auth.signInWithIdToken({ provider: PROVIDER, token: await token, nonce: sentNonce });
      expect(res.error?.status, label).toBe(400);
      expect(res.error?.code, label).toBe('bad_jwt');
      expect(res.error?.message, label).toContain(says);
      expect(res.data.session, label).toBeNull();
    }
    const users = await t.app.inject({
      method: 'GET',
      url: `/auth/v1/admin/users?filter=${encodeURIComponent(who.email)}`,
      headers: auth(t.app.ctx.keys.service),
    });
    expect((users.json() as { users: unknown[] }).users).toHaveLength(0);
  });

  it('fetches the keys again for a kid it does not know (the provider rotated its key)', async () => {
    const rotated = newKey('k2');
    published = [rotated, ...published];
    const res = await client().auth.signInWithIdToken({ provider: PROVIDER, token: await idToken(person(), { key: rotated }) });
    expect(res.error).toBeNull();
    published = published.filter((k) => k.kid !== 'k2');
  });

  it('names an unknown provider, and says web3 is not offered', async () => {
    const res = await client().auth.signInWithIdToken({ provider: 'google', token: await idToken(person()) });
    expect(res.error?.status).toBe(400);
    expect(res.error?.message).toContain('"google"');
    const web3 = await t.app.inject({ method: 'POST', url: '/auth/v1/token?grant_type=web3', payload: {} });
    expect(web3.statusCode).toBe(400);
    expect(web3.json()).toMatchObject({ error_code: 'web3_provider_disabled' });
    expect((web3.json() as { msg: string }).msg).toContain('not offered');
  });
});

/** The browser's part of the redirect flow: every redirect followed by hand, the binding cookie carried. */
async function followToApp(start: string, opts: { dropCookie?: boolean } = {}) {
  const toServer = (u: string) => u.replace(SITE, url);
  const first = await fetch(toServer(start), { redirect: 'manual' });
  expect(first.status).toBe(302);
  const cookie = first.headers.get('set-cookie')!.split(';')[0]!;
  const atProvider = first.headers.get('location')!;
  expect(atProvider.startsWith(`${issuer}/authorize?`)).toBe(true);
  const fromProvider = await fetch(atProvider, { redirect: 'manual' });
  const callback = fromProvider.headers.get('location')!;
  expect(callback.startsWith(`${SITE}/auth/v1/callback?`)).toBe(true);
  const back = await fetch(toServer(callback), { redirect: 'manual', headers: opts.dropCookie ? {} : { cookie } });
  expect(back.status).toBe(302);
  return { provider: new URL(atProvider), final: new URL(back.headers.get('location')!) };
}

describe(`the authorization code flow (/authorize, /callback) against a local issuer (${driver})`, () => {
  it('implicit: the session comes back in the fragment', async () => {
    const who = person();
    nextLogin = { sub: who.sub, email: who.email, emailVerified: true };
    const start = `${SITE}/auth/v1/authorize?provider=${PROVIDER}&redirect_to=${encodeURIComponent(`${SITE}/dashboard`)}`;
    const { provider, final } = await followToApp(start);
    expect(provider.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(provider.searchParams.get('scope')).toContain('openid');
    expect(provider.searchParams.get('nonce')).toBeTruthy();
    expect(`${final.origin}${final.pathname}`).toBe(`${SITE}/dashboard`);
    const fragment = new URLSearchParams(final.hash.slice(1));
    const token = fragment.get('access_token')!;
    expect(fragment.get('refresh_token')).toBeTruthy();
    const me = await t.app.inject({ method: 'GET', url: '/auth/v1/user', headers: auth(token) });
    expect((me.json() as { email: string }).email).toBe(who.email);
  });

  it('PKCE through supabase-js: signInWithOAuth, the provider, ?code= and exchangeCodeForSession', async () => {
    const sb = client('pkce');
    const who = person();
    nextLogin = { sub: who.sub, email: who.email, emailVerified: true };
    const { data, error } = await sb.auth.signInWithOAuth({
      provider: PROVIDER as never,
      options: { redirectTo: `${SITE}/products`, skipBrowserRedirect: true },
    });
    expect(error).toBeNull();
    const { final } = await followToApp(data.url!.replace(url, SITE));
    expect(`${final.origin}${final.pathname}`).toBe(`${SITE}/products`);
    expect(final.hash).toBe('');
    const code = final.searchParams.get('code')!;
    const exchanged = await sb.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.email).toBe(who.email);
    // Spent.
    const again = await client('pkce').auth.exchangeCodeForSession(code);
    expect(again.error).not.toBeNull();
  });

  it('a callback in a browser that did not start the sign-in signs no one in', async () => {
    const who = person();
    nextLogin = { sub: who.sub, email: who.email, emailVerified: true };
    const { final } = await followToApp(`${SITE}/auth/v1/authorize?provider=${PROVIDER}&redirect_to=${encodeURIComponent(`${SITE}/`)}`, {
      dropCookie: true,
    });
    const fragment = new URLSearchParams(final.hash.slice(1));
    expect(fragment.get('error_code')).toBe('bad_oauth_state');
    expect(fragment.get('access_token')).toBeNull();
    const forged = await fetch(`${url}/auth/v1/callback?code=x&state=${encodeURIComponent('e30.bad')}`, { redirect: 'manual' });
    expect(new URLSearchParams(new URL(forged.headers.get('location')!).hash.slice(1)).get('error_code')).toBe('bad_oauth_state');
  });

  it('sends the browser only to an allowed redirect, and names an unknown provider', async () => {
    const who = person();
    nextLogin = { sub: who.sub, email: who.email, emailVerified: true };
    const { final } = await followToApp(
      `${SITE}/auth/v1/authorize?provider=${PROVIDER}&redirect_to=${encodeURIComponent('https://evil.example/steal')}`,
    );
    expect(final.origin).toBe(SITE);
    const unknown = await fetch(`${url}/auth/v1/authorize?provider=github`, { redirect: 'manual' });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { msg: string }).msg).toContain('"github"');
  });
});
