import type { marketAssignmentsRoutes as r } from '@market/contracts';
import {
  marketAssignmentsRoutes,
  marketDaysRoutes,
  marketLocationsRoutes,
  type AssignmentReleaseStatus,
  type MarketRequestDecision,
} from '@market/contracts/plain';
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { addDays } from './board-dates';

/** Bookings drawn before the server confirmed them (a drop in flight): not yet movable or actionable. */
export const optimisticCells = new WeakSet<object>();

export type Board = r.Board;
export type BoardDay = r.BoardDay;
export type BoardSlot = r.BoardSlot;
export type BoardCell = r.BoardCell;
export type BoardAbsence = r.BoardAbsence;
export type BoardRequest = r.BoardRequest;
export type CategoryGap = r.CategoryGap;
export type MarketAssignment = r.MarketAssignment;
export type MarketRequest = r.MarketRequest;

/** One key factory for everything this feature reads; writes invalidate `all`. */
export const marketAssignmentKeys = {
  all: ['market-assignments'] as const,
  board: (locationId: string, from: string, to: string) => ['market-assignments', 'board', locationId, from, to] as const,
  gaps: (dayId: string) => ['market-assignments', 'gaps', dayId] as const,
  vendorAssignments: (vendorId: string, from: string) => ['market-assignments', 'vendor', vendorId, 'assignments', from] as const,
  vendorRequests: (vendorId: string, from: string) => ['market-assignments', 'vendor', vendorId, 'requests', from] as const,
  locations: ['market-assignments', 'locations'] as const,
  nextDays: (locationId: string, from: string) => ['market-assignments', 'next-days', locationId, from] as const,
};

/** How many market days the board opens on. */
export const DEFAULT_BOARD_DAYS = 12;

/** Locations come from their own area; read here only to choose one. */
export function useBoardLocations() {
  return useQuery({
    queryKey: marketAssignmentKeys.locations,
    queryFn: () => api(marketLocationsRoutes.listLocations),
    staleTime: 60_000,
  });
}

/** The next market days of a location from `today`, to open the board on them. */
export function useNextMarketDays(locationId: string | null, today: string) {
  return useQuery({
    queryKey: marketAssignmentKeys.nextDays(locationId ?? '', today),
    queryFn: () =>
      api(marketDaysRoutes.listMarketDays, {
        query: { locationId: locationId!, from: today, to: addDays(today, 399), limit: String(DEFAULT_BOARD_DAYS) },
      }),
    enabled: !!locationId,
    staleTime: 60_000,
  });
}

/** The whole board of a location and range in one request. */
export function useBoard(locationId: string | null, from: string | null, to: string | null) {
  return useQuery({
    queryKey: marketAssignmentKeys.board(locationId ?? '', from ?? '', to ?? ''),
    queryFn: () => api(marketAssignmentsRoutes.getAssignmentBoard, { query: { locationId: locationId!, from: from!, to: to! } }),
    enabled: !!locationId && !!from && !!to,
  });
}

export function useCategoryGaps(dayId: string | null) {
  return useQuery({
    queryKey: marketAssignmentKeys.gaps(dayId ?? ''),
    queryFn: () => api(marketAssignmentsRoutes.getCategoryGaps, { params: { id: dayId! } }),
    enabled: !!dayId,
  });
}

/**
 * A board write that shows its result at once: `apply` changes the cached board, a refusal puts the
 * snapshot back (the card returns to the tray, the cell is free again), and every outcome reloads from
 * the server so counts and invoice states are the server's.
 */
function useBoardWrite<V, R>(boardKey: QueryKey, run: (v: V) => Promise<R>, apply: (board: Board, v: V) => Board) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: run,
    onMutate: async (v: V) => {
      await qc.cancelQueries({ queryKey: boardKey });
      const before = qc.getQueryData<Board>(boardKey);
      if (before) qc.setQueryData<Board>(boardKey, apply(before, v));
      return { before };
    },
    onError: (_e, _v, context) => {
      if (context?.before) qc.setQueryData(boardKey, context.before);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: marketAssignmentKeys.all }),
  });
}

export interface PlaceInput {
  request: BoardRequest;
  slotId: string;
}

/** Books an accepted request onto a free slot of its day. */
export function useAssign(boardKey: QueryKey) {
  return useBoardWrite(
    boardKey,
    ({ request, slotId }: PlaceInput) => api(marketAssignmentsRoutes.createAssignment, { body: { requestId: request.id, slotId } }),
    (board, { request, slotId }) => {
      const cell: BoardCell = {
        dayId: request.dayId,
        slotId,
        // Until the server answers, the request's id stands in for the booking's.
        assignmentId: request.id,
        vendorId: request.vendorId,
        vendorName: request.vendorName,
        categoryId: request.categoryId,
        categoryColour: request.categoryColour,
        status: 'confirmed',
        locked: false,
        termId: null,
        invoiceState: 'none',
      };
      optimisticCells.add(cell);
      return { ...board, requests: board.requests.filter((q) => q.id !== request.id), cells: [...board.cells, cell] };
    },
  );
}

export interface MoveInput {
  cell: BoardCell;
  slotId: string;
}

/** Moves a booking to another free slot of the same day. */
export function useMove(boardKey: QueryKey) {
  return useBoardWrite(
    boardKey,
    ({ cell, slotId }: MoveInput) => api(marketAssignmentsRoutes.moveAssignment, { params: { id: cell.assignmentId }, body: { slotId } }),
    (board, { cell, slotId }) => ({
      ...board,
      cells: board.cells.map((c) => {
        if (c.assignmentId !== cell.assignmentId) return c;
        const moved = { ...c, slotId };
        optimisticCells.add(moved);
        return moved;
      }),
    }),
  );
}

export function useSetLocked(boardKey: QueryKey) {
  return useBoardWrite(
    boardKey,
    ({ cell, locked }: { cell: BoardCell; locked: boolean }) =>
      api(marketAssignmentsRoutes.updateAssignment, { params: { id: cell.assignmentId }, body: { locked } }),
    (board, { cell, locked }) => ({
      ...board,
      cells: board.cells.map((c) => (c.assignmentId === cell.assignmentId ? { ...c, locked } : c)),
    }),
  );
}

/** Absences, no-shows and cancellations free the slot for that day only. */
export function useSetAssignmentStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ assignmentId, status, reason }: { assignmentId: string; status: AssignmentReleaseStatus; reason: string }) =>
      api(marketAssignmentsRoutes.setAssignmentStatus, { params: { id: assignmentId }, body: { status, reason } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: marketAssignmentKeys.all }),
  });
}

export function useDecideRequest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, status, reason }: { requestId: string; status: MarketRequestDecision; reason?: string }) =>
      api(marketAssignmentsRoutes.decideMarketRequest, { params: { id: requestId }, body: reason ? { status, reason } : { status } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: marketAssignmentKeys.all }),
  });
}

/** A vendor's bookings and requests from `from` on (the vendor record's "Bookings" section). */
export function useVendorAssignments(vendorId: string, from: string) {
  return useQuery({
    queryKey: marketAssignmentKeys.vendorAssignments(vendorId, from),
    queryFn: () => api(marketAssignmentsRoutes.listAssignments, { query: { vendorId, from, limit: '200' } }),
  });
}

export function useVendorRequests(vendorId: string, from: string) {
  return useQuery({
    queryKey: marketAssignmentKeys.vendorRequests(vendorId, from),
    queryFn: () => api(marketAssignmentsRoutes.listMarketRequests, { query: { vendorId, from, limit: '200' } }),
  });
}
