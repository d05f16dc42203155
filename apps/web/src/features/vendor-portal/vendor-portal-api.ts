import type { VendorPortalOverview } from '@market/contracts';
import { vendorPortalRoutes } from '@market/contracts/plain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type { VendorPortalOverview };

export const vendorPortalKeys = { overview: (userId: string | undefined) => ['vendor-portal', 'overview', userId] as const };

export function useVendorOverview(userId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: vendorPortalKeys.overview(userId),
    queryFn: () => api(vendorPortalRoutes.getVendorOverview),
    enabled,
  });
}
