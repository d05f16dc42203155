import type { marketAssignmentsRoutes as r } from '@market/contracts';
import { marketAssignmentsRoutes } from '@market/contracts/plain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type Waitlist = r.Waitlist;
export type WaitlistOffer = r.WaitlistOffer;
export type WaitlistEntry = r.Waitlist['queue'][number];

/** Under the feature's `['market-assignments']` key, so every booking change refreshes the waitlist too. */
export const waitlistKeys = { day: (dayId: string) => ['market-assignments', 'waitlist', dayId] as const };

export function useWaitlist(dayId: string | null) {
  return useQuery({
    queryKey: waitlistKeys.day(dayId ?? ''),
    queryFn: () => api(marketAssignmentsRoutes.getWaitlist, { params: { id: dayId! } }),
    enabled: !!dayId,
    // Offers expire and pass on by a job on the server: keep the view close to it.
    refetchInterval: 60_000,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['market-assignments'] });
}

export function useSendOffer() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { requestId: string; slotId: string }) => api(marketAssignmentsRoutes.createWaitlistOffer, { body }),
    onSettled: refresh,
  });
}

export function useWithdrawOffer() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api(marketAssignmentsRoutes.withdrawWaitlistOffer, { params: { id } }),
    onSettled: refresh,
  });
}

/** Moves a request in the offer order by giving it a priority just above or below its neighbour's. */
export function useReorderWaitlist() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ entry, priority }: { entry: WaitlistEntry; priority: number }) =>
      api(marketAssignmentsRoutes.updateMarketRequest, {
        params: { id: entry.requestId },
        body: { priority, expectedUpdatedAt: entry.updatedAt },
      }),
    onSettled: refresh,
  });
}
