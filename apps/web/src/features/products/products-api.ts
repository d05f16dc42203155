import { productsRoutes as r, type BodyOf, type ResponseOf } from '@market/contracts/plain';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, apiErrorOf, apiUrl, authHeaders, uploadFile } from '../../lib/api';
import { guardStale } from '../../lib/stale-write';
import { useT } from '../../app/i18n/i18n-provider';
import type { ListFilters } from './product-constants';

export type ProductListItem = ResponseOf<typeof r.listProducts>['items'][number];
export type Product = ResponseOf<typeof r.getProduct>;
export type ProductMedia = Product['media'][number];
export type FormOptions = ResponseOf<typeof r.getProductFormOptions>;
export type FamilyAttribute = FormOptions['families'][number]['attributes'][number];
export type CategoryOption = FormOptions['categories'][number];
export type AssetOption = ResponseOf<typeof r.listProductAssetOptions>[number];
export type VersionSummary = ResponseOf<typeof r.listProductVersions>[number];
export type VersionDetail = ResponseOf<typeof r.getProductVersion>;
export type SavedView = ResponseOf<typeof r.listSavedViews>[number];
export type SavedViewConfig = SavedView['config'];
export type ProductUpdate = BodyOf<typeof r.updateProduct>;
export type ProductCreate = BodyOf<typeof r.createProduct>;
export type BulkBody = BodyOf<typeof r.bulkUpdateProducts>;

export const PAGE_SIZE = 100;

export const productKeys = {
  all: ['products'] as const,
  lists: ['products', 'list'] as const,
  list: (query: Record<string, string | undefined>) => ['products', 'list', query] as const,
  detail: (id: string) => ['products', 'detail', id] as const,
  versions: (id: string) => ['products', 'versions', id] as const,
  version: (id: string, v: number) => ['products', 'versions', id, v] as const,
  formOptions: ['products', 'form-options'] as const,
  assets: (q: string) => ['products', 'asset-options', q] as const,
  views: ['products', 'views'] as const,
};

/** The list filters as the query string the API takes (absent values left out). */
export function filterQuery(f: ListFilters): Record<string, string | undefined> {
  return {
    q: f.q || undefined,
    status: f.status.length ? f.status.join(',') : undefined,
    brandId: f.brandId,
    vendorId: f.vendorId,
    familyId: f.familyId,
    categoryId: f.categoryId,
    completenessMin: f.completenessMin === undefined ? undefined : String(f.completenessMin),
    completenessMax: f.completenessMax === undefined ? undefined : String(f.completenessMax),
    sort: f.sort,
  };
}

/** Keyset pages of the list; each page passes the previous nextCursor. */
export function useProductPages(f: ListFilters) {
  const query = filterQuery(f);
  return useInfiniteQuery({
    queryKey: productKeys.list(query),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => api(r.listProducts, { query: { ...query, cursor: pageParam, limit: String(PAGE_SIZE) } }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    // Pages are only ever appended; deep-comparing tens of thousands of loaded rows on each page would be a long task.
    structuralSharing: false,
  });
}

export const useFormOptions = () =>
  useQuery({
    queryKey: productKeys.formOptions,
    queryFn: () => api(r.getProductFormOptions),
    staleTime: 60_000,
  });

export const useProduct = (id: string, enabled = true) =>
  useQuery({
    queryKey: productKeys.detail(id),
    enabled,
    queryFn: () => api(r.getProduct, { params: { id } }),
  });

export function useCreateProduct() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductCreate) => api(r.createProduct, { body }),
    onSuccess: (p) => {
      qc.setQueryData(productKeys.detail(p.id), p);
      void qc.invalidateQueries({ queryKey: productKeys.lists });
    },
  });
}

export function useUpdateProduct(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductUpdate) => api(r.updateProduct, { params: { id }, body }),
    onSuccess: (p) => {
      qc.setQueryData(productKeys.detail(id), p);
      void qc.invalidateQueries({ queryKey: productKeys.versions(id) });
      void qc.invalidateQueries({ queryKey: productKeys.lists });
    },
  });
}

