import type { posRoutes as r } from '@market/contracts';
import { IDEMPOTENCY_HEADER, masterDataRoutes, posRoutes, vendorsRoutes } from '@market/contracts/plain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

// Commission rules, what the operator owes each vendor, and payouts (POS Management's Commission and Settlement tabs).

export type CommissionRule = r.CommissionRule;
export type CommissionRuleCreate = r.CommissionRuleCreate;
export type SettlementRow = r.SettlementRow;
export type PayoutCreate = r.PayoutCreate;

export const settlementKeys = {
  rules: ['pos', 'commission-rules'] as const,
  settlement: ['pos', 'settlement'] as const,
  vendors: ['pos', 'vendor-options'] as const,
  categories: ['pos', 'catalogue-categories'] as const,
};

export const useCommissionRules = () => useQuery({ queryKey: settlementKeys.rules, queryFn: () => api(posRoutes.listCommissionRules) });

export function useCreateCommissionRule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CommissionRuleCreate) => api(posRoutes.createCommissionRule, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: settlementKeys.rules }),
  });
}

export function useDeleteCommissionRule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(posRoutes.deleteCommissionRule, { params: { id } }),
    onSettled: () => qc.invalidateQueries({ queryKey: settlementKeys.rules }),
  });
}

export const useSettlement = () => useQuery({ queryKey: settlementKeys.settlement, queryFn: () => api(posRoutes.settlement) });

/**
 * Pays a vendor. `key` is the Idempotency-Key of the dialog's opening (payment management's useMoneyForm makes it
 * once per opening), so a retry or a double click records one payout; the reports reload after it.
 */
export function useRecordPayout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ key, body }: { key: string; body: PayoutCreate }) =>
      api(posRoutes.recordPayout, { body, headers: { [IDEMPOTENCY_HEADER]: key } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: settlementKeys.settlement }),
  });
}

/**
 * Vendors for a rule or a filter: the first 100 by name, as payment management's filters read them. The vendors
 * feature has no entry point other features may import, so the list is read here from the same route.
 */
export function useVendorChoices() {
  return useQuery({
    queryKey: settlementKeys.vendors,
    queryFn: async () => (await api(vendorsRoutes.listVendors, { query: { sort: 'name', pageSize: '100' } })).items,
    staleTime: 60_000,
  });
}

/** The catalogue category tree (flat, parents before children); the route needs master_data, so callers ask only with it. */
export function useCatalogueCategoryChoices(enabled: boolean) {
  return useQuery({
    queryKey: settlementKeys.categories,
    queryFn: () => api(masterDataRoutes.listCatalogCategories),
    staleTime: 60_000,
    enabled,
  });
}
