import type { assetsRoutes as schemas } from '@market/contracts';
import { assetsRoutes as r, type QueryOf } from '@market/contracts/plain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, uploadFile } from '../../lib/api';
import { guardStale } from '../../lib/stale-write';
import { useT } from '../../app/i18n/i18n-provider';

export type Asset = schemas.Asset;
export type AssetDetail = schemas.AssetDetail;
export type AssetFolder = schemas.AssetFolder;
export type AssetListQuery = NonNullable<QueryOf<typeof r.listAssets>>;

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
    queryFn: () => api(r.listAssets, { query: q }),
    placeholderData: keepPreviousData,
  });
export const useAssetFolders = () => useQuery({ queryKey: assetKeys.folders, queryFn: () => api(r.listAssetFolders) });
export const useAssetTags = () => useQuery({ queryKey: assetKeys.tags, queryFn: () => api(r.listAssetTags) });
export const useAsset = (id: string | null) =>
  useQuery({
    queryKey: assetKeys.one(id ?? ''),
    enabled: !!id,
    queryFn: () => api(r.getAsset, { params: { id: id! } }),
  });

function useInvalidating<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: assetKeys.all }) });
}

/** An edit names the updatedAt of the asset it was opened on; a stale one reloads the library and says so. */
export function useUpdateAsset() {
  const qc = useQueryClient();
  const t = useT();
  return useInvalidating(({ id, body }: { id: string; body: schemas.AssetUpdate }) =>
    guardStale(
      () => api(r.updateAsset, { params: { id }, body }),
      t('edit.staleWrite'),
      () => qc.invalidateQueries({ queryKey: assetKeys.all }),
    ),
  );
}
export const useDeleteAsset = () => useInvalidating((id: string) => api(r.deleteAsset, { params: { id } }));
export const useCreateFolder = () => useInvalidating((path: string) => api(r.createAssetFolder, { body: { path } }));
export const useMoveFolder = () => useInvalidating((body: { from: string; to: string }) => api(r.moveAssetFolder, { body }));
export const useDeleteFolder = () => useInvalidating((path: string) => api(r.deleteAssetFolder, { query: { path } }));

/** Uploads one file into a folder of the library with progress in percent; rejects with the server's ApiError. */
export function uploadAssetFile(file: File, folder: string, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<Asset> {
  return uploadFile(r.uploadAsset, file, (share) => onProgress(Math.round(100 * share)), {
    query: { folder: folder || undefined },
    signal,
  });
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}
