import type { posRoutes as r } from '@market/contracts';
import { IDEMPOTENCY_HEADER, posRoutes, POS_LIMITS, type BodyOf, type PosSessionStatus } from '@market/contracts/plain';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type PosSession = r.PosSession;
export type PosSessionReport = r.PosSessionReport;
export type PosTenderCount = r.PosTenderCount;
export type CashMoveBody = BodyOf<typeof posRoutes.addCashMove>;
export type SessionOpenBody = BodyOf<typeof posRoutes.openSession>;
export type SessionCloseBody = BodyOf<typeof posRoutes.closeSession>;

export interface SessionFilters {
  registerId: string;
  status: PosSessionStatus | '';
}

export const sessionKeys = {
  all: ['pos', 'sessions'] as const,
  list: (f: SessionFilters) => ['pos', 'sessions', 'list', f] as const,
  open: (registerId: string) => ['pos', 'sessions', 'open', registerId] as const,
  report: (id: string) => ['pos', 'sessions', 'report', id] as const,
  /** Orders: sessions change with every sale and return, so they live under one prefix with them. */
  held: ['pos', 'orders', 'held'] as const,
};

/** Sessions newest first, of one register and/or one status (the server answers at most 200). */
export function useSessions(f: SessionFilters) {
  return useQuery({
    queryKey: sessionKeys.list(f),
    queryFn: () => api(posRoutes.listSessions, { query: { registerId: f.registerId || undefined, status: f.status || undefined } }),
  });
}

/** The open sessions of a register (at most one): where a return of its sale is recorded. */
export function useOpenSessions(registerId: string | null) {
  return useQuery({
    queryKey: sessionKeys.open(registerId ?? ''),
    queryFn: () => api(posRoutes.listSessions, { query: { registerId: registerId!, status: 'open' } }),
    enabled: !!registerId,
  });
}

/** The X report of an open session, or the Z report a closed one keeps (never changed: never read again). */
export function useSessionReport(id: string | null) {
  return useQuery({
    queryKey: sessionKeys.report(id ?? ''),
    queryFn: () => api(posRoutes.sessionReport, { params: { id: id! } }),
    enabled: !!id,
    staleTime: (q) => (q.state.data?.kind === 'z' ? Infinity : 0),
  });
}

/** Orders held for a manager (sold, or returned, while the register had no open session), newest first. */
export function useHeldOrders() {
  return useInfiniteQuery({
    queryKey: sessionKeys.held,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => api(posRoutes.listOrders, { query: { placement: 'held', cursor: pageParam, limit: POS_LIMITS.page } }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** A session write: the lists, and every report but the one just answered, are read again. */
function useSessionWrite<V, R>(fn: (v: V) => Promise<R>, answered?: { key: readonly string[]; keep: (data: R) => void }) {
  const qc = useQueryClient();
  const same = (key: readonly unknown[]) => !!answered && key.length === answered.key.length && key.every((k, i) => k === answered.key[i]);
  return useMutation({
    mutationFn: fn,
    onSuccess: async (data) => {
      answered?.keep(data);
      await qc.invalidateQueries({ queryKey: sessionKeys.all, predicate: (q) => !same(q.queryKey) });
    },
  });
}

export const useOpenSession = () =>
  useSessionWrite(({ body }: { key: string; body: SessionOpenBody }) => api(posRoutes.openSession, { body }));

/** Cash in or out of the drawer: a money move, sent with the Idempotency-Key of the dialog's opening. */
export const useCashMove = (sessionId: string) =>
  useSessionWrite(({ key, body }: { key: string; body: CashMoveBody }) =>
    api(posRoutes.addCashMove, { params: { id: sessionId }, body, headers: { [IDEMPOTENCY_HEADER]: key } }),
  );

/** Closes the session; its answer is the Z report, kept as the session's report from then on (never read again). */
export function useCloseSession(sessionId: string) {
  const qc = useQueryClient();
  return useSessionWrite(
    ({ body }: { key: string; body: SessionCloseBody }) => api(posRoutes.closeSession, { params: { id: sessionId }, body }),
    { key: sessionKeys.report(sessionId), keep: (z) => qc.setQueryData(sessionKeys.report(sessionId), z) },
  );
}
