import type { marketAssignmentsRoutes as r } from '@market/contracts';
import { marketAssignmentsRoutes } from '@market/contracts/plain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../lib/api';
import { marketAssignmentKeys } from './market-assignments-api';

export type AllocationProposal = r.AllocationProposal;
export type AllocationPlacement = r.AllocationPlacement;
export type AllocationUnplaced = r.AllocationUnplaced;
export type AllocationReleased = r.AllocationReleased;

/** Under the feature's root key, so every board write (and an apply) makes an open proposal stale. */
export const allocationKeys = {
  proposal: (dayId: string, keepUnlocked: boolean) => [...marketAssignmentKeys.all, 'allocation', dayId, keepUnlocked] as const,
};

/**
 * The proposal for a day. A POST that writes nothing, so it is read like a query: made afresh each time the
 * dialog opens or the option changes, never served from an old cache.
 */
export function useAllocationProposal(dayId: string, keepUnlocked: boolean, enabled: boolean) {
  return useQuery({
    queryKey: allocationKeys.proposal(dayId, keepUnlocked),
    queryFn: ({ signal }) => api(marketAssignmentsRoutes.proposeAllocation, { params: { id: dayId }, body: { keepUnlocked }, signal }),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}

/** True for the apply's refusal because the day changed since the proposal. */
export const isDayChanged = (e: unknown) => e instanceof ApiError && e.status === 409;

/**
 * Applies the proposal as shown. Success or a "day changed" refusal reloads everything of the feature: the
 * board shows the new bookings, and the dialog gets the proposal for the day as it is now.
 */
export function useApplyAllocation(dayId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (p: AllocationProposal) =>
      api(marketAssignmentsRoutes.applyAllocation, {
        params: { id: dayId },
        body: {
          inputHash: p.inputHash,
          keepUnlocked: p.keepUnlocked,
          placements: p.placements.map(({ requestId, slotId }) => ({ requestId, slotId })),
          released: p.released.map((x) => x.assignmentId),
        },
      }),
    onSettled: (_data, error) => {
      if (!error || isDayChanged(error)) void qc.invalidateQueries({ queryKey: marketAssignmentKeys.all });
    },
  });
}
