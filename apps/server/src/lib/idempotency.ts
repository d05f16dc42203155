import { createHash } from 'node:crypto';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN, IDEMPOTENT_REPLAYED_HEADER } from '@market/contracts/plain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/client.js';
import { idempotencyKeys } from '../db/schema/index.js';
import { AppError } from './errors.js';

/*
 * Money-moving requests carry a client-chosen `Idempotency-Key` (R7). The key row is inserted FIRST in the
 * request's own transaction, and the answer is written into it before that transaction commits, together with
 * the ledger entries: the key, the effect and the answer land together or not at all.
 *
 * - Same key, same request (scope and hash of params and body): the stored answer is returned, flagged as a replay.
 * - Same key, another request: 422 naming the header.
 * - Two requests with one key at once: the second's INSERT ... ON CONFLICT waits on the first's uncommitted row
 *   (PostgreSQL), or on the first's whole transaction (PGlite has one connection), then reads the committed row.
 *   If the first rolled back (its work failed), the second inserts the key and does the work itself.
 * A failed request stores nothing, so retrying it after fixing the cause works with the same key.
 */

const FIELD = 'Idempotency-Key';

/** The request's key, or a 422 naming the header when it is missing or malformed. */
export function idempotencyKeyOf(req: FastifyRequest): string {
  const raw = req.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined || raw === '')
    throw new AppError(422, 'validation_failed', `${FIELD}: is required on a request that moves money`, [
      { field: FIELD, message: 'is required on a request that moves money: send a new unique key (e.g. a UUID) per action' },
    ]);
  const key = Array.isArray(raw) ? null : raw;
  if (key === null || !IDEMPOTENCY_KEY_PATTERN.test(key))
    throw new AppError(422, 'validation_failed', `${FIELD}: must be 8 to 200 letters, digits, - _ : or .`, [
      { field: FIELD, message: 'must be one value of 8 to 200 letters, digits, - _ : or .' },
    ]);
  return key;
}

/** JSON with object keys sorted, so the same request always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export const requestHash = (request: unknown): string => createHash('sha256').update(canonicalJson(request)).digest('hex');

export interface IdempotentCall {
  orgId: string;
  userId: string | null;
  key: string;
  /** What the key is used on, e.g. `POST /payments`: a key reused on another route is another request. */
  scope: string;
  /** The request's parameters and body (validated): what "the same request" means. */
  request: unknown;
  /** The success status the answer is stored with. */
  status?: number;
}

export interface IdempotentResult<T> {
  body: T;
  status: number;
  replayed: boolean;
}

/**
 * Runs `work` once per key: in one transaction, the key row first, then the work, then its answer stored in
 * the key row. A replay returns the stored answer without running the work.
 */
export async function runIdempotent<T>(db: Db, call: IdempotentCall, work: (tx: Tx) => Promise<T>): Promise<IdempotentResult<T>> {
  const hash = requestHash(call.request);
  const status = call.status ?? 200;
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(idempotencyKeys)
      .values({
        orgId: call.orgId,
        key: call.key,
        scope: call.scope,
        requestHash: hash,
        responseStatus: 0,
        responseBody: sql`'null'::jsonb`,
        createdBy: call.userId,
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length === 0) {
      const [stored] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.orgId, call.orgId), eq(idempotencyKeys.key, call.key)));
      if (!stored) throw new AppError(409, 'conflict', 'This request is being processed: retry it in a moment');
      if (stored.scope !== call.scope || stored.requestHash !== hash)
        throw new AppError(422, 'validation_failed', `${FIELD}: was already used for another request`, [
          { field: FIELD, message: 'was already used for another request: send a new key for a new action' },
        ]);
      return { body: stored.responseBody as T, status: stored.responseStatus, replayed: true };
    }
    const body = await work(tx);
    // Stored as the JSON the client received (dates as ISO strings), so a replay answers the same bytes.
    const json = JSON.parse(JSON.stringify(body ?? null)) as unknown;
    await tx
      .update(idempotencyKeys)
      .set({ responseStatus: status, responseBody: json })
      .where(and(eq(idempotencyKeys.orgId, call.orgId), eq(idempotencyKeys.key, call.key)));
    return { body, status, replayed: false };
  });
}

/** For a route handler: reads the key, runs the work once, and flags a replayed answer with `Idempotent-Replayed: true`. */
export async function idempotentRoute<T>(
  db: Db,
  input: { req: FastifyRequest; reply: FastifyReply; caller: { orgId: string; userId: string | null } },
  request: unknown,
  work: (tx: Tx) => Promise<T>,
  status = 200,
): Promise<T> {
  const key = idempotencyKeyOf(input.req);
  const scope = `${input.req.method} ${input.req.routeOptions.url ?? input.req.url}`;
  const result = await runIdempotent(db, { orgId: input.caller.orgId, userId: input.caller.userId, key, scope, request, status }, work);
  if (result.replayed) void input.reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  return result.body;
}
