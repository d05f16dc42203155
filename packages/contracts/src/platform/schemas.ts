import { z } from 'zod';
import { EFFECTIVE_ROLES, PERMISSIONS } from '../auth/permissions.js';
import { concurrencyShape } from '../common/concurrency.js';

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

export const languageCode = z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'must be a language code such as en or pt-BR');

export const languageSchema = z.object({
  id: uuid,
  code: z.string(),
  name: z.string(),
  nativeName: z.string(),
  isDefault: z.boolean(),
  isActive: z.boolean(),
  sortOrder: z.number().int(),
  textDirection: z.enum(['ltr', 'rtl']),
  /** In the set every installation ships with; its id is the shipped row's, and writes change only the caller's organization. */
  shipped: z.boolean(),
  /** The caller's organization changed this shipped language's settings (DELETE resets them). */
  overridden: z.boolean(),
  /** The version an edit names: the latest change of what this view is made of (the shipped row, the organization's settings). */
  updatedAt: z.string(),
});

export const languageCreateSchema = z
  .object({
    code: languageCode,
    name: z.string().trim().min(1, 'is required').max(100),
    nativeName: z.string().trim().min(1, 'is required').max(100),
    isDefault: z.boolean().optional(),
    isActive: z.boolean().optional(),
    sortOrder: z.number().int().min(0).max(10000).optional(),
    textDirection: z.enum(['ltr', 'rtl']).optional(),
  })
  .strict();
export const languageUpdateSchema = languageCreateSchema.partial().extend(concurrencyShape).strict();

/**
 * A text as the reader's organization sees it. A shipped key keeps the shipped row's id; writes to it change
 * only the caller's organization (DELETE resets to the shipped text). A key only the organization has carries
 * its own row's id.
 */
export const translationSchema = z.object({
  id: uuid,
  key: z.string(),
  language: z.string(),
  value: z.string(),
  shipped: z.boolean(),
  overridden: z.boolean(),
  /** The shipped text behind an organization's own value. */
  shippedValue: z.string().optional(),
  /** The version an edit names: the latest change of the shipped text or the organization's own value. */
  updatedAt: z.string(),
});
export const translationKey = z.string().trim().min(1, 'is required').max(300, 'at most 300 characters');
export const translationCreateSchema = z
  .object({ key: translationKey, language: languageCode, value: z.string().max(10000, 'at most 10000 characters') })
  .strict();
export const translationUpdateSchema = z.object({ value: z.string().max(10000, 'at most 10000 characters'), ...concurrencyShape }).strict();

export const idParams = z.object({ id: uuid });
export const emptySchema = z.object({});
export const okSchema = z.object({ ok: z.literal(true) });
