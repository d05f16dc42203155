import { publicMapRoutes, type ResponseOf } from '@market/contracts/plain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type PublicMap = ResponseOf<typeof publicMapRoutes.getPublicMap>;
export type PublicLocation = PublicMap['locations'][number];
export type PublicPlan = ResponseOf<typeof publicMapRoutes.getPublicLocation>;

export const publicMapKeys = {
  all: ['public-map'] as const,
  plan: (id: string) => ['public-map', 'plan', id] as const,
};

export function usePublicMap() {
  return useQuery({
    queryKey: publicMapKeys.all,
    queryFn: () => api(publicMapRoutes.getPublicMap),
  });
}

export function usePublicPlan(id: string, enabled: boolean) {
  return useQuery({
    queryKey: publicMapKeys.plan(id),
    queryFn: () => api(publicMapRoutes.getPublicLocation, { params: { id } }),
    enabled,
  });
}
