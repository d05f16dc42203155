import type { productImportRoutes as schemas } from '@market/contracts';
import { productImportRoutes as r, type ImportOutcome, type ImportPhase, type ImportState } from '@market/contracts/plain';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useT } from '../../app/i18n/i18n-provider';
import { api, apiUrl, uploadFile } from '../../lib/api';
import { guardStale, isStaleWrite } from '../../lib/stale-write';
import { downloadFile } from '../payment-management';

export type ImportDetail = schemas.ImportDetail;
export type ImportSummary = schemas.ImportSummary;
export type ImportColumn = schemas.ImportColumn;
export type ImportOptions = schemas.ImportOptions;
export type ImportCounts = schemas.ImportCounts;
export type ImportProgress = schemas.ImportProgress;
export type ImportRow = schemas.ImportRow;
export type ImportProfile = schemas.ImportProfile;
/** What a PATCH of an import changes (the updatedAt it was based on is added by the hook). */
export type ImportChange = Omit<schemas.ImportUpdate, 'expectedUpdatedAt'>;

export const IMPORT_PAGE_SIZE = 25;
export const ROW_PAGE_SIZE = 50;
/** States in which a worker moves the import on by itself: the screen follows it live. */
export const ACTIVE_STATES: readonly ImportState[] = ['validating', 'queued', 'running'];
const POLL_MS = 2000;
const HISTORY_POLL_MS = 5000;

export const importKeys = {
  all: ['product-import'] as const,
  lists: ['product-import', 'list'] as const,
  one: (id: string) => ['product-import', 'one', id] as const,
  rowsOf: (id: string) => ['product-import', 'rows', id] as const,
  rows: (id: string, phase: ImportPhase, outcome: ImportOutcome | null) => ['product-import', 'rows', id, phase, outcome ?? 'all'] as const,
  profiles: ['product-import', 'profiles'] as const,
};

