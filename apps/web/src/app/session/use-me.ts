import type { PermissionKey } from '@market/contracts';
import { platformRoutes } from '@market/contracts/plain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useAuth } from './auth-provider';
import { earlyOr } from './early-requests';

export const meKeys = { me: (userId: string | undefined) => ['me', userId] as const };

/** The signed-in user, organization, role and permissions, as the server computes them. */
export const meQuery = (userId: string | undefined) => ({
  queryKey: meKeys.me(userId),
  queryFn: () => earlyOr(platformRoutes.getMe.path, undefined, () => api(platformRoutes.getMe)),
  staleTime: 60_000,
});

export function useMe() {
  const { session } = useAuth();
  return useQuery({ ...meQuery(session?.user.id), enabled: !!session });
}

export function useHasPermission(): (p: PermissionKey) => boolean {
  const me = useMe();
  return (p) => !!me.data?.permissions.includes(p);
}
