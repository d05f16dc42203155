import type { publicMapRoutes } from '@market/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type PublicMap = Awaited<ReturnType<typeof api<typeof publicMapRoutes.getPublicMap>>>;
export type PublicLocation = PublicMap['locations'][number];
export type PublicPlan = Awaited<ReturnType<typeof api<typeof publicMapRoutes.getPublicLocation>>>;

export const publicMapKeys = {
  all: ['public-map'] as const,
  plan: (id: string) => ['public-map', 'plan', id] as const,
};

export function usePublicMap() {
  return useQuery({
    queryKey: publicMapKeys.all,
    queryFn: () => api<typeof publicMapRoutes.getPublicMap>({ method: 'GET', path: '/public/market-locations' }),
  });
}

export function usePublicPlan(id: string, enabled: boolean) {
  return useQuery({
    queryKey: publicMapKeys.plan(id),
    queryFn: () =>
      api<typeof publicMapRoutes.getPublicLocation>({ method: 'GET', path: '/public/market-locations/:id' }, { params: { id } }),
    enabled,
  });
}
