import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { isDatabaseUnavailable } from '../../plugins/error-handler.js';

/**
 * An error in GoTrue's wire format: {code: <http status>, error_code, msg}. auth-js turns error_code into
 * AuthApiError.code, and treats 5xx as retryable network trouble, so a caller's mistake is never a 5xx.
 */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly extra?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (errorCode: string, msg: string) => new AuthError(400, errorCode, msg);
export const unprocessable = (errorCode: string, msg: string) => new AuthError(422, errorCode, msg);
export const forbiddenAuth = (errorCode: string, msg: string) => new AuthError(403, errorCode, msg);
export const notFoundAuth = (errorCode: string, msg: string) => new AuthError(404, errorCode, msg);
export const validationFailed = (msg: string) => badRequest('validation_failed', msg);

export const invalidCredentials = () => badRequest('invalid_credentials', 'Invalid login credentials');
export const otpInvalid = () => forbiddenAuth('otp_expired', 'Token has expired or is invalid');
export const userNotFound = () => notFoundAuth('user_not_found', 'User not found');

export function rateLimited(errorCode: string, msg: string, retryAfterSeconds: number): AuthError {
  return new AuthError(429, errorCode, msg, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
}

export function weakPassword(msg: string, reasons: string[]): AuthError {
  return new AuthError(422, 'weak_password', msg, { weak_password: { reasons } });
}

function send(reply: FastifyReply, status: number, errorCode: string, msg: string, extra?: Record<string, unknown>) {
  return reply.code(status).send({ code: status, error_code: errorCode, msg, ...extra });
}

/**
 * Everything under /auth/v1 answers errors like GoTrue. Malformed JSON, a body that is not JSON and a
 * body of the wrong shape are the caller's mistakes: 400, never 500.
 */
export function installAuthErrorHandler(app: FastifyInstance): void {
  // auth-js sends `Content-Type: application/json` with no body on POST /logout and DELETE /factors/:id.
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    json(req, text, done);
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AuthError) {
      if (err.headers) void reply.headers(err.headers);
      return send(reply, err.status, err.errorCode, err.message, err.extra);
    }
    const status = err.statusCode ?? 500;
    if (err instanceof SyntaxError || err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return send(reply, 400, 'bad_json', `Could not parse request body as JSON: ${err.message}`);
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415) {
      return send(reply, 400, 'bad_json', 'Request body must be JSON (Content-Type: application/json)');
    }
    if (status === 413) return send(reply, 413, 'validation_failed', 'Request body is too large');
    if (err.validation) return send(reply, 400, 'validation_failed', err.message);
    if (status >= 400 && status < 500) return send(reply, status, 'validation_failed', err.message);
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err }, 'database unavailable');
      void reply.header('retry-after', '1');
      return send(reply, 503, 'unexpected_failure', 'The database is unavailable, try again in a moment');
    }
    req.log.error({ err }, 'unhandled auth error');
    return send(reply, 500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information');
  });

  app.setNotFoundHandler((req, reply) => send(reply, 404, 'not_found', `No auth route ${req.method} ${req.url.split('?')[0]}`));
}
