import { z } from 'zod';
import { EFFECTIVE_ROLES } from '../auth/permissions.js';
import { expectedUpdatedAtSchema } from '../common/concurrency.js';
import { POS_STAFF_ROLES } from './constants.js';

// Who may use the point of sale and how far: the cashiers a manager can name on a register, and the largest
// discount each staff role may give.

/** A member of the organization who may use the point of sale (holds vendor_management). */
export const cashierSchema = z.object({
  userId: z.uuid(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  role: z.enum(EFFECTIVE_ROLES),
});
export type PosCashier = z.infer<typeof cashierSchema>;

const maxBasisPoints = z
  .number('must be a whole number of basis points')
  .int('must be a whole number of basis points')
  .min(0, 'must be 0 or more')
  .max(10_000, 'at most 10000 (100%)');

/** The largest discount a role may give, in basis points of what is discounted (1% = 100). */
export const discountLimitSchema = z
  .object({ role: z.enum(POS_STAFF_ROLES, `must be one of ${POS_STAFF_ROLES.join(', ')}`), maxBasisPoints })
  .strict();
export type PosDiscountLimit = z.infer<typeof discountLimitSchema>;

/** The organization's point-of-sale settings; a role without a discount limit may give any discount. */
export const posSettingsSchema = z.object({
  discountLimits: z.array(discountLimitSchema),
  /** null while the organization has saved none (no role has a limit). */
  updatedAt: z.string().nullable(),
});
export type PosSettings = z.infer<typeof posSettingsSchema>;

export const posSettingsUpdateSchema = z
  .object({
    discountLimits: z
      .array(discountLimitSchema)
      .max(POS_STAFF_ROLES.length, `at most ${POS_STAFF_ROLES.length} limits`)
      .refine((l) => new Set(l.map((x) => x.role)).size === l.length, 'names a role twice'),
    /** The updatedAt the settings were loaded with; null when none were saved yet. */
    expectedUpdatedAt: expectedUpdatedAtSchema.nullable(),
  })
  .strict();
export type PosSettingsUpdate = z.infer<typeof posSettingsUpdateSchema>;
