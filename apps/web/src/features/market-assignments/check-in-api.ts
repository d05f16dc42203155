import type { marketAssignmentsRoutes as r } from '@market/contracts';
import { marketAssignmentsRoutes } from '@market/contracts/plain';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { QueuedAction } from './check-in-queue';

export type CheckInList = r.CheckInList;
export type CheckInRow = r.CheckInRow;
export type CheckInResult = r.CheckInResult;
export type CheckInRefusalCode = r.CheckInRefusalCode;

/** Under the feature's `all` key, so the board's writes refresh the check-in list too. */
export const checkInKeys = {
  list: (dayId: string) => ['market-assignments', 'check-in', dayId] as const,
};

/** The day's list as last loaded on this device: the screen still works after a reload without a connection. */
const SNAPSHOT_KEY = (dayId: string) => `market-check-in-list:${dayId}`;

function readSnapshot(dayId: string): CheckInList | undefined {
  try {
    const text = localStorage.getItem(SNAPSHOT_KEY(dayId));
    return text ? (JSON.parse(text) as CheckInList) : undefined;
  } catch {
    return undefined;
  }
}

function saveSnapshot(list: CheckInList): void {
  try {
    localStorage.setItem(SNAPSHOT_KEY(list.marketDayId), JSON.stringify(list));
  } catch {
    // A full storage only costs the offline copy; the list on screen is unaffected.
  }
}

/** How often the list is refreshed while the screen is open (other devices check vendors in too). */
const REFRESH_MS = 30_000;

export function useCheckInList(dayId: string) {
  return useQuery({
    queryKey: checkInKeys.list(dayId),
    queryFn: async ({ signal }) => {
      const list = await api(marketAssignmentsRoutes.getCheckInList, { params: { id: dayId }, signal });
      saveSnapshot(list);
      return list;
    },
    // The offline copy shows at once and is replaced as soon as the server answers.
    initialData: () => readSnapshot(dayId),
    initialDataUpdatedAt: 0,
    refetchInterval: REFRESH_MS,
  });
}

/** Sends one queued action (the sender calls it; the queue keeps the action until this settles definitively). */
export function postCheckIn(a: QueuedAction): Promise<CheckInResult> {
  return api(marketAssignmentsRoutes.createCheckIn, {
    body: {
      id: a.id,
      assignmentId: a.assignmentId,
      action: a.action,
      recordedAt: a.recordedAt,
      ...(a.overrideReason ? { overrideReason: a.overrideReason } : {}),
    },
  });
}

/** Puts the server's row of an answered action into the cached list (and its offline copy). */
export function applyCheckInResult(qc: QueryClient, dayId: string, result: CheckInResult): void {
  const list = qc.getQueryData<CheckInList>(checkInKeys.list(dayId));
  if (!list) return;
  const next = { ...list, rows: list.rows.map((x) => (x.assignmentId === result.row.assignmentId ? result.row : x)) };
  qc.setQueryData(checkInKeys.list(dayId), next);
  saveSnapshot(next);
}
