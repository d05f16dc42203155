import { posRoutes } from '@market/contracts/plain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api';
import { useRegisterServices } from './register-services';
import type { Snapshot } from './snapshot-store';

/** How often an open register refreshes its offline catalogue. */
export const SNAPSHOT_REFRESH_MS = 5 * 60_000;

export const snapshotKey = (registerId: string) => ['pos', 'register-snapshot', registerId] as const;

/**
 * The register's offline catalogue: the copy kept in IndexedDB at once, then the server's, fetched on open,
 * every few minutes and when the connection returns (TanStack Query pauses while offline), and kept again.
 */
export function useRegisterSnapshot(registerId: string) {
  const { snapshots } = useRegisterServices();
  const [kept, setKept] = useState<{ registerId: string; snapshot: Snapshot | null } | null>(null);
  const fresh = useQuery({
    queryKey: snapshotKey(registerId),
    queryFn: () => api(posRoutes.registerSnapshot, { params: { id: registerId } }),
    refetchInterval: SNAPSHOT_REFRESH_MS,
    staleTime: 60_000,
  });

  useEffect(() => {
    let live = true;
    void snapshots.get(registerId).then((snapshot) => live && setKept({ registerId, snapshot }));
    return () => {
      live = false;
    };
  }, [snapshots, registerId]);

  useEffect(() => {
    if (fresh.data) void snapshots.put(registerId, fresh.data);
  }, [fresh.data, snapshots, registerId]);

  const stored = kept?.registerId === registerId ? kept.snapshot : null;
  return {
    snapshot: fresh.data ?? stored,
    /** Nothing to search offline yet: neither a kept copy nor the server's. */
    loading: !fresh.data && (kept?.registerId !== registerId || (!stored && fresh.isPending && fresh.fetchStatus === 'fetching')),
    failed: fresh.isError && !stored,
  };
}
