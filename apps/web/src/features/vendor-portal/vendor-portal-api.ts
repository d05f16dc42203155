import type { VendorPortalOverview } from '@market/contracts';
import { vendorPortalRoutes } from '@market/contracts/plain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type { VendorPortalOverview };

export const vendorPortalKeys = { overview: (userId: string | undefined) => ['vendor-portal', 'overview', userId] as const };

/**
 * One key factory for the vendor's own market days and money (never another vendor's: the server decides). It is
 * here, beside the page's own reads, so the offers card reloads the days without loading the money views.
 */
export const vendorMoneyKeys = {
  all: ['vendor-portal', 'money'] as const,
  days: ['vendor-portal', 'money', 'days'] as const,
  invoices: ['vendor-portal', 'money', 'invoices'] as const,
  invoice: (id: string) => ['vendor-portal', 'money', 'invoice', id] as const,
  statement: (from: string, to: string) => ['vendor-portal', 'money', 'statement', from, to] as const,
};

export function useVendorOverview(userId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: vendorPortalKeys.overview(userId),
    queryFn: () => api(vendorPortalRoutes.getVendorOverview),
    enabled,
  });
}
