import type { posRoutes as r } from '@market/contracts';
import { posRoutes, POS_LIMITS, vendorsRoutes, type BodyOf, type PosOrderKind, type PosTender } from '@market/contracts/plain';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type PosOrder = r.PosOrder;
export type PosOrderLine = r.PosOrderLine;
export type PosOrderSummary = r.PosOrderSummary;
export type ReturnBody = BodyOf<typeof posRoutes.recordReturn>;

/** What the orders list is filtered by; amounts in minor units, dates YYYY-MM-DD. */
export interface OrderFilters {
  kind?: PosOrderKind;
  from?: string;
  to?: string;
  registerId?: string;
  vendorId?: string;
  tender?: PosTender;
  minTotal?: number;
  maxTotal?: number;
  /** A receipt number, or part of the customer's name or e-mail. */
  q?: string;
}

export const PAGE_SIZE = 50;

export const orderKeys = {
  all: ['pos', 'orders'] as const,
  list: (f: OrderFilters) => ['pos', 'orders', 'list', f] as const,
  one: (id: string) => ['pos', 'orders', 'one', id] as const,
  vendors: ['pos', 'vendors'] as const,
};

/** The list's query string: empty filters left out. */
export const orderQuery = (f: OrderFilters) => ({
  kind: f.kind,
  from: f.from || undefined,
  to: f.to || undefined,
  registerId: f.registerId || undefined,
  vendorId: f.vendorId || undefined,
  tender: f.tender,
  minTotal: f.minTotal,
  maxTotal: f.maxTotal,
  q: f.q?.trim() || undefined,
});

/** Orders newest first, a page at a time (keyset: each page names the cursor of the next). */
export function useOrderList(f: OrderFilters) {
  return useInfiniteQuery({
    queryKey: orderKeys.list(f),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      api(posRoutes.listOrders, { query: { ...orderQuery(f), cursor: pageParam, limit: PAGE_SIZE }, signal }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export function useOrder(id: string | null) {
  return useQuery({
    queryKey: orderKeys.one(id ?? ''),
    queryFn: () => api(posRoutes.getOrder, { params: { id: id! } }),
    enabled: !!id,
  });
}

/** Vendors to filter by (the first 100 by name). */
export function useVendorOptions() {
  return useQuery({
    queryKey: orderKeys.vendors,
    queryFn: () => api(vendorsRoutes.listVendors, { query: { sort: 'name', pageSize: '100' } }),
    staleTime: 60_000,
  });
}

/**
 * Returns lines of a sale. The body's `id` is the return's own, made once per opening of the dialog: sending it
 * again answers the stored return. Orders and sessions (their totals) are read again afterwards.
 */
export function useRecordReturn(saleId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ key, body }: { key: string; body: Omit<ReturnBody, 'id'> }) =>
      api(posRoutes.recordReturn, { params: { id: saleId }, body: { ...body, id: key } }),
    onSuccess: async () => {
      await Promise.all([qc.invalidateQueries({ queryKey: orderKeys.all }), qc.invalidateQueries({ queryKey: ['pos', 'sessions'] })]);
    },
  });
}

/** Queues the receipt e-mail (to the address given, else the customer's); the answer names where it went. */
export function useEmailReceipt(orderId: string) {
  return useMutation({ mutationFn: (to: string) => api(posRoutes.emailReceipt, { params: { id: orderId }, body: to ? { to } : {} }) });
}

/**
 * Every order the filters match, read page by page (the largest pages the server gives), for an export made in
 * the browser. `onProgress` hears how many have arrived; `signal` stops it.
 */
export async function fetchAllOrders(
  f: OrderFilters,
  onProgress: (count: number) => void,
  signal?: AbortSignal,
): Promise<PosOrderSummary[]> {
  const all: PosOrderSummary[] = [];
  let cursor: string | undefined;
  do {
    const page = await api(posRoutes.listOrders, { query: { ...orderQuery(f), cursor, limit: POS_LIMITS.page }, signal });
    all.push(...page.items);
    onProgress(all.length);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return all;
}
