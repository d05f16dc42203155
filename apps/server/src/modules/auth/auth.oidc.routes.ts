import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { AuthError, badRequest, validationFailed } from './auth.errors.js';
import { HIDDEN, requestMeta, sha256, type AuthDeps, type RequestMeta } from './auth.deps.js';
import { oidcClient, providerNamed, type OidcClient } from './auth.oidc.js';
import { signInWithClaims } from './auth.oidc.identity.js';
import { codeForProviderFlow, pkceParams, startProviderFlow } from './auth.pkce.js';
import { safeRedirect, withFragment, withQuery } from './auth.redirect.js';
import { parse } from './auth.schemas.js';
import type { SessionResponse } from './auth.tokens.js';

/*
 * Signing in with the operator's OpenID Connect provider:
 * - POST /token?grant_type=id_token {provider, id_token, access_token?, nonce?} (signInWithIdToken): a token
 *   the client got from the provider itself. As GoTrue: the request's nonce is the raw value and the token
 *   holds its SHA-256 in hex; both or neither.
 * - GET /authorize?provider=…&redirect_to=… (signInWithOAuth) sends the browser to the provider with a signed,
 *   short-lived state and a nonce; GET /callback redeems the provider's code with the client secret, verifies
 *   the ID token as above and sends the browser to redirect_to with ?code= (PKCE) or the session in the
 *   fragment (implicit). The state is bound to the browser by a cookie, so a callback URL made in another
 *   browser (login CSRF) does not sign this one in.
 */

const STATE_TTL_MS = 10 * 60_000;
const BINDING_COOKIE = 'market-oidc-binding';
const CALLBACK_PATH = '/auth/v1/callback';

const idTokenBody = z.object({
  provider: z.string().max(64).nullish(),
  id_token: z.string().max(16_384).nullish(),
  access_token: z.string().max(16_384).nullish(),
  nonce: z.string().max(512).nullish(),
  client_id: z.string().max(512).nullish(),
  issuer: z.string().max(2048).nullish(),
});

const authorizeQuery = z.object({
  provider: z.string().max(64).optional(),
  redirect_to: z.string().max(2048).optional(),
  scopes: z.string().max(512).optional(),
  code_challenge: z.string().max(512).optional(),
  code_challenge_method: z.string().max(20).optional(),
  skip_http_redirect: z.string().max(10).optional(),
});

const callbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(4096).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});

/** POST /token?grant_type=id_token. */
export async function idTokenGrant(deps: AuthDeps, body: unknown, meta: RequestMeta): Promise<SessionResponse> {
  const input = parse(idTokenBody, body);
  const configured = oidcClient(deps.ctx);
  const name =
    input.provider ?? (input.issuer && configured?.settings.issuer === input.issuer ? configured.settings.provider : input.issuer);
  const client = providerNamed(deps.ctx, name);
  if (!input.id_token) throw validationFailed('id_token is required');
  if (input.client_id && input.client_id !== client.settings.clientId)
    throw badRequest('bad_jwt', 'Bad ID token: issued to another client');
  const claims = await client.verifyIdToken(input.id_token, {
    nonce: input.nonce ? sha256(input.nonce) : null,
    accessToken: input.access_token,
    nowMs: deps.tuning.now(),
  });
  return (await signInWithClaims(deps, client.settings.provider, claims, meta)) as SessionResponse;
}

interface State {
  /** provider */
  p: string;
  /** where to send the browser at the end (already checked against the allow-list) */
  r: string;
  /** the nonce sent to the provider */
  n: string;
  /** the PKCE flow state's id, or null for the implicit flow */
  f: string | null;
  /** SHA-256 of the browser's binding cookie */
  b: string;
  /** expiry, ms */
  e: number;
}

const mac = (secret: string, payload: string) => createHmac('sha256', secret).update(`oidc-state:${payload}`).digest('base64url');

function signState(secret: string, state: State): string {
  const payload = Buffer.from(JSON.stringify(state)).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

function readState(secret: string, raw: string | undefined, nowMs: number): State | null {
  if (!raw) return null;
  const [payload, sig] = raw.split('.');
  if (!payload || !sig) return null;
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const state = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as State;
    return typeof state.e === 'number' && state.e > nowMs ? state : null;
  } catch {
    return null;
  }
}

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return null;
}

