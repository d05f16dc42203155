import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { isDatabaseUnavailable } from '../../plugins/error-handler.js';

/**
 * An error in PostgREST's wire format, {code, details, hint, message}, which postgrest-js hands to the caller as
 * `error`. The codes are PostgREST's own (PGRST…) or the PostgreSQL SQLSTATE PostgREST would pass on.
 */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
  ) {
    super(message);
  }
}

export const parseError = (message: string, details: string | null = null) => new RestError(400, 'PGRST100', message, details);
export const tableNotFound = (table: string) =>
  new RestError(404, 'PGRST205', `Could not find the table 'public.${table}' in the schema cache`);
export const columnNotFound = (table: string, column: string) => new RestError(400, '42703', `column ${table}.${column} does not exist`);
export const bodyColumnNotFound = (table: string, column: string) =>
  new RestError(400, 'PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`);
export const invalidValue = (type: string, value: string) =>
  new RestError(400, '22P02', `invalid input syntax for type ${type}: "${value.slice(0, 80)}"`);
export const notOneRow = (count: number) =>
  new RestError(406, 'PGRST116', 'JSON object requested, multiple (or no) rows returned', `The result contains ${count} rows`);
export const permissionDenied = (table: string) => new RestError(403, '42501', `permission denied for table ${table}`);
export const rowPolicy = (table: string) => new RestError(403, '42501', `new row violates row-level security policy for table "${table}"`);
export const duplicateKey = (table: string) =>
  new RestError(409, '23505', `duplicate key value violates unique constraint "${table}_user_id_unique"`);
export const checkFailed = (column: string, why: string) => new RestError(400, '23514', `${column}: ${why}`, `Failing column: ${column}`);

export function sendRestError(reply: FastifyReply, e: RestError): FastifyReply {
  return reply.code(e.status).send({ code: e.code, details: e.details, hint: e.hint, message: e.message });
}

/** Everything under /rest/v1 answers errors like PostgREST; a caller's mistake is never a 5xx. */
export function installRestErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof RestError) return sendRestError(reply, err);
    // An organization's API key here, or a bad token caught by the shared guard.
    if (err instanceof AppError && err.status === 401) return sendRestError(reply, new RestError(401, 'PGRST301', err.message));
    const status = err.statusCode ?? 500;
    if (err instanceof SyntaxError || err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
      return sendRestError(reply, new RestError(400, 'PGRST102', 'Empty or invalid json'));
    if (status === 413) return sendRestError(reply, new RestError(413, 'PGRST102', 'The request body is too large'));
    if (status === 415 || err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      return sendRestError(reply, new RestError(415, 'PGRST107', 'The request body must be JSON'));
    if (status >= 400 && status < 500) return sendRestError(reply, new RestError(status, 'PGRST100', err.message));
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err }, 'database unavailable');
      void reply.header('retry-after', '1');
      return sendRestError(reply, new RestError(503, 'PGRST001', 'The database is unavailable, try again in a moment'));
    }
    req.log.error({ err }, 'unhandled table service error');
    return sendRestError(reply, new RestError(500, 'PGRST000', 'Internal Server Error'));
  });
  app.setNotFoundHandler((req, reply) =>
    sendRestError(reply, new RestError(404, 'PGRST125', `Invalid path specified in request URL: ${req.url.split('?')[0]}`)),
  );
}