/** Past and current imports, newest first, a page at a time. */
export function useImportHistory() {
  return useInfiniteQuery({
    queryKey: importKeys.lists,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => api(r.listImports, { query: { cursor: pageParam, limit: IMPORT_PAGE_SIZE }, signal }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // An import under way in the list moves on by itself: its state and counts are read again now and then.
    refetchInterval: (q) =>
      q.state.data?.pages.some((p) => p.items.some((i) => ACTIVE_STATES.includes(i.state))) ? HISTORY_POLL_MS : false,
  });
}

/** One import; read again every two seconds while a worker is moving it on (realtime is the quick path, this the fallback). */
export function useImport(id: string | null) {
  return useQuery({
    queryKey: importKeys.one(id ?? ''),
    enabled: !!id,
    queryFn: ({ signal }) => api(r.getImport, { params: { id: id! }, signal }),
    refetchInterval: (q) => (q.state.data && ACTIVE_STATES.includes(q.state.data.state) ? POLL_MS : false),
  });
}

/** Row results of one phase, optionally of one outcome, by row number. */
export function useImportRows(id: string, phase: ImportPhase, outcome: ImportOutcome | null, enabled = true) {
  return useInfiniteQuery({
    queryKey: importKeys.rows(id, phase, outcome),
    enabled,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      api(r.listImportRows, {
        params: { id },
        query: { phase, outcome: outcome ?? undefined, cursor: pageParam, limit: ROW_PAGE_SIZE },
        signal,
      }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useImportProfiles() {
  return useQuery({ queryKey: importKeys.profiles, queryFn: () => api(r.listImportProfiles), staleTime: 30_000 });
}

/** After a write answered with the import: it is the import's data at once; the history and the rows are read again. */
function useSettle() {
  const qc = useQueryClient();
  return useCallback(
    (detail: ImportDetail) => {
      qc.setQueryData(importKeys.one(detail.id), detail);
      void qc.invalidateQueries({ queryKey: importKeys.lists });
      void qc.invalidateQueries({ queryKey: importKeys.rowsOf(detail.id) });
    },
    [qc],
  );
}

function useReload(id: string) {
  const qc = useQueryClient();
  return useCallback(() => qc.invalidateQueries({ queryKey: importKeys.one(id) }), [qc, id]);
}

/**
 * Changes how the file is read, the mapping or the options, naming the updatedAt the change was based on. When
 * the import changed meanwhile, it is read again and the error says so in one line.
 */
export function useUpdateImport(id: string) {
  const t = useT();
  const settle = useSettle();
  const reload = useReload(id);
  return useMutation({
    mutationFn: ({ expectedUpdatedAt, ...change }: ImportChange & { expectedUpdatedAt: string }) =>
      guardStale(() => api(r.updateImport, { params: { id }, body: { ...change, expectedUpdatedAt } }), t('productImport.stale'), reload),
    onSuccess: settle,
  });
}

export type ImportAction = 'dryRun' | 'run' | 'cancel';

function sendAction(action: ImportAction, id: string, expectedUpdatedAt: string) {
  const input = { params: { id }, body: { expectedUpdatedAt } };
  if (action === 'dryRun') return api(r.dryRunImport, input);
  return action === 'run' ? api(r.runImport, input) : api(r.cancelImport, input);
}

/**
 * Starts the dry run or the run, or cancels one, with the updatedAt shown. A running import's progress moves its
 * updatedAt on, so a cancel refused as stale is sent once more with the fresh one; a start is not (what it would
 * start may have changed).
 */
export function useImportAction(id: string, action: ImportAction) {
  const t = useT();
  const qc = useQueryClient();
  const settle = useSettle();
  const reload = useReload(id);
  return useMutation({
    mutationFn: async (expectedUpdatedAt: string) => {
      const send = (at: string) => sendAction(action, id, at);
      if (action !== 'cancel') return guardStale(() => send(expectedUpdatedAt), t('productImport.stale'), reload);
      try {
        return await send(expectedUpdatedAt);
      } catch (e) {
        if (!isStaleWrite(e)) throw e;
        const fresh = await qc.fetchQuery({ queryKey: importKeys.one(id), queryFn: () => api(r.getImport, { params: { id } }) });
        return send(fresh.updatedAt);
      }
    },
    onSuccess: settle,
  });
}

/** A new import (a draft) of only the rows that failed, with the same mapping and options. */
export function useRetryFailedRows(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api(r.retryFailedRows, { params: { id } }),
    onSuccess: (created) => {
      qc.setQueryData(importKeys.one(created.id), created);
      void qc.invalidateQueries({ queryKey: importKeys.lists });
    },
  });
}

function useProfileWrite<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: importKeys.profiles }) });
}

export const useCreateProfile = () =>
  useProfileWrite((body: { name: string; mapping: ImportColumn[]; options: ImportOptions }) => api(r.createImportProfile, { body }));

/** Saves the mapping and options into a profile, with the updatedAt of the profile as listed. */
export function useUpdateProfile() {
  const t = useT();
  const qc = useQueryClient();
  return useProfileWrite(({ profile, mapping, options }: { profile: ImportProfile; mapping: ImportColumn[]; options: ImportOptions }) =>
    guardStale(
      () => api(r.updateImportProfile, { params: { id: profile.id }, body: { mapping, options, expectedUpdatedAt: profile.updatedAt } }),
      t('productImport.profile.stale'),
      () => qc.invalidateQueries({ queryKey: importKeys.profiles }),
    ),
  );
}

export const useDeleteProfile = () => useProfileWrite((id: string) => api(r.deleteImportProfile, { params: { id } }));

/** Uploads the file (progress 0..1), optionally mapped by a profile; rejects with the server's ApiError. */
export function uploadImportFile(file: File, profileId: string | null, onProgress: (share: number) => void, signal?: AbortSignal) {
  return uploadFile(r.uploadImport, file, onProgress, { query: { profileId: profileId ?? undefined }, signal });
}

/** The CSV of the rows that failed in a phase: the original columns and a Reason. */
export const downloadImportErrors = (id: string, phase: ImportPhase) =>
  downloadFile(apiUrl(r.downloadImportErrors.path, { id }, { phase }), `import-errors-${phase}.csv`);

/** The file as it was uploaded. */
export const downloadImportFile = (id: string, fileName: string) => downloadFile(apiUrl(r.downloadImportFile.path, { id }), fileName);
