import { z } from 'zod';
import { EFFECTIVE_ROLES, PERMISSIONS } from '../auth/permissions.js';

export const uuid = z.uuid();
export const isoDate = z.string();

export const healthSchema = z.object({ status: z.literal('ok'), version: z.string(), database: z.enum(['pglite', 'postgres']) });

export const publicConfigSchema = z.object({
  version: z.string(),
  anonKey: z.string(),
  vendorHost: z.string().nullable(),
  publicUrl: z.string(),
  map: z.object({ tileUrl: z.string(), attribution: z.string() }),
});

export const organizationSchema = z.object({ id: uuid, name: z.string(), slug: z.string() });

export const profileSchema = z.object({
  userId: uuid,
  fullName: z.string().nullable(),
  email: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  updatedAt: isoDate.nullable(),
});

export const profileUpdateSchema = z
  .object({
    fullName: z.string().trim().max(200, 'at most 200 characters').nullable().optional(),
    email: z.email('must be an e-mail address').max(320).nullable().optional().or(z.literal('')),
    avatarUrl: z.url('must be a URL').max(2000).nullable().optional().or(z.literal('')),
  })
  .strict();

export const meSchema = z.object({
  user: z.object({ id: uuid, email: z.string().nullable(), phone: z.string().nullable(), createdAt: isoDate }),
  profile: profileSchema.nullable(),
  organization: organizationSchema.nullable(),
  role: z.string().nullable(),
  effectiveRole: z.enum(EFFECTIVE_ROLES),
  permissions: z.array(z.enum(PERMISSIONS)),
});

export const idParams = z.object({ id: uuid });
export const emptySchema = z.object({});
export const okSchema = z.object({ ok: z.literal(true) });
