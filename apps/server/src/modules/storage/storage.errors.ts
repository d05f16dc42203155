import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { isDatabaseUnavailable } from '../../plugins/error-handler.js';

/**
 * An error in Supabase Storage's wire format: {statusCode: "404", code, error, message}. storage-js
 * reads statusCode (falling back to code) and message; the HTTP status is the real one.
 */
export class StorageError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
}

export const objectNotFound = () => new StorageError(404, 'NoSuchKey', 'not_found', 'Object not found');
export const bucketNotFound = () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found');
export const duplicate = () => new StorageError(409, 'Duplicate', 'Duplicate', 'The resource already exists');
export const invalidRequest = (message: string) => new StorageError(400, 'InvalidRequest', 'InvalidRequest', message);
export const invalidKey = (key: string, why: string) =>
  new StorageError(400, 'InvalidKey', 'InvalidKey', `Invalid key: ${why} (${key.slice(0, 120)})`);
export const invalidBucketName = (why: string) =>
  new StorageError(400, 'InvalidBucketName', 'InvalidBucketName', `Bucket name invalid: ${why}`);
export const tooLarge = (limit: number) =>
  new StorageError(413, 'EntityTooLarge', 'Payload too large', `The object exceeded the maximum allowed size (${limit} bytes)`);
export const mimeNotAllowed = (type: string, why?: string) =>
  new StorageError(
    415,
    'InvalidMimeType',
    'invalid_mime_type',
    why ? `mime type ${type} is not supported: ${why}` : `mime type ${type} is not supported`,
  );
export const badContent = (message: string) => new StorageError(422, 'InvalidContent', 'invalid_content', message);
export const accessDenied = (message = 'Access denied') => new StorageError(403, 'AccessDenied', 'Unauthorized', message);
export const unauthorized = (message = 'Sign in to use storage') => new StorageError(401, 'InvalidJWT', 'Unauthorized', message);
export const invalidSignature = (message: string) => new StorageError(400, 'InvalidSignature', 'InvalidJWT', message);

export function sendStorageError(reply: FastifyReply, e: StorageError): FastifyReply {
  return reply.code(e.status).send({ statusCode: String(e.status), code: e.code, error: e.error, message: e.message });
}

/** Everything under /storage/v1 answers errors like Supabase Storage; a caller's mistake is never a 5xx. */
export function installStorageErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof StorageError) return sendStorageError(reply, err);
    const status = err.statusCode ?? 500;
    if (status === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE') return sendStorageError(reply, tooLarge(0));
    if (err instanceof SyntaxError || err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return sendStorageError(reply, invalidRequest('The request body is not valid JSON'));
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415) {
      return sendStorageError(reply, invalidRequest('Unsupported Content-Type for this request'));
    }
    if (status >= 400 && status < 500)
      return sendStorageError(reply, new StorageError(status, 'InvalidRequest', 'InvalidRequest', err.message));
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err }, 'database unavailable');
      void reply.header('retry-after', '1');
      return sendStorageError(
        reply,
        new StorageError(503, 'DatabaseError', 'DatabaseError', 'The database is unavailable, try again in a moment'),
      );
    }
    req.log.error({ err }, 'unhandled storage error');
    return sendStorageError(reply, new StorageError(500, 'InternalError', 'Internal', 'Internal Server Error'));
  });
  app.setNotFoundHandler((req, reply) =>
    sendStorageError(reply, new StorageError(404, 'NotFound', 'not_found', `Route ${req.method}:${req.url.split('?')[0]} not found`)),
  );
}
