import { z } from 'zod';
import { EFFECTIVE_ROLES, PERMISSIONS, STORED_ROLES } from '../auth/permissions.js';
import { concurrencyShape } from '../common/concurrency.js';
import {
  ASSIGNABLE_ROLES,
  LAST_SIGN_IN_FILTERS,
  MATRIX_MAX_CHANGES,
  USER_ROLE_FILTERS,
  USER_STATUSES,
  USERS_MAX_PAGE_SIZE,
} from './constants.js';

const positive = (max: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(1, 'must be at least 1').max(max, `at most ${max}`));

export const userListQuery = z
  .object({
    q: z.string().trim().max(200, 'at most 200 characters').optional(),
    role: z.enum(USER_ROLE_FILTERS, 'must be one of the roles').optional(),
    status: z.enum(USER_STATUSES, 'must be active, invited or deactivated').optional(),
    lastSignIn: z.enum(LAST_SIGN_IN_FILTERS, 'must be week, month, older or never').optional(),
    mfa: z.enum(['on', 'off'], 'must be on or off').optional(),
    page: positive(100_000).optional(),
    pageSize: positive(USERS_MAX_PAGE_SIZE).optional(),
  })
  .strict();

export type UserListQuery = z.infer<typeof userListQuery>;

export const userSummarySchema = z.object({
  id: z.uuid(),
  email: z.string().nullable(),
  fullName: z.string().nullable(),
  /** The stored role (newest in the organization), null without one. */
  role: z.string().nullable(),
  effectiveRole: z.enum(EFFECTIVE_ROLES),
  rank: z.number().int(),
  status: z.enum(USER_STATUSES),
  mfa: z.boolean(),
  lastSignInAt: z.string().nullable(),
  invitedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Whether the caller may change this user (rank rule; never themselves). */
  manageable: z.boolean(),
  isSelf: z.boolean(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export const userListSchema = z.object({
  items: z.array(userSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type UserList = z.infer<typeof userListSchema>;

export const permissionSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('static'), role: z.enum(EFFECTIVE_ROLES) }),
  z.object({ kind: z.literal('matrix'), role: z.string() }),
]);
export type PermissionSource = z.infer<typeof permissionSourceSchema>;

export const effectivePermissionSchema = z.object({ key: z.enum(PERMISSIONS), sources: z.array(permissionSourceSchema) });
export type EffectivePermission = z.infer<typeof effectivePermissionSchema>;

export const userDetailSchema = userSummarySchema.extend({
  permissions: z.array(effectivePermissionSchema),
  /** Roles the caller may give this user (rank rule). */
  assignableRoles: z.array(z.enum(ASSIGNABLE_ROLES)),
});
export type UserDetail = z.infer<typeof userDetailSchema>;

const email = z.email('must be an e-mail address').max(254, 'at most 254 characters');

export const inviteUserBody = z
  .object({
    email,
    role: z.enum(ASSIGNABLE_ROLES, 'must be one of the staff roles'),
    fullName: z.string('must be text').trim().max(200, 'at most 200 characters').optional(),
  })
  .strict();
export type InviteUser = z.infer<typeof inviteUserBody>;

export const changeRoleBody = z.object({ role: z.enum(ASSIGNABLE_ROLES, 'must be one of the staff roles'), ...concurrencyShape }).strict();
export type ChangeRole = z.infer<typeof changeRoleBody>;

export const userAuditEntrySchema = z.object({
  id: z.uuid(),
  action: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type UserAuditEntry = z.infer<typeof userAuditEntrySchema>;

export const matrixCellSchema = z.object({
  role: z.enum(STORED_ROLES),
  permission: z.enum(PERMISSIONS),
  kind: z.enum(['static', 'refused', 'editable']),
  /** Held: static, or an enabled matrix row. */
  enabled: z.boolean(),
});
export type MatrixCell = z.infer<typeof matrixCellSchema>;

export const matrixSchema = z.object({
  roles: z.array(
    z.object({ role: z.enum(STORED_ROLES), effectiveRole: z.enum(EFFECTIVE_ROLES), rank: z.number().int(), users: z.number().int() }),
  ),
  permissions: z.array(z.enum(PERMISSIONS)),
  cells: z.array(matrixCellSchema),
  /** Optimistic concurrency of the whole matrix: send it back as expectedVersion. */
  version: z.string(),
});
export type Matrix = z.infer<typeof matrixSchema>;

export const matrixChangeSchema = z
  .object({
    role: z.enum(STORED_ROLES, 'must be a stored role'),
    permission: z.enum(PERMISSIONS, 'must be a permission key'),
    enabled: z.boolean('must be true or false'),
  })
  .strict();
export type MatrixChange = z.infer<typeof matrixChangeSchema>;

export const matrixChangesBody = z
  .object({
    changes: z
      .array(matrixChangeSchema, 'must be a list of changes')
      .min(1, 'needs at least one change')
      .max(MATRIX_MAX_CHANGES, `at most ${MATRIX_MAX_CHANGES} changes`)
      .refine((xs) => new Set(xs.map((c) => `${c.role}/${c.permission}`)).size === xs.length, 'names a cell twice'),
    expectedVersion: z.string('is required: send the version of the matrix you edited').min(1, 'is required').max(100),
  })
  .strict();
export type MatrixChanges = z.infer<typeof matrixChangesBody>;

export const matrixPreviewSchema = z.object({
  /** The cells that would change (cells already as asked are left out). */
  changes: z.array(z.object({ role: z.enum(STORED_ROLES), permission: z.enum(PERMISSIONS), from: z.boolean(), to: z.boolean() })),
  /** Per role with a change: the users holding it as their raw role. */
  affected: z.array(z.object({ role: z.enum(STORED_ROLES), count: z.number().int(), names: z.array(z.string()) })),
  version: z.string(),
});
export type MatrixPreview = z.infer<typeof matrixPreviewSchema>;
