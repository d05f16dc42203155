import type { VendorPortalOverview, vendorPortalRoutes as r } from '@market/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type { VendorPortalOverview };

export const vendorPortalKeys = { overview: (userId: string | undefined) => ['vendor-portal', 'overview', userId] as const };

export function useVendorOverview(userId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: vendorPortalKeys.overview(userId),
    queryFn: () => api<typeof r.getVendorOverview>({ method: 'GET', path: '/vendor-portal/overview' }),
    enabled,
  });
}
