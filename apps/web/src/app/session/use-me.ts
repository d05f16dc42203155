import type { PermissionKey } from '@market/contracts';
import { platformRoutes } from '@market/contracts/plain';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useAuth } from './auth-provider';
import { earlyOr } from './early-requests';
import { isNoAnswer, keepMe, keptMe, type Me } from './kept-me';
import { usePermissionSignal } from './permission-signal';

export const meKeys = { me: (userId: string | undefined) => ['me', userId] as const };

/** Answers read from the device while the server gave none: stale at once, so they are asked for again when it answers. */
const fromDevice = new WeakSet<object>();

/**
 * The signed-in user, organization, role and permissions, as the server computes them. Each answer is kept on the
 * device (kept-me.ts); when the server cannot be reached at all, the one kept for this user stands in (a page reloaded
 * offline keeps its permissions), and is replaced as soon as the server answers again (on reconnecting or next use).
 */
export const meQuery = (userId: string | undefined) =>
  queryOptions({
    queryKey: meKeys.me(userId),
    queryFn: async (): Promise<Me> => {
      try {
        const me = await earlyOr(platformRoutes.getMe.path, undefined, () => api(platformRoutes.getMe));
        keepMe(me);
        return me;
      } catch (error) {
        const kept = userId && isNoAnswer(error) ? keptMe(userId) : null;
        if (!kept) throw error;
        fromDevice.add(kept);
        return kept;
      }
    },
    staleTime: (query) => (isFromDevice(query.state.data) ? 0 : 60_000),
    // The server's answer replaces the kept copy even when equal to it (it is no longer stale at once).
    structuralSharing: false,
    // Coming back to the tab re-reads a stale answer: a change missed while the tab slept shows up.
    refetchOnWindowFocus: true,
  });

/** Whether a /me answer is the copy kept on the device rather than the server's. */
export const isFromDevice = (me: unknown): boolean => typeof me === 'object' && me !== null && fromDevice.has(me);

export function useMe() {
  const { session } = useAuth();
  // A role or matrix change made elsewhere reaches this tab without signing out (permission-signal.ts).
  usePermissionSignal(useQueryClient(), !!session);
  return useQuery({ ...meQuery(session?.user.id), enabled: !!session });
}

export function useHasPermission(): (p: PermissionKey) => boolean {
  const me = useMe();
  return (p) => !!me.data?.permissions.includes(p);
}