function bindingCookie(deps: AuthDeps, value: string, maxAgeSeconds: number): string {
  const secure = deps.ctx.config.publicUrl.startsWith('https:') ? '; Secure' : '';
  return `${BINDING_COOKIE}=${value}; Path=${CALLBACK_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

/** GoTrue sends a failed provider sign-in back to the app with the error in the fragment. */
function redirectError(reply: FastifyReply, target: string, code: string, description: string) {
  return reply.redirect(withFragment(target, { error: 'access_denied', error_code: code, error_description: description }), 302);
}

function scopesOf(extra: string | undefined): string {
  const words = new Set(['openid', 'email', 'profile']);
  for (const w of (extra ?? '').split(/[\s,]+/)) if (/^[\x21\x23-\x5b\x5d-\x7e]{1,64}$/.test(w)) words.add(w);
  return [...words].slice(0, 20).join(' ');
}

async function authorize(deps: AuthDeps, query: unknown, cookieSetter: (c: string) => void): Promise<string> {
  const q = parse(authorizeQuery, query);
  if (!q.provider) throw validationFailed('Unsupported provider: provider is required');
  const client: OidcClient = providerNamed(deps.ctx, q.provider);
  const pkce = pkceParams(q.code_challenge, q.code_challenge_method);
  const doc = await client.discovery();
  const nowMs = deps.tuning.now();
  let flowId: string | null = null;
  if (pkce) {
    flowId = await deps.ctx.db.transaction((tx) => startProviderFlow(tx, client.settings.provider, pkce, new Date(nowMs + STATE_TTL_MS)));
  }
  const binding = randomBytes(24).toString('base64url');
  const nonce = randomBytes(24).toString('base64url');
  const state = signState(deps.ctx.config.jwtSecret, {
    p: client.settings.provider,
    r: safeRedirect(deps.ctx.config, q.redirect_to),
    n: nonce,
    f: flowId,
    b: sha256(binding),
    e: nowMs + STATE_TTL_MS,
  });
  cookieSetter(bindingCookie(deps, binding, STATE_TTL_MS / 1000));
  const url = new URL(doc.authorization_endpoint);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', client.settings.clientId);
  url.searchParams.set('redirect_uri', `${deps.ctx.config.publicUrl}${CALLBACK_PATH}`);
  url.searchParams.set('scope', scopesOf(q.scopes));
  url.searchParams.set('state', state);
  url.searchParams.set('nonce', nonce);
  return url.toString();
}

async function callback(deps: AuthDeps, query: unknown, cookies: string | undefined, meta: RequestMeta, reply: FastifyReply) {
  const q = callbackQuery.safeParse(query ?? {});
  const site = deps.ctx.config.publicUrl;
  const nowMs = deps.tuning.now();
  const state = readState(deps.ctx.config.jwtSecret, q.success ? q.data.state : undefined, nowMs);
  if (!q.success || !state) return redirectError(reply, site, 'bad_oauth_state', 'OAuth state is missing, invalid or expired');
  const target = safeRedirect(deps.ctx.config, state.r);
  const binding = cookieValue(cookies, BINDING_COOKIE);
  // The cookie is spent whatever happens next.
  void reply.header('set-cookie', bindingCookie(deps, '', 0));
  if (!binding || sha256(binding) !== state.b) {
    return redirectError(reply, target, 'bad_oauth_state', 'OAuth state does not belong to this browser: start the sign-in again');
  }
  if (q.data.error) return redirectError(reply, target, 'provider_error', q.data.error_description ?? q.data.error);
  if (!q.data.code) return redirectError(reply, target, 'bad_oauth_callback', 'OAuth callback with missing authorization code');
  const client = oidcClient(deps.ctx);
  if (!client || client.settings.provider !== state.p)
    return redirectError(reply, target, 'provider_disabled', `Provider "${state.p}" is not enabled`);
  try {
    const tokens = await client.redeemCode(q.data.code, `${site}${CALLBACK_PATH}`);
    const claims = await client.verifyIdToken(tokens.idToken, { nonce: state.n, accessToken: tokens.accessToken, nowMs });
    const flowId = state.f;
    const result = await signInWithClaims(
      deps,
      client.settings.provider,
      claims,
      meta,
      flowId ? (tx, user) => codeForProviderFlow(deps, tx, flowId, user.id) : undefined,
    );
    if (flowId) {
      if (typeof result !== 'string')
        return redirectError(reply, target, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
      return reply.redirect(withQuery(target, { code: result }), 302);
    }
    const s = result as SessionResponse;
    return reply.redirect(
      withFragment(target, {
        access_token: s.access_token,
        expires_at: String(s.expires_at),
        expires_in: String(s.expires_in),
        refresh_token: s.refresh_token,
        token_type: s.token_type,
        ...(tokens.accessToken ? { provider_token: tokens.accessToken } : {}),
      }),
      302,
    );
  } catch (err) {
    // The browser is mid-redirect: whatever went wrong goes back to the app, which shows it.
    if (err instanceof AuthError) return redirectError(reply, target, err.errorCode, err.message);
    throw err;
  }
}

export function registerOidcRoutes(app: FastifyInstance, deps: AuthDeps): void {
  app.get('/authorize', HIDDEN, async (req, reply) => {
    const url = await authorize(deps, req.query, (c) => void reply.header('set-cookie', c));
    const skip = (req.query as Record<string, unknown> | undefined)?.skip_http_redirect === 'true';
    return skip ? { url } : reply.redirect(url, 302);
  });
  app.get('/callback', HIDDEN, async (req, reply) => callback(deps, req.query, req.headers.cookie, requestMeta(req), reply));
}
