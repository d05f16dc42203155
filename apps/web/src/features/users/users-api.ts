import type { usersRoutes as r } from '@market/contracts';
import { usersRoutes as routes } from '@market/contracts/plain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { signalPermissionsChanged } from '../../app/session/permission-signal';
import { api } from '../../lib/api';

export type UserSummary = r.UserSummary;
export type UserDetail = r.UserDetail;
export type Matrix = r.Matrix;
export type MatrixChange = r.MatrixChange;
export type MatrixPreview = r.MatrixPreview;
export type UserListQuery = Partial<Record<'q' | 'role' | 'status' | 'lastSignIn' | 'mfa' | 'page', string>>;
export type UserAction = 'deactivate' | 'reactivate' | 'resend' | 'resetMfa' | 'signOut';

export const usersKeys = {
  all: ['users'] as const,
  list: (q: UserListQuery) => ['users', 'list', q] as const,
  user: (id: string) => ['users', 'user', id] as const,
  audit: (id: string) => ['users', 'user', id, 'audit'] as const,
  matrix: ['users', 'matrix'] as const,
};

export function useUsers(q: UserListQuery) {
  const query = Object.fromEntries(Object.entries(q).filter(([, v]) => v)) as UserListQuery;
  return useQuery({
    queryKey: usersKeys.list(query),
    queryFn: () => api(routes.listUsers, { query: query as never }),
    placeholderData: keepPreviousData,
  });
}

export function useUser(id: string | null) {
  return useQuery({ queryKey: usersKeys.user(id ?? ''), queryFn: () => api(routes.getUser, { params: { id: id! } }), enabled: !!id });
}

export function useUserAudit(id: string) {
  return useQuery({ queryKey: usersKeys.audit(id), queryFn: () => api(routes.userAudit, { params: { id } }) });
}

function useRefreshUsers() {
  const qc = useQueryClient();
  return () => {
    // Whoever is signed in re-reads their own permissions (their sidebar follows without signing out).
    signalPermissionsChanged();
    return qc.invalidateQueries({ queryKey: usersKeys.all });
  };
}

export function useInviteUser() {
  const refresh = useRefreshUsers();
  return useMutation({ mutationFn: (body: r.InviteUser) => api(routes.inviteUser, { body }), onSuccess: refresh });
}

export function useChangeRole(id: string) {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (body: r.ChangeRole) => api(routes.changeUserRole, { params: { id }, body }),
    onSettled: refresh,
  });
}

const ACTION_ROUTES = {
  deactivate: routes.deactivateUser,
  reactivate: routes.reactivateUser,
  resend: routes.resendInvitation,
  resetMfa: routes.resetUserMfa,
  signOut: routes.signOutUserEverywhere,
} as const;

export function useUserAction(id: string) {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (action: UserAction) => api(ACTION_ROUTES[action] as typeof routes.deactivateUser, { params: { id } }),
    onSuccess: refresh,
  });
}

export function useMatrix() {
  return useQuery({ queryKey: usersKeys.matrix, queryFn: () => api(routes.getPermissionMatrix) });
}

export function usePreviewMatrix() {
  return useMutation({ mutationFn: (body: r.MatrixChanges) => api(routes.previewPermissionMatrix, { body }) });
}

export function useSaveMatrix() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: r.MatrixChanges) => api(routes.savePermissionMatrix, { body }),
    onSuccess: (matrix) => {
      qc.setQueryData(usersKeys.matrix, matrix);
      signalPermissionsChanged();
      void qc.invalidateQueries({ queryKey: usersKeys.all });
    },
  });
}
