import { z } from 'zod';
import { defineRoute } from '../common/route.js';
import {
  changeRoleBody,
  inviteUserBody,
  matrixChangesBody,
  matrixPreviewSchema,
  matrixSchema,
  userAuditEntrySchema,
  userDetailSchema,
  userListQuery,
  userListSchema,
  userSummarySchema,
} from './schemas.js';

export * from './schemas.js';

const idParams = z.object({ id: z.uuid() }).strict();
// Only super_admin holds `users` statically and the matrix never grants it (seed section 6, decision 022); the rank
// rule decides every change whoever holds it.
const access = { permission: 'users' } as const;
/** The matrix is the super admin's alone (issue 19). */
const matrixAccess = { permission: 'users', superAdminOnly: true } as const;
const tag = 'users';

export const listUsers = defineRoute({
  method: 'GET',
  path: '/users',
  tag,
  summary: 'Users of the organization: search by name or e-mail, filter by role, status, last sign-in and MFA, paged',
  access,
  query: userListQuery,
  response: userListSchema,
});

export const getUser = defineRoute({
  method: 'GET',
  path: '/users/:id',
  tag,
  summary: 'One user with their effective permissions and where each comes from',
  access,
  params: idParams,
  response: userDetailSchema,
});

export const inviteUser = defineRoute({
  method: 'POST',
  path: '/users/invitations',
  tag,
  summary: 'Invite by e-mail with a role of a rank below the caller’s: the invitation e-mail goes through the auth service',
  access,
  body: inviteUserBody,
  response: userSummarySchema,
  status: 201,
});

export const changeUserRole = defineRoute({
  method: 'PATCH',
  path: '/users/:id',
  tag,
  summary: 'Change a user’s role (rank rule; never one’s own; the last active super admin stays)',
  access,
  params: idParams,
  body: changeRoleBody,
  response: userSummarySchema,
});

export const deactivateUser = defineRoute({
  method: 'POST',
  path: '/users/:id/deactivate',
  tag,
  summary: 'Deactivate: the user is banned and every session and refresh token is revoked at once',
  access,
  params: idParams,
  response: userSummarySchema,
});
export const reactivateUser = defineRoute({
  method: 'POST',
  path: '/users/:id/reactivate',
  tag,
  summary: 'Reactivate a deactivated user',
  access,
  params: idParams,
  response: userSummarySchema,
});
export const resendInvitation = defineRoute({
  method: 'POST',
  path: '/users/:id/resend-invitation',
  tag,
  summary: 'Send the invitation e-mail again to a user who has not accepted it',
  access,
  params: idParams,
  response: userSummarySchema,
});
export const resetUserMfa = defineRoute({
  method: 'POST',
  path: '/users/:id/reset-mfa',
  tag,
  summary: 'Remove every two-step sign-in factor of the user',
  access,
  params: idParams,
  response: userSummarySchema,
});
export const signOutUserEverywhere = defineRoute({
  method: 'POST',
  path: '/users/:id/sign-out-everywhere',
  tag,
  summary: 'End every session of the user',
  access,
  params: idParams,
  response: userSummarySchema,
});

export const userAudit = defineRoute({
  method: 'GET',
  path: '/users/:id/audit',
  tag,
  summary: 'The audit trail of one user, newest first',
  access,
  params: idParams,
  response: z.array(userAuditEntrySchema),
});

export const getPermissionMatrix = defineRoute({
  method: 'GET',
  path: '/users/permission-matrix',
  tag,
  summary: 'The permission matrix: stored roles down, permission keys across, static grants fixed, matrix grants editable',
  access: matrixAccess,
  response: matrixSchema,
});

export const previewPermissionMatrix = defineRoute({
  method: 'POST',
  path: '/users/permission-matrix/preview',
  tag,
  summary: 'What a save would change and whom it affects (users holding each changed role), without saving',
  access: matrixAccess,
  body: matrixChangesBody,
  response: matrixPreviewSchema,
});

export const savePermissionMatrix = defineRoute({
  method: 'PUT',
  path: '/users/permission-matrix',
  tag,
  summary: 'Save a list of cell changes (only those cells); refused cells are a 422 naming the cell; audited',
  access: matrixAccess,
  body: matrixChangesBody,
  response: matrixSchema,
});
