import type { FastifyRequest } from 'fastify';
import type { Principal } from '../../lib/principal.js';
import { bearerToken } from '../../plugins/auth-context.js';
import { AuthError, forbiddenAuth } from './auth.errors.js';

export type UserPrincipal = Extract<Principal, { kind: 'user' }>;

const noAuthorization = () => new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');

/**
 * The signed-in user of a request, checked strictly on every call (signature, expiry, live session).
 * Errors are GoTrue's: 401 without a token, 403 bad_jwt or session_not_found (auth-js turns the
 * latter into AuthSessionMissingError and signs the client out).
 */
export async function requireUser(req: FastifyRequest): Promise<UserPrincipal> {
  const p = await req.principal();
  if (p.kind === 'user') return p;
  if (p.kind === 'invalid') {
    // auth-context says 'session not found or revoked' when the token is sound but its session is gone.
    if (p.reason.includes('session not found'))
      throw forbiddenAuth('session_not_found', 'Session from session_id claim in JWT does not exist');
    throw forbiddenAuth('bad_jwt', p.reason);
  }
  if (bearerToken(req) === null) throw noAuthorization();
  // An API key (anon or service) is a valid JWT, but not a user's.
  throw forbiddenAuth('bad_jwt', 'invalid claim: missing sub claim');
}

/** Admin endpoints: only the service_role key. */
export async function requireService(req: FastifyRequest): Promise<void> {
  const p = await req.principal();
  if (p.kind === 'service') return;
  if (p.kind === 'invalid') throw forbiddenAuth('bad_jwt', p.reason);
  if (p.kind === 'anonymous' && p.apiKey === null) throw noAuthorization();
  throw forbiddenAuth('not_admin', 'User not allowed');
}
