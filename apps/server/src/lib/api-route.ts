import { ROLE_RANK, type Access, type RouteDef } from '@market/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError, forbidden, unauthorized } from './errors.js';
import type { AccessContext, ApiKeyGrant, Principal, UserRow } from './principal.js';
import type { ReadCache } from './read-cache.js';

export const API_PREFIX = '/api/v1';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    def?: RouteDef;
  }
}

type Infer<T> = [NonNullable<T>] extends [z.ZodType] ? z.infer<NonNullable<T>> : undefined;

/** What a handler of a signed-in route receives about its caller. */
export interface Caller {
  userId: string;
  sessionId: string;
  user: UserRow;
  access: AccessContext;
  /** The caller's organization; present on every permission route. */
  orgId: string;
  ip: string;
  /**
   * Set when an API key calls (decision 023): `userId` and `user` are then the key's creator, named as the author
   * of its writes, and `access.permissions` are the key's scopes.
   */
  apiKey?: { id: string; prefix: string; scopes: ApiKeyGrant[] };
}

export interface HandlerInput<D extends RouteDef> {
  params: Infer<D['params']>;
  query: Infer<D['query']>;
  body: Infer<D['body']>;
  req: FastifyRequest;
  reply: FastifyReply;
  /** null only on public routes called without a session. */
  caller: D['access'] extends { public: true } ? Caller | null : Caller;
}

function denyInvalid(p: Principal): never {
  if (p.kind === 'invalid')
    throw new AppError(
      401,
      'unauthorized',
      p.expired ? 'Your session has expired, sign in again' : 'Your session is not valid, sign in again',
    );
  throw unauthorized();
}

const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * An API key on a route (decision 023): public routes treat it as anonymous; routes open to any signed-in user
 * (the caller's own profile, the dashboard, search) and routes kept for admins refuse it; a permission route needs
 * a scope of that permission, `read` for GET and HEAD, `write` for every other method.
 */
async function authorizeApiKey(req: FastifyRequest, p: Extract<Principal, { kind: 'apiKey' }>, access: Access): Promise<Caller | null> {
  if ('public' in access) return null;
  if ('authenticated' in access) throw forbidden('An API key reaches only routes that need a permission; sign in to use this one');
  if (access.superAdminOnly || access.adminOnly) throw forbidden('An API key cannot use a route kept for admins; sign in to use it');
  const write = !READ_METHODS.has(req.method);
  const grant = p.scopes.find((s) => s.permission === access.permission);
  if (!grant || (write && grant.access !== 'write'))
    throw forbidden(`This API key needs the ${access.permission} permission with ${write ? 'write' : 'read'} access`);
  return {
    userId: p.userId,
    sessionId: '',
    user: p.user,
    access: (await req.access())!,
    orgId: p.orgId,
    ip: req.ip,
    apiKey: { id: p.keyId, prefix: p.prefix, scopes: p.scopes },
  };
}

/** Checks the route's declared access against the caller; the server enforces every permission. */
export async function authorize(req: FastifyRequest, access: Access): Promise<Caller | null> {
  const p = await req.principal();
  if (p.kind === 'apiKey') return authorizeApiKey(req, p, access);
  if ('public' in access) {
    if (p.kind !== 'user' || p.mfaRequired) return null;
  } else if (p.kind !== 'user') {
    denyInvalid(p);
  } else if (p.mfaRequired) {
    // Until the second factor is verified the session only reaches the auth service.
    throw forbidden('Finish signing in: enter the code from your authenticator app');
  }
  const user = p as Extract<Principal, { kind: 'user' }>;
  const ctx = (await req.access())!;
  if ('permission' in access) {
    if (!ctx.organization) throw forbidden('You are not a member of an organization');
    if (!ctx.permissions.includes(access.permission)) throw forbidden(`This needs the ${access.permission} permission`);
    if (access.superAdminOnly && ctx.effectiveRole !== 'super_admin') throw forbidden('Only a super admin can do this');
    if (access.adminOnly && ROLE_RANK[ctx.effectiveRole] < ROLE_RANK.admin) throw forbidden('Only an admin or super admin can do this');
  }
  return {
    userId: user.userId,
    sessionId: user.sessionId,
    user: user.user,
    access: ctx,
    orgId: ctx.organization?.id ?? '',
    ip: req.ip,
  };
}

/*
 * The route configs bindRoute made. A config is the one object Fastify hands, unchanged, to every
 * onRoute hook (and to a GET's HEAD twin), so app.ts can tell a bound route from any other route that
 * merely carries an `access` field: only a bound route has its access rule enforced.
 */
const boundConfigs = new WeakSet<object>();

/** Whether bindRoute registered this route (app.ts refuses to start with any other /api/v1 route). */
export function isBoundRoute(route: { config?: unknown }): boolean {
  return typeof route.config === 'object' && route.config !== null && boundConfigs.has(route.config);
}

// The caller is resolved before the body is parsed or validated: a denied caller hears 401/403, never
// what was wrong with its input.
const callers = new WeakMap<FastifyRequest, Caller | null>();

/** Binds a contract route to its handler: validation, serialisation and authorization come from the definition. */
export function bindRoute<D extends RouteDef>(
  app: FastifyInstance,
  def: D,
  handler: (input: HandlerInput<D>) => Promise<z.infer<D['response']>> | z.infer<D['response']>,
): void {
  const status = def.status ?? 200;
  const isPublic = 'public' in def.access;
  const config = { access: def.access, def: def as RouteDef };
  boundConfigs.add(config);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: def.method,
    url: API_PREFIX + def.path,
    schema: {
      summary: def.summary,
      tags: [def.tag],
      ...(def.params ? { params: def.params } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body ? { body: def.body } : {}),
      response: { [status]: def.response },
    },
    config,
    ...(def.compress === false ? { compress: false as const } : {}),
    // Public routes refuse nobody, so they need no hook before validation: the caller is read in the handler.
    ...(isPublic
      ? {}
      : {
          onRequest: async (req: FastifyRequest) => {
            callers.set(req, await authorize(req, def.access));
          },
        }),
    handler: async (req, reply) => {
      const caller = isPublic ? await authorize(req, def.access) : (callers.get(req) ?? null);
      const result = await handler({
        params: req.params as Infer<D['params']>,
        query: req.query as Infer<D['query']>,
        body: req.body as Infer<D['body']>,
        req,
        reply,
        caller: caller as HandlerInput<D>['caller'],
      });
      reply.code(status);
      return result;
    },
  });
}

/**
 * A GET route's answer through a read cache, as JSON text that `compute` writes (e.g. a page assembled from
 * JSON the database keeps ready; its tests check that text against the route's response schema). A request
 * with `Cache-Control: no-cache` computes the answer afresh (and stores it).
 */
export async function cachedJson<D extends RouteDef>(
  cache: ReadCache<string>,
  _def: D,
  key: string,
  input: { req: FastifyRequest; reply: FastifyReply },
  compute: () => Promise<string>,
): Promise<z.infer<D['response']>> {
  const fresh = /(^|,)\s*no-cache\s*(,|$)/i.test(String(input.req.headers['cache-control'] ?? ''));
  const json = fresh ? await cache.refresh(key, compute) : await cache.getOrCompute(key, compute);
  // A string with a JSON content type is sent as it is, not serialised again.
  void input.reply.type('application/json; charset=utf-8');
  return json as unknown as z.infer<D['response']>;
}
