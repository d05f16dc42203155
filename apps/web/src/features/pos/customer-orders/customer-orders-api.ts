import type { posRoutes as r } from '@market/contracts';
import { IDEMPOTENCY_HEADER, posRoutes, type CustomerOrderFulfilment, type CustomerOrderState } from '@market/contracts/plain';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useT } from '../../../app/i18n/i18n-provider';
import { api, ApiError } from '../../../lib/api';
import { isStaleWrite } from '../../../lib/stale-write';
import type { LookupAnswer } from '../register/use-lookup';

export type CustomerOrder = r.CustomerOrder;
export type CustomerOrderLine = r.CustomerOrderLine;
export type CustomerOrderSummary = r.CustomerOrderSummary;
export type CustomerOrderCreate = r.CustomerOrderCreate;
export type CustomerOrderChange = Omit<r.CustomerOrderUpdate, 'expectedUpdatedAt'>;
export type CustomerOrderPaymentCreate = r.CustomerOrderPaymentCreate;
/** The states an order can be moved to (a draft is where every order starts). */
export type CustomerOrderTarget = r.CustomerOrderTransition['state'];

/** What the customer orders list is filtered by. */
export interface CustomerOrderFilters {
  state?: CustomerOrderState;
  fulfilment?: CustomerOrderFulfilment;
  registerId?: string;
  /** An order number, or part of the customer's name, e-mail or phone. */
  q?: string;
}

export const CUSTOMER_ORDER_PAGE_SIZE = 50;

export const customerOrderKeys = {
  all: ['pos', 'customer-orders'] as const,
  lists: ['pos', 'customer-orders', 'list'] as const,
  list: (f: CustomerOrderFilters) => ['pos', 'customer-orders', 'list', f] as const,
  one: (id: string) => ['pos', 'customer-orders', 'one', id] as const,
};

/** What is still to pay: never below zero (a cancelled order has been refunded). */
export const dueOf = (o: Pick<CustomerOrder, 'total' | 'paid'>) => Math.max(0, o.total - o.paid);

/** Customer orders newest first, a page at a time (each page names the cursor of the next). */
export function useCustomerOrderList(f: CustomerOrderFilters) {
  return useInfiniteQuery({
    queryKey: customerOrderKeys.list(f),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      api(posRoutes.listCustomerOrders, {
        query: { ...f, q: f.q?.trim() || undefined, cursor: pageParam, limit: CUSTOMER_ORDER_PAGE_SIZE },
        signal,
      }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export function useCustomerOrder(id: string | null) {
  return useQuery({
    queryKey: customerOrderKeys.one(id ?? ''),
    queryFn: ({ signal }) => api(posRoutes.getCustomerOrder, { params: { id: id! }, signal }),
    enabled: !!id,
  });
}

/**
 * After any write: the answer (the whole order) is the order's data at once, and the lists are read again. Past
 * the draft, money may have moved (a payment into the register's drawer, a refund, the sale of a completed order),
 * so the sales lists and the sessions' totals are read again when next shown.
 */
function useSettle() {
  const qc = useQueryClient();
  return useCallback(
    async (order: CustomerOrder) => {
      qc.setQueryData(customerOrderKeys.one(order.id), order);
      await Promise.all([
        qc.invalidateQueries({ queryKey: customerOrderKeys.lists }),
        ...(order.state === 'draft'
          ? []
          : [qc.invalidateQueries({ queryKey: ['pos', 'orders'] }), qc.invalidateQueries({ queryKey: ['pos', 'sessions'] })]),
      ]);
    },
    [qc],
  );
}

/** Reads the order (and the lists) again: after the server said it changed. */
function useReload() {
  const qc = useQueryClient();
  return useCallback(
    (id: string) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: customerOrderKeys.one(id) }),
        qc.invalidateQueries({ queryKey: customerOrderKeys.lists }),
      ]),
    [qc],
  );
}

export function useCreateCustomerOrder() {
  const settle = useSettle();
  return useMutation({ mutationFn: (body: CustomerOrderCreate) => api(posRoutes.createCustomerOrder, { body }), onSuccess: settle });
}

/** The server refused because the order is not as the screen showed it: edited meanwhile, or moved on. */
const changedMeanwhile = (e: unknown) =>
  isStaleWrite(e) || (e instanceof ApiError && e.status === 409 && e.fields.some((f) => f.field === 'state'));

/**
 * Runs a write of one order. Any 409 (someone changed the order or moved it on, the stock ran out, nothing is due)
 * reads the order again; when the order changed, the error says so in one line, otherwise it keeps the server's
 * fields (the line short of stock, the amount). `changed` is the translation key of that line.
 */
function useGuarded(changed = 'customerOrders.stale') {
  const t = useT();
  const reload = useReload();
  return useCallback(
    async <T>(id: string, run: () => Promise<T>): Promise<T> => {
      try {
        return await run();
      } catch (e) {
        if (!(e instanceof ApiError) || e.status !== 409) throw e;
        void reload(id);
        throw changedMeanwhile(e) ? new ApiError(409, 'conflict', t(changed)) : e;
      }
    },
    [t, reload, changed],
  );
}

/**
 * Changes a draft, with the updatedAt the form was opened at: after someone else's change the form must be opened
 * again (it shows the values it was opened with), so saving it again is refused again.
 */
export function useUpdateCustomerOrder(order: Pick<CustomerOrder, 'id' | 'updatedAt'>) {
  const settle = useSettle();
  const guarded = useGuarded('customerOrders.staleEdit');
  return useMutation({
    mutationFn: (body: CustomerOrderChange) =>
      guarded(order.id, () =>
        api(posRoutes.updateCustomerOrder, { params: { id: order.id }, body: { ...body, expectedUpdatedAt: order.updatedAt } }),
      ),
    onSuccess: settle,
  });
}

/** Moves the order on (confirm, ready, complete, cancel with a reason), with the updatedAt shown. */
export function useTransitionCustomerOrder(order: Pick<CustomerOrder, 'id' | 'updatedAt'>) {
  const settle = useSettle();
  const guarded = useGuarded();
  return useMutation({
    mutationFn: ({ state, reason }: { state: CustomerOrderTarget; reason?: string }) =>
      guarded(order.id, () =>
        api(posRoutes.transitionCustomerOrder, {
          params: { id: order.id },
          body: { state, ...(reason ? { reason } : {}), expectedUpdatedAt: order.updatedAt },
        }),
      ),
    onSuccess: settle,
  });
}

/**
 * Takes a payment. `key` is the Idempotency-Key of one opening of the payment dialog: a retry after a lost answer
 * or a double click takes the money once.
 */
export function useAddCustomerOrderPayment(orderId: string, key: string) {
  const settle = useSettle();
  const guarded = useGuarded();
  return useMutation({
    mutationFn: (body: CustomerOrderPaymentCreate) =>
      guarded(orderId, () =>
        api(posRoutes.addCustomerOrderPayment, { params: { id: orderId }, body, headers: { [IDEMPOTENCY_HEADER]: key } }),
      ),
    onSuccess: settle,
  });
}

/** The register's product lookup (the server's: an order is taken online), as the item search asks it. */
export function useCustomerOrderLookup(registerId: string) {
  return useCallback(
    async (term: string, signal?: AbortSignal): Promise<LookupAnswer> => {
      const q = term.trim().slice(0, 100);
      if (!q || !registerId) return { items: [], offline: false };
      return { items: await api(posRoutes.lookupSellables, { params: { id: registerId }, query: { q }, signal }), offline: false };
    },
    [registerId],
  );
}
