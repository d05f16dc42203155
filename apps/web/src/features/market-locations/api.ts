import type { marketLocationsRoutes } from '@market/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api';
import { guardStale } from '../../lib/stale-write';
import { useT } from '../../app/i18n/i18n-provider';

type R = typeof marketLocationsRoutes;
export type Location = Awaited<ReturnType<typeof api<R['listLocations']>>>[number];
export type LocationDetail = Awaited<ReturnType<typeof api<R['getLocation']>>>;
export type LocationInput = z.input<NonNullable<R['createLocation']['body']>>;
export type LocationPatch = z.input<NonNullable<R['updateLocation']['body']>>;
export type LocationFilter = { status?: 'active' | 'inactive'; q?: string };

export const locationKeys = {
  all: ['market-locations'] as const,
  list: (f: LocationFilter) => ['market-locations', 'list', f] as const,
  detail: (id: string) => ['market-locations', 'detail', id] as const,
};

export function useLocations(filter: LocationFilter) {
  return useQuery({
    queryKey: locationKeys.list(filter),
    queryFn: () => api<R['listLocations']>({ method: 'GET', path: '/market-locations' }, { query: filter }),
    placeholderData: (prev) => prev,
  });
}

export function useLocation(id: string | null) {
  return useQuery({
    queryKey: locationKeys.detail(id ?? ''),
    queryFn: () => api<R['getLocation']>({ method: 'GET', path: '/market-locations/:id' }, { params: { id: id! } }),
    enabled: !!id,
    retry: (n, err) => (err as { status?: number }).status !== 404 && n < 2,
  });
}

/** An edit names the updatedAt of the location it was opened on; a stale one reloads and says so. */
export function useSaveLocation() {
  const qc = useQueryClient();
  const t = useT();
  return useMutation({
    mutationFn: ({ id, body, expectedUpdatedAt }: { id: string | null; body: LocationInput; expectedUpdatedAt?: string }) =>
      id
        ? guardStale(
            () =>
              api<R['updateLocation']>(
                { method: 'PATCH', path: '/market-locations/:id' },
                { params: { id }, body: { ...body, expectedUpdatedAt: expectedUpdatedAt ?? '' } },
              ),
            t('edit.staleWrite'),
            () => qc.invalidateQueries({ queryKey: locationKeys.all }),
          )
        : api<R['createLocation']>({ method: 'POST', path: '/market-locations' }, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: locationKeys.all }),
  });
}

export function useDeleteLocation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<R['deleteLocation']>({ method: 'DELETE', path: '/market-locations/:id' }, { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: locationKeys.all }),
  });
}
