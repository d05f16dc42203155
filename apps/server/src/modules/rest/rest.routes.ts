import { profileUpdateSchema } from '@market/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { Caller } from '../../lib/api-route.js';
import { hitIn } from '../applications/index.js';
import { saveProfile } from '../platform/index.js';
import {
  bodyColumnNotFound,
  checkFailed,
  duplicateKey,
  installRestErrorHandler,
  notOneRow,
  parseError,
  permissionDenied,
  RestError,
  rowPolicy,
  tableNotFound,
} from './rest.errors.js';
import { preferences, readPlan, type ReadPlan } from './rest.query.js';
import { countRows, readRows } from './rest.repository.js';
import { PROFILE_WRITABLE, REST_TABLES, type Reader, type RestTable } from './rest.tables.js';

type Query = Record<string, string | string[] | undefined>;
type TableParams = { Params: { table: string }; Querystring: Query };

/** Who reads: PostgREST's anon and service roles, or a signed-in user with their organization and role. */
async function readerOf(req: FastifyRequest): Promise<Reader> {
  const p = await req.principal();
  switch (p.kind) {
    case 'invalid':
      throw new RestError(401, p.expired ? 'PGRST303' : 'PGRST301', p.reason);
    case 'anonymous':
      if (!p.apiKey) throw new RestError(401, 'PGRST302', 'No API key found in request', null, 'Send the anon key in the apikey header');
      return { kind: 'anon' };
    case 'service':
      return { kind: 'service' };
    case 'user': {
      const access = await req.access();
      return {
        kind: 'user',
        userId: p.userId,
        orgId: access?.organization?.id ?? null,
        role: access?.role ?? null,
        permissions: access?.permissions ?? [],
        mfaPending: p.mfaRequired,
      };
    }
    default:
      throw new RestError(401, 'PGRST301', 'API keys are accepted on /api/v1 only');
  }
}

/**
 * Reads with the anon key alone (it is public: any page may embed it) are limited per client address, as the public
 * forms are: one read of the translations is about a megabyte. Signed-in readers are not limited here.
 */
export const ANON_READS_PER_MINUTE = 60;

async function limitAnonymous(ctx: AppContext, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const wait = await ctx.db.transaction((tx) =>
    hitIn(ctx, tx, { key: `rest-anon:${req.ip}`, limit: ANON_READS_PER_MINUTE, windowSeconds: 60 }),
  );
  if (wait <= 0) return;
  reply.header('retry-after', String(wait));
  throw new RestError(
    429,
    'PGRST429',
    `Too many requests without signing in from this address. Try again in ${wait} seconds.`,
    null,
    'Sign in, or wait',
  );
}

function tableOf(name: string): RestTable {
  const table = REST_TABLES.get(name);
  if (!table) throw tableNotFound(name.slice(0, 63));
  return table;
}

/** Sends rows as PostgREST would for the request's Accept header: an array, or one object (406 otherwise). */
function sendRows(req: FastifyRequest, reply: FastifyReply, rows: Record<string, unknown>[], status = 200): FastifyReply {
  const accept = String(req.headers.accept ?? '');
  const out = accept.includes('nulls=stripped')
    ? rows.map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== null)))
    : rows;
  if (accept.includes('application/vnd.pgrst.object+json')) {
    if (out.length !== 1) throw notOneRow(out.length);
    return reply.code(status).type('application/vnd.pgrst.object+json; charset=utf-8').send(JSON.stringify(out[0]));
  }
  return reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(out));
}

function contentRange(offset: number, n: number, total: number | null): string {
  const of = total === null ? '*' : String(total);
  return n === 0 ? `*/${of}` : `${offset}-${offset + n - 1}/${of}`;
}

/** The signed-in user who writes their own profile, as the /api/v1 profile route's caller. */
async function profileWriter(req: FastifyRequest, reader: Reader): Promise<Caller> {
  if (reader.kind !== 'user') throw rowPolicy('profiles');
  if (reader.mfaPending) throw new RestError(403, '42501', 'Complete the second sign-in step before writing', null, 'insufficient_aal');
  const p = await req.principal();
  const access = await req.access();
  if (p.kind !== 'user' || !access) throw rowPolicy('profiles');
  return { userId: p.userId, sessionId: p.sessionId, user: p.user, access, orgId: access.organization?.id ?? '', ip: req.ip };
}

