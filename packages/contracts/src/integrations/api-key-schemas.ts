import { z } from 'zod';
import { STAFF_PERMISSIONS } from '../auth/permissions.js';
import { API_KEY_ACCESS, API_KEY_LIMITS as L, API_KEY_STATUSES } from './constants.js';

/** One permission of the staff catalogue with read or write (write includes read). */
export const apiKeyScopeSchema = z
  .object({
    permission: z.enum(STAFF_PERMISSIONS, 'must be a staff permission key'),
    access: z.enum(API_KEY_ACCESS, 'must be read or write'),
  })
  .strict();
export type ApiKeyScope = z.infer<typeof apiKeyScopeSchema>;

const scopes = z
  .array(apiKeyScopeSchema, 'must be a list of scopes')
  .min(1, 'needs at least one scope')
  .max(STAFF_PERMISSIONS.length, `at most ${STAFF_PERMISSIONS.length} scopes`)
  .refine((xs) => new Set(xs.map((s) => s.permission)).size === xs.length, 'names a permission twice');

export const apiKeyCreateSchema = z
  .object({
    name: z.string('must be text').trim().min(1, 'is required').max(L.name, `at most ${L.name} characters`),
    scopes,
    /** When the key stops working; null or left out: it works until it is revoked. Must be in the future. */
    expiresAt: z.iso.datetime({ offset: true, error: 'must be a date and time' }).nullable().optional(),
  })
  .strict();
export type ApiKeyCreate = z.infer<typeof apiKeyCreateSchema>;

export const apiKeyRollSchema = z
  .object({
    /** How long the old key keeps working beside the new one, in hours (0: it stops at once). */
    overlapHours: z
      .number('must be a number')
      .int('must be a whole number of hours')
      .min(0, 'must be 0 or more')
      .max(L.overlapHoursMax, `at most ${L.overlapHoursMax} hours (seven days)`),
  })
  .strict();
export type ApiKeyRoll = z.infer<typeof apiKeyRollSchema>;

/** A key as listed: never its secret (only the prefix that names it) nor its hash. */
export const apiKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** `mbo_live_<8 characters>`: the start of the key, enough to recognise it. */
  prefix: z.string(),
  scopes: z.array(apiKeyScopeSchema),
  status: z.enum(API_KEY_STATUSES),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** The key this one replaced in a roll. */
  rolledFromId: z.uuid().nullable(),
  /** The key that replaced this one in a roll. */
  replacedById: z.uuid().nullable(),
  createdBy: z.uuid().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** A new key: its whole value (`secret`) is in this answer only and is never shown again. */
export const apiKeyIssuedSchema = z.object({ key: apiKeySchema, secret: z.string() });
export type ApiKeyIssued = z.infer<typeof apiKeyIssuedSchema>;

/** A roll: the replacement with its secret, and the old key with the end of its overlap. */
export const apiKeyRolledSchema = apiKeyIssuedSchema.extend({ previous: apiKeySchema });
export type ApiKeyRolled = z.infer<typeof apiKeyRolledSchema>;
