// Users and the permission matrix (decision 022): the lists and rules the schemas, the server and the screens share (zod-free).
import {
  PERMISSIONS,
  ROLE_RANK,
  STATIC_PERMISSIONS,
  STORED_ROLES,
  VENDOR_PERMISSIONS,
  effectiveRole,
  type PermissionKey,
  type StoredRole,
} from '../auth/permissions.js';

/** active: signed up or accepted; invited: the invitation is not accepted yet; deactivated: banned, every session ended. */
export const USER_STATUSES = ['active', 'invited', 'deactivated'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/**
 * The staff roles the Users screen assigns, lowest rank first. `admin` is the effective role of rank 4, stored as
 * itself. Vendor roles are given by approving a vendor's application (the account is linked to its vendor), never here.
 */
export const ASSIGNABLE_ROLES = [
  'operation_manager',
  'product_team',
  'marketing',
  'vendor_manager',
  'vendor_manager_plus',
  'admin',
  'super_admin',
] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

/** Roles the list filters by: the stored roles, admin, and `none` for members without a role. */
export const USER_ROLE_FILTERS = [...ASSIGNABLE_ROLES, 'market_vendor', 'junior_vendor', 'normal_vendor', 'none'] as const;
export type UserRoleFilter = (typeof USER_ROLE_FILTERS)[number];

/** Last sign-in filter: within 7 days, within 30 days, more than 30 days ago, never. */
export const LAST_SIGN_IN_FILTERS = ['week', 'month', 'older', 'never'] as const;
export type LastSignInFilter = (typeof LAST_SIGN_IN_FILTERS)[number];

export const USERS_PAGE_SIZE = 25;
export const USERS_MAX_PAGE_SIZE = 100;
/** At most this many cells in one matrix save, and names listed per affected role in a preview. */
export const MATRIX_MAX_CHANGES = 200;
export const MATRIX_NAMES_SHOWN = 20;

/** The rows of the permission matrix: the seed's stored roles (section 6). */
export const MATRIX_ROLES = STORED_ROLES;
/** The columns: every permission key of the catalogue. */
export const MATRIX_PERMISSIONS = PERMISSIONS;

/** The rank of a stored role (through its effective role); vendor roles rank 0, below every staff role. */
export function rankOf(stored: string | null | undefined): number {
  return ROLE_RANK[effectiveRole(stored)];
}

/**
 * The rank rule (seed section 6, decision 022): a caller changes a user, or assigns a role, only of a strictly lower
 * rank, as the seed says word for word: no one, super_admin included, names or changes someone of their own rank. A
 * super admin is therefore named or removed by the platform's operator (the auth service's admin API), and the last
 * active super admin is protected separately.
 */
export function outranks(callerRole: string | null | undefined, otherRole: string | null | undefined): boolean {
  return ROLE_RANK[effectiveRole(callerRole)] > rankOf(otherRole);
}

const VENDOR_SET = new Set<string>(VENDOR_PERMISSIONS);
const isVendorStored = (role: string) => ['market_vendor', 'junior_vendor', 'normal_vendor'].includes(role);

/**
 * What a matrix cell may be: `static` (in the effective role's fixed set, shown, never stored), `refused` (never
 * grantable: `users`, a vendor permission to a staff role or a staff permission to a vendor role), or `editable`.
 */
export type MatrixCellKind = 'static' | 'refused' | 'editable';
export function matrixCellKind(role: StoredRole, permission: PermissionKey): MatrixCellKind {
  if (STATIC_PERMISSIONS[effectiveRole(role)].includes(permission)) return 'static';
  if (permission === 'users') return 'refused';
  if (isVendorStored(role) !== VENDOR_SET.has(permission)) return 'refused';
  return 'editable';
}
