import { marketLocationsRoutes, type BodyOf, type LOCATION_STATUS_VALUES, type QueryOf, type ResponseOf } from '@market/contracts/plain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { guardStale } from '../../lib/stale-write';
import { useT } from '../../app/i18n/i18n-provider';

export type Location = ResponseOf<typeof marketLocationsRoutes.listLocations>[number];
export type LocationDetail = ResponseOf<typeof marketLocationsRoutes.getLocation>;
export type LocationInput = BodyOf<typeof marketLocationsRoutes.createLocation>;
export type LocationPatch = BodyOf<typeof marketLocationsRoutes.updateLocation>;
export type LocationStatus = (typeof LOCATION_STATUS_VALUES)[number];
export type LocationFilter = NonNullable<QueryOf<typeof marketLocationsRoutes.listLocations>>;

export const locationKeys = {
  all: ['market-locations'] as const,
  list: (f: LocationFilter) => ['market-locations', 'list', f] as const,
  detail: (id: string) => ['market-locations', 'detail', id] as const,
};

export function useLocations(filter: LocationFilter) {
  return useQuery({
    queryKey: locationKeys.list(filter),
    queryFn: () => api(marketLocationsRoutes.listLocations, { query: filter }),
    placeholderData: (prev) => prev,
  });
}

export function useLocation(id: string | null) {
  return useQuery({
    queryKey: locationKeys.detail(id ?? ''),
    queryFn: () => api(marketLocationsRoutes.getLocation, { params: { id: id! } }),
    enabled: !!id,
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
              api(marketLocationsRoutes.updateLocation, { params: { id }, body: { ...body, expectedUpdatedAt: expectedUpdatedAt ?? '' } }),
            t('edit.staleWrite'),
            () => qc.invalidateQueries({ queryKey: locationKeys.all }),
          )
        : api(marketLocationsRoutes.createLocation, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: locationKeys.all }),
  });
}

export function useDeleteLocation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(marketLocationsRoutes.deleteLocation, { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: locationKeys.all }),
  });
}
