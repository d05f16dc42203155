import type { catalogPublishingRoutes as r } from '@market/contracts';
import { catalogPublishingRoutes as routes, type FeedFormat } from '@market/contracts/plain';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useT } from '../../app/i18n/i18n-provider';
import { api, apiUrl } from '../../lib/api';
import { guardStale } from '../../lib/stale-write';
import { downloadFile } from '../payment-management';

export type Channel = r.Channel;
export type ChannelCreate = r.ChannelCreate;
export type ChannelChange = Omit<r.ChannelUpdate, 'expectedUpdatedAt'>;
export type ChannelOptions = r.ChannelOptions;
export type PreviewItem = r.PreviewItem;
export type SnapshotSummary = r.SnapshotSummary;
export type SnapshotDetail = r.SnapshotDetail;
export type PreviewShow = 'all' | 'in' | 'out';

export const publishingKeys = {
  all: ['catalog-publishing'] as const,
  channels: ['catalog-publishing', 'channels'] as const,
  options: ['catalog-publishing', 'options'] as const,
  channel: (id: string) => ['catalog-publishing', 'channel', id] as const,
  completeness: (id: string) => ['catalog-publishing', 'channel', id, 'completeness'] as const,
  preview: (id: string, show: PreviewShow) => ['catalog-publishing', 'channel', id, 'preview', show] as const,
  snapshots: (id: string) => ['catalog-publishing', 'channel', id, 'snapshots'] as const,
  snapshot: (id: string, n: number) => ['catalog-publishing', 'channel', id, 'snapshot', n] as const,
};

export function useChannels() {
  return useQuery({ queryKey: publishingKeys.channels, queryFn: () => api(routes.listChannels) });
}

export function useChannelOptions() {
  return useQuery({ queryKey: publishingKeys.options, queryFn: () => api(routes.channelOptions), staleTime: 60_000 });
}

export function useChannelCompleteness(id: string) {
  return useQuery({ queryKey: publishingKeys.completeness(id), queryFn: () => api(routes.channelCompleteness, { params: { id } }) });
}

export function usePreview(id: string, show: PreviewShow) {
  return useInfiniteQuery({
    queryKey: publishingKeys.preview(id, show),
    queryFn: ({ pageParam }) =>
      api(routes.previewChannel, { params: { id }, query: { show, limit: '50', ...(pageParam ? { cursor: pageParam } : {}) } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useSnapshots(id: string) {
  return useQuery({ queryKey: publishingKeys.snapshots(id), queryFn: () => api(routes.listSnapshots, { params: { id } }) });
}

export function useSnapshot(id: string, n: number | null) {
  return useQuery({
    queryKey: publishingKeys.snapshot(id, n ?? 0),
    queryFn: () => api(routes.getSnapshot, { params: { id, number: String(n) } }),
    enabled: n !== null,
  });
}

/** Adds a channel, or changes one with the updatedAt it was opened on (a stale edit reloads and says so). */
export function useSaveChannel() {
  const qc = useQueryClient();
  const t = useT();
  const invalidate = () => qc.invalidateQueries({ queryKey: publishingKeys.all });
  return useMutation({
    mutationFn: ({ id, body, expectedUpdatedAt }: { id?: string; body: ChannelCreate | ChannelChange; expectedUpdatedAt?: string }) =>
      id
        ? guardStale(
            () =>
              api(routes.updateChannel, {
                params: { id },
                body: { ...(body as ChannelChange), expectedUpdatedAt: expectedUpdatedAt ?? '' },
              }),
            t('edit.staleWrite'),
            invalidate,
          )
        : api(routes.createChannel, { body: body as ChannelCreate }),
    onSuccess: invalidate,
  });
}

/** Publishes (or republishes an earlier snapshot); `confirm` answers the server's question about a large removal. */
export function usePublish(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ rollbackOf, confirm }: { rollbackOf?: number; confirm?: boolean }) =>
      rollbackOf
        ? api(routes.rollbackSnapshot, { params: { id, number: String(rollbackOf) }, body: confirm ? { confirm } : {} })
        : api(routes.publishChannel, { params: { id }, body: confirm ? { confirm } : {} }),
    onSuccess: () => qc.invalidateQueries({ queryKey: publishingKeys.all }),
  });
}

/** While a publish runs: how many items are written of how many, asked every second (the server answers from memory). */
export function usePublishProgress(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...publishingKeys.channel(id), 'publish-progress'],
    queryFn: () => api(routes.publishProgress, { params: { id } }),
    enabled,
    refetchInterval: enabled ? 1000 : false,
    gcTime: 0,
  });
}

export function useRotateFeedToken(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api(routes.rotateFeedToken, { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: publishingKeys.channels }),
  });
}

export function downloadSnapshot(id: string, n: number, format: FeedFormat): Promise<void> {
  return downloadFile(
    apiUrl(routes.exportSnapshot.path, { id, number: n }, { format }),
    `channel-${n}.${format === 'rss' ? 'xml' : format}`,
  );
}

/** The feed's full address for one format (the token in the query string, as feed readers take it). */
export function feedUrl(feedPath: string, format: FeedFormat, token: string): string {
  return `${window.location.origin}/api/v1${feedPath}/${format}?token=${encodeURIComponent(token)}`;
}
