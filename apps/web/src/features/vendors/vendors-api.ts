import type { vendorsRoutes as r } from '@market/contracts';
import { EXPIRY_WARNING_DAYS, vendorsRoutes, type BodyOf } from '@market/contracts/plain';
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
      api(vendorsRoutes.listVendors, {
        query: {
          vendorType: f.vendorType,
          q: f.q.trim() || undefined,
          status: f.status || undefined,
          categoryId: f.categoryId || undefined,
          expiringWithinDays: f.expiring ? String(EXPIRY_WARNING_DAYS) : undefined,
          page: String(f.page),
          pageSize: String(PAGE_SIZE),
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useVendor(id: string | null) {
  return useQuery({
    queryKey: vendorKeys.one(id ?? ''),
    queryFn: () => api(vendorsRoutes.getVendor, { params: { id: id! } }),
    enabled: !!id,
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

export const useCreateVendor = () => useVendorWrite((body: VendorCreate) => api(vendorsRoutes.createVendor, { body }));

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
    guard(() => api(vendorsRoutes.updateVendor, { params: { id }, body: { ...body, expectedUpdatedAt } })),
  );
};

export const useChangeStatus = (id: string) =>
  useVendorWrite((body: BodyOf<typeof vendorsRoutes.changeVendorStatus>) =>
    api(vendorsRoutes.changeVendorStatus, { params: { id }, body }),
  );

export const useSetCategories = (id: string) => {
  const guard = useStaleGuard(id);
  return useVendorWrite((body: BodyOf<typeof vendorsRoutes.setVendorCategories>) =>
    guard(() => api(vendorsRoutes.setVendorCategories, { params: { id }, body })),
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
  useVendorSideWrite(id, (email: string) => api(vendorsRoutes.linkVendorUser, { params: { id }, body: { email } }));

export const useUnlinkUser = (id: string) =>
  useVendorSideWrite(id, (userId: string) => api(vendorsRoutes.unlinkVendorUser, { params: { id, userId } }));

export const useAddDocument = (id: string) =>
  useVendorSideWrite(id, (body: BodyOf<typeof vendorsRoutes.addVendorDocument>) =>
    api(vendorsRoutes.addVendorDocument, { params: { id }, body }),
  );

export const useUpdateDocument = (id: string) => {
  const guard = useStaleGuard(id);
  return useVendorSideWrite(id, ({ docId, body }: { docId: string; body: BodyOf<typeof vendorsRoutes.updateVendorDocument> }) =>
    guard(() => api(vendorsRoutes.updateVendorDocument, { params: { id, docId }, body })),
  );
};

export const useDeleteDocument = (id: string) =>
  useVendorSideWrite(id, (docId: string) => api(vendorsRoutes.deleteVendorDocument, { params: { id, docId } }));

export function documentUrl(id: string, docId: string) {
  return api(vendorsRoutes.vendorDocumentUrl, { params: { id, docId } });
}
