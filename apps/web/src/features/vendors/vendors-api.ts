import type { marketCategoriesRoutes, vendorsRoutes as r } from '@market/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { guardStale } from '../../lib/stale-write';
import { useT } from '../../app/i18n/i18n-provider';

export type Vendor = r.Vendor;
export type VendorListItem = r.VendorListItem;
export type VendorDocument = r.VendorDocument;
export type VendorType = r.VendorType;
export type VendorStatus = r.VendorStatus;
export type VendorCreate = r.VendorCreate;
export type VendorUpdate = Omit<r.VendorUpdate, 'expectedUpdatedAt'>;
export type DocumentType = r.VendorDocumentType;
export type Category = marketCategoriesRoutes.Category;

// Kept here (not imported) so no zod code reaches the bundle; `satisfies` ties them to the contract.
export const VENDOR_STATUSES = ['active', 'suspended', 'blocklisted'] as const satisfies readonly VendorStatus[];
export const DOCUMENT_TYPES = ['insurance', 'permit', 'licence', 'id', 'food_hygiene'] as const satisfies readonly DocumentType[];
export const PAGE_SIZE = 25;

export interface VendorFilters {
  vendorType: VendorType;
  q: string;
  status: VendorStatus | '';
  categoryId: string;
  expiring: boolean;
  page: number;
}

export const vendorKeys = {
  all: ['vendors'] as const,
  list: (f: VendorFilters) => ['vendors', 'list', f] as const,
  one: (id: string) => ['vendors', 'one', id] as const,
};

export function useVendors(f: VendorFilters) {
  return useQuery({
    queryKey: vendorKeys.list(f),
    queryFn: () =>
      api<typeof r.listVendors>(
        { method: 'GET', path: '/vendors' },
        {
          query: {
            vendorType: f.vendorType,
            q: f.q.trim() || undefined,
            status: f.status || undefined,
            categoryId: f.categoryId || undefined,
            expiringWithinDays: f.expiring ? '30' : undefined,
            page: String(f.page),
            pageSize: String(PAGE_SIZE),
          },
        },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useVendor(id: string | null) {
  return useQuery({
    queryKey: vendorKeys.one(id ?? ''),
    queryFn: () => api<typeof r.getVendor>({ method: 'GET', path: '/vendors/:id' }, { params: { id: id! } }),
    enabled: !!id,
  });
}

/** Categories to pick from; an empty list when the categories area answers nothing. */
export function useCategoryOptions() {
  return useQuery({
    queryKey: ['market-categories', 'list', 'all'],
    queryFn: () =>
      api<typeof marketCategoriesRoutes.listCategories>({ method: 'GET', path: '/market-categories' }, { query: { status: 'all' } }),
    staleTime: 60_000,
  });
}

/** A vendor write: the answer replaces the cached vendor and every list is refreshed. */
function useVendorWrite<V>(fn: (v: V) => Promise<Vendor>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (vendor) => {
      qc.setQueryData(vendorKeys.one(vendor.id), vendor);
      await qc.invalidateQueries({ queryKey: ['vendors', 'list'] });
    },
  });
}

export const useCreateVendor = () =>
  useVendorWrite((body: VendorCreate) => api<typeof r.createVendor>({ method: 'POST', path: '/vendors' }, { body }));

/** Edits name the updatedAt of the vendor (or document) they were based on; a stale one reloads the vendor and says so. */
function useStaleGuard(id: string) {
  const qc = useQueryClient();
  const t = useT();
  const reload = () =>
    Promise.all([qc.invalidateQueries({ queryKey: vendorKeys.one(id) }), qc.invalidateQueries({ queryKey: ['vendors', 'list'] })]);
  return <T>(run: () => Promise<T>) => guardStale(run, t('edit.staleWrite'), reload);
}

export const useUpdateVendor = (id: string) => {
  const guard = useStaleGuard(id);
  return useVendorWrite(({ body, expectedUpdatedAt }: { body: VendorUpdate; expectedUpdatedAt: string }) =>
    guard(() =>
      api<typeof r.updateVendor>({ method: 'PATCH', path: '/vendors/:id' }, { params: { id }, body: { ...body, expectedUpdatedAt } }),
    ),
  );
};

export const useChangeStatus = (id: string) =>
  useVendorWrite((body: { status: VendorStatus; reason?: string | null }) =>
    api<typeof r.changeVendorStatus>({ method: 'POST', path: '/vendors/:id/status' }, { params: { id }, body }),
  );

export const useSetCategories = (id: string) => {
  const guard = useStaleGuard(id);
  return useVendorWrite(({ categoryIds, expectedUpdatedAt }: { categoryIds: string[]; expectedUpdatedAt: string }) =>
    guard(() =>
      api<typeof r.setVendorCategories>(
        { method: 'PUT', path: '/vendors/:id/categories' },
        { params: { id }, body: { categoryIds, expectedUpdatedAt } },
      ),
    ),
  );
};

/** Writes that answer something other than the vendor: refetch it and the lists. */
function useVendorSideWrite<V, R>(id: string, fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all([qc.invalidateQueries({ queryKey: vendorKeys.one(id) }), qc.invalidateQueries({ queryKey: ['vendors', 'list'] })]);
    },
  });
}

export const useLinkUser = (id: string) =>
  useVendorSideWrite(id, (email: string) =>
    api<typeof r.linkVendorUser>({ method: 'POST', path: '/vendors/:id/users' }, { params: { id }, body: { email } }),
  );

export const useUnlinkUser = (id: string) =>
  useVendorSideWrite(id, (userId: string) =>
    api<typeof r.unlinkVendorUser>({ method: 'DELETE', path: '/vendors/:id/users/:userId' }, { params: { id, userId } }),
  );

export const useAddDocument = (id: string) =>
  useVendorSideWrite(
    id,
    (body: {
      docType: DocumentType;
      bucketId: string;
      objectPath: string;
      fileName: string;
      issuedOn?: string | null;
      expiresOn?: string | null;
    }) => api<typeof r.addVendorDocument>({ method: 'POST', path: '/vendors/:id/documents' }, { params: { id }, body }),
  );

export const useUpdateDocument = (id: string) => {
  const guard = useStaleGuard(id);
  return useVendorSideWrite(
    id,
    ({
      docId,
      body,
    }: {
      docId: string;
      body: {
        status?: 'pending' | 'valid' | 'declined';
        statusNote?: string | null;
        issuedOn?: string | null;
        expiresOn?: string | null;
        expectedUpdatedAt: string;
      };
    }) =>
      guard(() =>
        api<typeof r.updateVendorDocument>({ method: 'PATCH', path: '/vendors/:id/documents/:docId' }, { params: { id, docId }, body }),
      ),
  );
};

export const useDeleteDocument = (id: string) =>
  useVendorSideWrite(id, (docId: string) =>
    api<typeof r.deleteVendorDocument>({ method: 'DELETE', path: '/vendors/:id/documents/:docId' }, { params: { id, docId } }),
  );

export function documentUrl(id: string, docId: string) {
  return api<typeof r.vendorDocumentUrl>({ method: 'GET', path: '/vendors/:id/documents/:docId/url' }, { params: { id, docId } });
}
