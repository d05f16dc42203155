import { z } from 'zod';
import { invalidRequest } from './storage.errors.js';

/** Validates a JSON body or query; the first problem is answered 400 with the field named. */
export function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const r = schema.safeParse(value ?? {});
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  const keys = (issue as { keys?: string[] }).keys;
  const field = [...issue.path.map(String), ...(keys?.length ? [keys.join(', ')] : [])].join('.') || 'body';
  throw invalidRequest(`${field}: ${issue.message}`);
}

const noControl = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[^\u0000-\u001f\u007f]*$/, 'must not contain control characters');

const MIME = z
  .string()
  .max(100)
  .regex(/^([a-z0-9][a-z0-9!#$&^_.+-]*|\*)\/([a-z0-9][a-z0-9!#$&^_.+-]*|\*)$/i, 'must be a MIME type such as image/png or image/*');

/** Supabase accepts a byte count or a size with a unit ("10MB", "500 KB"). */
const UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };
export const fileSizeLimit = z
  .union([
    z.number().int().min(0),
    z
      .string()
      .max(20)
      .regex(/^\s*\d+(\.\d+)?\s*(b|kb|mb|gb)?\s*$/i, 'must be a size such as 10MB'),
  ])
  .nullable()
  .transform((v) => {
    if (v === null || typeof v === 'number') return v;
    const m = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?\s*$/i.exec(v)!;
    return Math.floor(Number(m[1]) * UNITS[(m[2] ?? 'b').toLowerCase()]!);
  });

export const bucketCreateBody = z
  .object({
    id: z.string().max(100),
    name: z.string().max(100).optional(),
    type: z.enum(['STANDARD', 'ANALYTICS']).optional(),
    public: z.boolean().optional(),
    file_size_limit: fileSizeLimit.optional(),
    allowed_mime_types: z.array(MIME).max(50).nullable().optional(),
  })
  .strict();

export const bucketUpdateBody = z
  .object({
    id: z.string().max(100).optional(),
    name: z.string().max(100).optional(),
    public: z.boolean().optional(),
    file_size_limit: fileSizeLimit.optional(),
    allowed_mime_types: z.array(MIME).max(50).nullable().optional(),
  })
  .strict();

const intString = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

export const bucketListQuery = z
  .object({
    limit: intString(1, 1000).optional(),
    offset: intString(0, 1_000_000).optional(),
    search: noControl(100).optional(),
    sortColumn: z.enum(['id', 'name', 'created_at', 'updated_at']).optional(),
    sortOrder: z.enum(['asc', 'desc']).optional(),
  })
  .strict();

export const listBody = z
  .object({
    prefix: z.string().max(1024).optional(),
    limit: z.number().int().min(1).max(1000).optional(),
    offset: z.number().int().min(0).max(1_000_000).optional(),
    search: noControl(1024).optional(),
    sortBy: z
      .object({
        column: z.enum(['name', 'created_at', 'updated_at', 'last_accessed_at']).optional(),
        order: z
          .string()
          .transform((s) => s.toLowerCase())
          .pipe(z.enum(['asc', 'desc']))
          .optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

export const moveCopyBody = z
  .object({
    bucketId: z.string().max(100),
    sourceKey: z.string().max(1100),
    destinationKey: z.string().max(1100),
    destinationBucket: z.string().max(100).optional(),
  })
  .strict();

export const removeBody = z.object({ prefixes: z.array(z.string().max(1100)).min(1).max(1000) }).strict();

const MAX_EXPIRY = 365 * 24 * 3600;
const expiresIn = z
  .number()
  .min(1, 'must be at least 1 second')
  .max(MAX_EXPIRY, `must be at most ${MAX_EXPIRY} seconds (one year)`)
  .transform((n) => Math.floor(n));

export const signBody = z
  .object({ expiresIn, transform: z.record(z.string(), z.unknown()).optional() })
  .strict()
  .refine((b) => !b.transform || Object.keys(b.transform).length === 0, {
    message: 'image transformations are not supported',
    path: ['transform'],
  });

export const signManyBody = z.object({ expiresIn, paths: z.array(z.string().max(1100)).min(1).max(1000) }).strict();

/** User metadata stored with an object (multipart "metadata" field or x-metadata header). */
export const userMetadata = z
  .record(z.string().max(100), z.unknown())
  .refine((m) => JSON.stringify(m).length <= 8192, 'must be at most 8 KiB of JSON');
