import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.js';
import type { JwtService } from '../lib/jwt.js';
import { TokenError } from '../lib/jwt.js';
import type { AccessContext, Principal } from '../lib/principal.js';
import { API_KEY_PREFIX } from '@market/contracts/plain';
import { unauthorized } from '../lib/errors.js';
import { findLiveSession, loadAccess } from '../modules/access/index.js';
import { apiKeyAccess, authenticateApiKey } from '../modules/integrations/index.js';
import type { ReadCaches } from './read-caches.js';

export function bearerToken(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
  return m ? m[1]! : '';
}

function claimsApiKeyRole(token: string): boolean {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { role?: unknown };
    return payload.role === 'anon' || payload.role === 'service_role';
  } catch {
    return false;
  }
}

/** An organization's API key (decision 023), as opposed to the anon and service keys, which are JWTs. */
export const isOrganizationApiKey = (token: string | null): boolean => !!token && token.startsWith(API_KEY_PREFIX);

const KEY_ONLY_ON_API = 'API keys are accepted on /api/v1 only';
const API_PATH = /^\/api\/v1(\/|\?|$)/;

/**
 * Resolves who is calling, once per request: anon/service API key, a live user session, or an invalid token.
 * An organization's API key is never a principal here: this is also how realtime and the auth service resolve a
 * token, and keys reach /api/v1 only (the plugin resolves them there).
 */
export async function resolvePrincipal(
  db: Db,
  jwt: JwtService,
  token: string | null,
  apiKeyHeader?: string,
): Promise<Exclude<Principal, { kind: 'apiKey' }>> {
  if (isOrganizationApiKey(token) || isOrganizationApiKey(apiKeyHeader ?? null))
    return { kind: 'invalid', reason: KEY_ONLY_ON_API, expired: false };
  if (token === null || token === '') {
    if (token === '') return { kind: 'invalid', reason: 'invalid JWT: token is malformed', expired: false };
    if (apiKeyHeader) {
      try {
        const role = await jwt.verifyApiKey(apiKeyHeader);
        return role === 'service_role' ? { kind: 'service' } : { kind: 'anonymous', apiKey: 'anon' };
      } catch {
        return { kind: 'invalid', reason: 'invalid API key', expired: false };
      }
    }
    return { kind: 'anonymous', apiKey: null };
  }
  // An API key in the Authorization header (supabase-js sends the anon key there before sign-in).
  // The unverified role claim only picks which strict check runs, so a user token is verified once.
  if (claimsApiKeyRole(token)) {
    try {
      const role = await jwt.verifyApiKey(token);
      return role === 'service_role' ? { kind: 'service' } : { kind: 'anonymous', apiKey: 'anon' };
    } catch {
      return { kind: 'invalid', reason: 'invalid API key', expired: false };
    }
  }
  try {
    const claims = await jwt.verifyAccess(token);
    const live = await findLiveSession(db, claims.session_id, claims.sub);
    if (!live) return { kind: 'invalid', reason: 'invalid JWT: session not found or revoked', expired: false };
    const mfaRequired = Boolean(live.hasVerifiedFactor) && live.aal !== 'aal2';
    const validUntil = Math.min(claims.exp * 1000, live.notAfter ? live.notAfter.getTime() : Infinity);
    return { kind: 'user', userId: claims.sub, sessionId: claims.session_id, claims, user: live.user, mfaRequired, validUntil };
  } catch (err) {
    if (err instanceof TokenError) return { kind: 'invalid', reason: err.message, expired: err.expired };
    throw err;
  }
}

export const authContextPlugin = fp(
  async (app: FastifyInstance, opts: { db: Db; jwt: JwtService; caches: ReadCaches }) => {
    const principalKey = Symbol('principal');
    const accessKey = Symbol('access');
    type Cached = FastifyRequest & { [principalKey]?: Promise<Principal>; [accessKey]?: Promise<AccessContext | null> };
    const { principals, access } = opts.caches;
    /**
     * A user token's principal is kept until a write to the auth tables, its own expiry or the session's end. An
     * organization's API key is looked up on every request (one indexed read), so a revocation holds at once.
     */
    const principalOf = async (req: FastifyRequest, token: string | null, apikey: string | undefined): Promise<Principal> => {
      if (isOrganizationApiKey(token)) {
        if (!API_PATH.test(req.url)) return { kind: 'invalid', reason: KEY_ONLY_ON_API, expired: false };
        const creatorAccess = (userId: string) => access.getOrCompute(userId, () => loadAccess(opts.db, userId));
        return authenticateApiKey(opts.db, token!, req.ip, creatorAccess);
      }
      // Only user principals are kept, so a hit needs no look at the token's claims (a base64 decode and a parse).
      const hit = token ? principals.get(token) : undefined;
      if (hit) return hit;
      if (!token || claimsApiKeyRole(token)) return resolvePrincipal(opts.db, opts.jwt, token, apikey);
      const gen = principals.generation;
      const p = await resolvePrincipal(opts.db, opts.jwt, token, apikey);
      if (p.kind === 'user') principals.store(token, p, gen, p.validUntil);
      return p;
    };
    app.decorateRequest('principal', function (this: FastifyRequest) {
      const req = this as Cached;
      const apikey = typeof req.headers.apikey === 'string' ? req.headers.apikey : undefined;
      req[principalKey] ??= principalOf(req, bearerToken(req), apikey);
      return req[principalKey]!;
    });
    app.decorateRequest('access', function (this: FastifyRequest) {
      const req = this as Cached;
      req[accessKey] ??= req.principal().then((p) => {
        if (p.kind === 'apiKey') return apiKeyAccess(p);
        return p.kind === 'user' ? access.getOrCompute(p.userId, () => loadAccess(opts.db, p.userId)) : null;
      });
      return req[accessKey]!;
    });
    // Keys never reach the auth service, storage or realtime: a 401 before any of them looks at the request, in
    // the wire shape of the service's own error handler.
    app.addHook('onRequest', async (req) => {
      if (isOrganizationApiKey(bearerToken(req)) && !API_PATH.test(req.url)) throw unauthorized(KEY_ONLY_ON_API);
    });
  },
  { name: 'auth-context' },
);