/** A profile row as written: only the seed's columns, checked as the profile form's own contract checks them. */
function profileInput(body: unknown, userId: string, insert: boolean) {
  const rows = Array.isArray(body) ? body : [body];
  if (rows.length !== 1) throw parseError('Write one profile row at a time');
  const row = rows[0] as unknown;
  if (!row || typeof row !== 'object' || Array.isArray(row)) throw new RestError(400, 'PGRST102', 'Empty or invalid json');
  const profile = row as Record<string, unknown>;
  for (const key of Object.keys(profile)) {
    if (!(PROFILE_WRITABLE as readonly string[]).includes(key)) {
      if (REST_TABLES.get('profiles')!.columns[key]) throw permissionDenied('profiles');
      throw bodyColumnNotFound('profiles', key);
    }
  }
  if (insert ? profile.user_id !== userId : profile.user_id !== undefined && profile.user_id !== userId) throw rowPolicy('profiles');
  const parsed = profileUpdateSchema.safeParse({ fullName: profile.full_name, email: profile.email, avatarUrl: profile.avatar_url });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = { fullName: 'full_name', email: 'email', avatarUrl: 'avatar_url' }[String(issue.path[0])] ?? String(issue.path[0]);
    throw checkFailed(field, issue.message);
  }
  return parsed.data;
}

async function ownProfileRows(ctx: AppContext, reader: Reader, query: Query, extra: ReadPlan['where'] = []) {
  const table = tableOf('profiles');
  const plan = readPlan(table, query);
  return readRows(ctx.db, table, reader, { ...plan, where: [...plan.where, ...extra] });
}

/**
 * The table service at /rest/v1 (prefix applied by app.ts): the reads and the profile write the shell makes through a
 * Supabase client (seed, section 7), in PostgREST's wire format, under row policies (rest.tables.ts, decision 028).
 */
export async function restRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  installRestErrorHandler(app);
  // supabase-js sends a JSON content type on deletes too, with no body.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, text, done) => {
    if (String(text).trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(String(text)));
    } catch {
      done(new RestError(400, 'PGRST102', 'Empty or invalid json'), undefined);
    }
  });
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });
  // Every answer is one caller's view of the data.
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get<TableParams>('/:table', async (req, reply) => {
    const reader = await readerOf(req);
    if (reader.kind === 'anon') await limitAnonymous(ctx, req, reply);
    const table = tableOf(req.params.table);
    const plan = readPlan(table, req.query);
    const wantsCount = /^(exact|planned|estimated)$/.test(preferences(req.headers.prefer).get('count') ?? '');
    const [rows, total] = await Promise.all([
      readRows(ctx.db, table, reader, plan),
      wantsCount ? countRows(ctx.db, table, reader, plan) : Promise.resolve(null),
    ]);
    reply.header('content-range', contentRange(plan.offset, rows.length, total));
    return sendRows(req, reply, rows);
  });

  // Inserts and upserts: the signed-in user's own profile only (the seed's upsert on user_id).
  app.post<TableParams>('/:table', { bodyLimit: 64 * 1024 }, async (req, reply) => {
    const reader = await readerOf(req);
    const table = tableOf(req.params.table);
    if (table.name !== 'profiles') throw permissionDenied(table.name);
    const caller = await profileWriter(req, reader);
    const input = profileInput(req.body, caller.userId, true);
    const prefer = preferences(req.headers.prefer);
    const onConflict = req.query.on_conflict;
    if (onConflict !== undefined && onConflict !== 'user_id' && onConflict !== 'id')
      throw new RestError(400, '42P10', 'there is no unique or exclusion constraint matching the ON CONFLICT specification');
    const existing = await ownProfileRows(ctx, reader, {});
    const resolution = prefer.get('resolution');
    if (existing.length && resolution !== 'merge-duplicates') {
      if (resolution !== 'ignore-duplicates') throw duplicateKey('profiles');
    } else {
      await saveProfile(ctx.db, caller, input);
    }
    if (prefer.get('return') !== 'representation') return reply.code(201).send();
    const rows = await ownProfileRows(ctx, reader, { select: req.query.select });
    return sendRows(req, reply, rows, 201);
  });

  // Updates: the rows the filters and the row policy leave, which is at most the caller's own profile.
  app.patch<TableParams>('/:table', { bodyLimit: 64 * 1024 }, async (req, reply) => {
    const reader = await readerOf(req);
    const table = tableOf(req.params.table);
    if (table.name !== 'profiles') throw permissionDenied(table.name);
    const caller = await profileWriter(req, reader);
    const input = profileInput(req.body, caller.userId, false);
    const { select, ...filters } = req.query;
    const matched = await ownProfileRows(ctx, reader, { ...filters, select: 'id' });
    if (matched.length) await saveProfile(ctx.db, caller, input);
    const representation = preferences(req.headers.prefer).get('return') === 'representation';
    if (!representation) return reply.code(204).send();
    const rows = matched.length ? await ownProfileRows(ctx, reader, { select }) : [];
    return sendRows(req, reply, rows);
  });

  // Deletes and whole-row replacements are not offered on any of these tables.
  app.route<TableParams>({
    method: ['DELETE', 'PUT'],
    url: '/:table',
    handler: async (req) => {
      await readerOf(req);
      throw permissionDenied(tableOf(req.params.table).name);
    },
  });
}
