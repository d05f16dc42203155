import type { ErrorCode } from '@market/contracts';

export interface FieldError {
  field: string;
  message: string;
}

/** An error with a status and a code of the closed set; anything else is answered as 500 internal. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  /** Fastify's name for the status, read by the auth and storage error handlers. */
  get statusCode(): number {
    return this.status;
  }
}

export const notFound = (what = 'Resource') => new AppError(404, 'not_found', `${what} not found`);
export const forbidden = (message = 'You do not have permission to do this') => new AppError(403, 'forbidden', message);
export const unauthorized = (message = 'Sign in to continue') => new AppError(401, 'unauthorized', message);
export const conflict = (message: string, fields?: FieldError[]) => new AppError(409, 'conflict', message, fields);
export const invalid = (field: string, message: string) =>
  new AppError(422, 'validation_failed', `${field}: ${message}`, [{ field, message }]);

/** PostgreSQL unique violation (23505), on both drivers. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** PostgreSQL foreign key violation (23503), on both drivers: a reference a check did not see (a race) is a 409, never a 500. */
export function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23503' || e?.cause?.code === '23503';
}
