import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, type FieldError } from '../lib/errors.js';

const LOCATION: Record<string, string> = { body: '', querystring: 'query.', params: 'params.', headers: 'headers.' };

export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  const code = e?.code ?? e?.cause?.code ?? '';
  return (
    ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P02', '57P03', '08006', '08003', '08001'].includes(code) ||
    /Connection terminated|connection timeout/i.test(String((err as Error)?.message))
  );
}

type Unstorable = { path: string; reason: string };

/** A high surrogate not followed by a low one, or a low one without a high one before it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why PostgreSQL could not store this string: U+0000 (text) or half a surrogate pair (JSONB and UTF-8 alike). */
function unstorable(s: string): string | null {
  if (s.includes('\u0000')) return 'must not contain the NUL character';
  if (LONE_SURROGATE.test(s)) return 'must not contain a lone surrogate (half of a UTF-16 pair)';
  return null;
}

/** Parsed JSON and query objects only: a stream, buffer or other instance is not caller text to walk. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!value || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** The first string (value or key) PostgreSQL cannot store, with its path. */
function findUnstorable(value: unknown, path: string): Unstorable | null {
  if (typeof value === 'string') {
    const reason = unstorable(value);
    return reason ? { path, reason } : null;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = findUnstorable(value[i], path ? `${path}.${i}` : String(i));
      if (hit) return hit;
    }
  } else if (isPlainObject(value)) {
    for (const [k, v] of Object.entries(value)) {
      const p = path ? `${path}.${k}` : k;
      const reason = unstorable(k);
      if (reason) return { path: p, reason };
      const hit = findUnstorable(v, p);
      if (hit) return hit;
    }
  }
  return null;
}

/**
 * Refuses, on every route of the server (API, auth, storage, realtime), params, query and JSON bodies
 * holding text PostgreSQL cannot store: a 422 naming the field instead of a failed write (500). It runs
 * before each route's handler, after schema validation, so schema errors name their field first. The
 * error carries `statusCode`, so the auth and storage error handlers answer it in their own wire shape.
 */
export function installTextGuard(app: FastifyInstance): void {
  app.addHook('preHandler', async (req) => {
    const hit = findUnstorable(req.params, 'params') ?? findUnstorable(req.query, 'query') ?? findUnstorable(req.body, '');
    if (hit) {
      const name = hit.path || 'body';
      throw new AppError(422, 'validation_failed', `${name}: ${hit.reason}`, [{ field: name, message: hit.reason }]);
    }
  });
}

/** One error envelope for /api/v1: {error: {code, message, fields?}}; never a 500 for a caller's mistake. */
export function installApiErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      if (err.headers) void reply.headers(err.headers);
      return reply
        .code(err.status)
        .send({ error: { code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) } });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const prefix = LOCATION[err.validationContext ?? 'body'] ?? '';
      const fields: FieldError[] = err.validation.map((v) => {
        const path = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
        // An unknown key is reported on its parent; name the key itself.
        const params = v.params as { keys?: string[]; issue?: { keys?: string[] } };
        const keys = params.keys ?? params.issue?.keys ?? [];
        const extra = keys.length ? keys.join(', ') : '';
        const field = prefix + ([path, extra].filter(Boolean).join('.') || (prefix ? prefix.slice(0, -1) : 'body'));
        return { field: field.replace(/\.$/, ''), message: v.message ?? 'is not valid' };
      });
      return reply.code(422).send({
        error: { code: 'validation_failed', message: fields.map((f) => `${f.field}: ${f.message}`).join('; '), fields },
      });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err }, 'response does not match its schema');
      return reply.code(500).send({ error: { code: 'internal', message: 'Something went wrong on our side' } });
    }
    const status = err.statusCode ?? 500;
    if (status === 413) return reply.code(413).send({ error: { code: 'payload_too_large', message: 'The request body is too large' } });
    if (status === 415) return reply.code(415).send({ error: { code: 'unsupported_media_type', message: err.message } });
    if (status === 429) return reply.code(429).send({ error: { code: 'rate_limited', message: err.message } });
    if (status >= 400 && status < 500) {
      const message =
        err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err instanceof SyntaxError || err.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
          ? 'The request body is not valid JSON'
          : err.message;
      return reply.code(status === 404 ? 404 : 400).send({
        error: { code: status === 404 ? 'not_found' : 'bad_request', message, fields: [{ field: 'body', message }] },
      });
    }
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '1')
        .send({ error: { code: 'service_unavailable', message: 'The database is unavailable, try again in a moment' } });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ error: { code: 'internal', message: 'Something went wrong on our side' } });
  });
}