export function useDeleteProduct() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(r.deleteProduct, { params: { id } }),
    onSuccess: (_ok, id) => {
      qc.removeQueries({ queryKey: productKeys.detail(id) });
      void qc.invalidateQueries({ queryKey: productKeys.lists });
    },
  });
}

export function useBulkProducts() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkBody) => api(r.bulkUpdateProducts, { body }),
    onSettled: () => qc.invalidateQueries({ queryKey: productKeys.all }),
  });
}

export const useVersions = (id: string) =>
  useQuery({
    queryKey: productKeys.versions(id),
    queryFn: () => api(r.listProductVersions, { params: { id } }),
  });

export const useVersion = (id: string, version: number | null) =>
  useQuery({
    queryKey: productKeys.version(id, version ?? 0),
    enabled: version !== null,
    queryFn: () => api(r.getProductVersion, { params: { id, version: String(version) } }),
  });

/** A restore names the version the screen shows as the latest; a newer one reloads the product and says so. */
export function useRestoreVersion(id: string) {
  const qc = useQueryClient();
  const t = useT();
  return useMutation({
    mutationFn: ({ version, expectedVersion }: { version: number; expectedVersion: number }) =>
      guardStale(
        () => api(r.restoreProductVersion, { params: { id, version: String(version) }, body: { expectedVersion } }),
        t('products.error.conflict'),
        () =>
          Promise.all([
            qc.invalidateQueries({ queryKey: productKeys.detail(id) }),
            qc.invalidateQueries({ queryKey: productKeys.versions(id) }),
          ]),
      ),
    onSuccess: (p) => {
      qc.setQueryData(productKeys.detail(id), p);
      void qc.invalidateQueries({ queryKey: productKeys.versions(id) });
      void qc.invalidateQueries({ queryKey: productKeys.lists });
    },
  });
}

export const useAssetOptions = (q: string, enabled: boolean) =>
  useQuery({
    queryKey: productKeys.assets(q),
    enabled,
    queryFn: () => api(r.listProductAssetOptions, { query: { q: q || undefined, limit: '60' } }),
    placeholderData: keepPreviousData,
  });

export const useSavedViews = () => useQuery({ queryKey: productKeys.views, queryFn: () => api(r.listSavedViews) });

export function useSaveView() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name, config }: { id?: string; name?: string; config?: SavedViewConfig }) =>
      id
        ? api(r.updateSavedView, { params: { id }, body: { name, config } })
        : api(r.createSavedView, { body: { name: name ?? '', config: config! } }),
    onSettled: () => qc.invalidateQueries({ queryKey: productKeys.views }),
  });
}

export function useDeleteView() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(r.deleteSavedView, { params: { id } }),
    onSettled: () => qc.invalidateQueries({ queryKey: productKeys.views }),
  });
}

async function errorOf(res: Response): Promise<ApiError> {
  return apiErrorOf(res.status, await res.json().catch(() => null));
}

/** Fetches the export with the auth header and hands the file to the browser as a download. */
export async function downloadExport(query: Record<string, string | undefined>, format: 'csv' | 'xlsx', ids?: string[]): Promise<void> {
  // A file, not JSON: fetched here rather than through api(), with the same address and bearer.
  const url = apiUrl(r.exportProducts.path, undefined, { ...query, format, ids: ids?.length ? ids.join(',') : undefined });
  const res = await fetch(url, { headers: await authHeaders() });
  if (!res.ok) throw await errorOf(res);
  const blob = await res.blob();
  const name = /filename="?([^";]+)"?/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `products.${format}`;
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** Uploads one file into the asset library, reporting progress (0..1). */
export function uploadMedia(file: File, onProgress: (share: number) => void): Promise<AssetOption> {
  return uploadFile(r.uploadProductMedia, file, onProgress);
}

/** Removes a file this page uploaded that no product kept (the server refuses one in use, and anyone else's). */
export function discardMediaUpload(assetId: string): Promise<unknown> {
  return api(r.discardProductMediaUpload, { params: { id: assetId } }).catch(() => undefined);
}
