import type { assetsRoutes as r } from '@market/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, uploadFile } from '../../lib/api';
import { guardStale } from '../../lib/stale-write';
import { useT } from '../../app/i18n/i18n-provider';

export type Asset = r.Asset;
export type AssetDetail = r.AssetDetail;
export type AssetFolder = r.AssetFolder;
export type AssetListQuery = {
  q?: string;
  folder?: string;
  subfolders?: 'true' | 'false';
  tag?: string;
  type?: string;
  sort?: string;
  page?: string;
  limit?: string;
};

export const assetKeys = {
  all: ['assets'] as const,
  list: (q: AssetListQuery) => ['assets', 'list', q] as const,
  folders: ['assets', 'folders'] as const,
  tags: ['assets', 'tags'] as const,
  one: (id: string) => ['assets', 'one', id] as const,
};

export const useAssets = (q: AssetListQuery) =>
  useQuery({
    queryKey: assetKeys.list(q),
    queryFn: () => api<typeof r.listAssets>({ method: 'GET', path: '/assets' }, { query: q as never }),
    placeholderData: keepPreviousData,
  });
export const useAssetFolders = () =>
  useQuery({ queryKey: assetKeys.folders, queryFn: () => api<typeof r.listAssetFolders>({ method: 'GET', path: '/assets/folders' }) });
export const useAssetTags = () =>
  useQuery({ queryKey: assetKeys.tags, queryFn: () => api<typeof r.listAssetTags>({ method: 'GET', path: '/assets/tags' }) });
export const useAsset = (id: string | null) =>
  useQuery({
    queryKey: assetKeys.one(id ?? ''),
    enabled: !!id,
    queryFn: () => api<typeof r.getAsset>({ method: 'GET', path: '/assets/:id' }, { params: { id: id! } }),
  });

function useInvalidating<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: assetKeys.all }) });
}

/** An edit names the updatedAt of the asset it was opened on; a stale one reloads the library and says so. */
export function useUpdateAsset() {
  const qc = useQueryClient();
  const t = useT();
  return useInvalidating(({ id, body }: { id: string; body: r.AssetUpdate }) =>
    guardStale(
      () => api<typeof r.updateAsset>({ method: 'PATCH', path: '/assets/:id' }, { params: { id }, body }),
      t('edit.staleWrite'),
      () => qc.invalidateQueries({ queryKey: assetKeys.all }),
    ),
  );
}
export const useDeleteAsset = () =>
  useInvalidating((id: string) => api<typeof r.deleteAsset>({ method: 'DELETE', path: '/assets/:id' }, { params: { id } }));
export const useCreateFolder = () =>
  useInvalidating((path: string) => api<typeof r.createAssetFolder>({ method: 'POST', path: '/assets/folders' }, { body: { path } }));
export const useMoveFolder = () =>
  useInvalidating((body: { from: string; to: string }) =>
    api<typeof r.moveAssetFolder>({ method: 'POST', path: '/assets/folders/move' }, { body }),
  );
export const useDeleteFolder = () =>
  useInvalidating((path: string) => api<typeof r.deleteAssetFolder>({ method: 'DELETE', path: '/assets/folders' }, { query: { path } }));

/** Uploads one file into a folder of the library with progress in percent; rejects with the server's ApiError. */
export function uploadAssetFile(file: File, folder: string, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<Asset> {
  return uploadFile<Asset>(
    `/assets/upload${folder ? `?folder=${encodeURIComponent(folder)}` : ''}`,
    file,
    (share) => onProgress(Math.round(100 * share)),
    signal,
  );
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}
