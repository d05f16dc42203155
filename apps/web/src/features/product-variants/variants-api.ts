import { productsRoutes as p, productVariantsRoutes as r, type BodyOf, type ResponseOf } from '@market/contracts/plain';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { guardStale } from '../../lib/stale-write';
import { useT } from '../../app/i18n/i18n-provider';

export type Variant = ResponseOf<typeof r.listProductVariants>[number];
export type VariantGridRow = ResponseOf<typeof r.listVariantGrid>['items'][number];
export type GenerateBody = BodyOf<typeof r.generateProductVariants>;
export type BulkItem = {
  id: string;
  barcode?: string | null;
  priceOverrideMinor?: number | null;
  stockQuantity?: number;
  weightGrams?: number | null;
};
export type VariantPatch = Omit<BulkItem, 'id'> & { sku?: string };
export type FormOptions = ResponseOf<typeof p.getProductFormOptions>;
export type FamilyAttribute = FormOptions['families'][number]['attributes'][number];

export const GRID_PAGE_SIZE = 100;

// Product keys are the products area's (same cache entries), so a generation refreshes its details page too.
export const variantKeys = {
  all: ['product-variants'] as const,
  ofProduct: (productId: string) => ['product-variants', 'product', productId] as const,
  grid: (q: string, productId: string) => ['product-variants', 'grid', q, productId] as const,
  product: (id: string) => ['products', 'detail', id] as const,
  formOptions: ['products', 'form-options'] as const,
  /** Products offered by the grid's product filter, per search. */
  productChoices: ['product-variants', 'product-choices'] as const,
};

export const useProductVariants = (productId: string) =>
  useQuery({
    queryKey: variantKeys.ofProduct(productId),
    queryFn: () => api(r.listProductVariants, { params: { id: productId } }),
  });

export const useVariantProduct = (productId: string) =>
  useQuery({
    queryKey: variantKeys.product(productId),
    queryFn: () => api(p.getProduct, { params: { id: productId } }),
  });

export const useVariantFormOptions = () =>
  useQuery({
    queryKey: variantKeys.formOptions,
    queryFn: () => api(p.getProductFormOptions),
    staleTime: 60_000,
  });

export function useVariantGrid(q: string, productId: string) {
  return useInfiniteQuery({
    queryKey: variantKeys.grid(q, productId),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      api(r.listVariantGrid, {
        query: { q: q || undefined, productId: productId || undefined, cursor: pageParam, limit: String(GRID_PAGE_SIZE) },
      }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

const refreshAll = (qc: QueryClient, productId?: string) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: variantKeys.all }),
    productId ? qc.invalidateQueries({ queryKey: variantKeys.product(productId) }) : qc.invalidateQueries({ queryKey: ['products'] }),
  ]);

export function useGenerateVariants(productId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: GenerateBody) => api(r.generateProductVariants, { params: { id: productId }, body }),
    onSettled: () => refreshAll(qc, productId),
  });
}

/** A change names the updatedAt of the variant it was based on; a stale one reloads the variants and says so. */
export function useUpdateVariant() {
  const qc = useQueryClient();
  const t = useT();
  return useMutation({
    mutationFn: ({ id, body, expectedUpdatedAt }: { id: string; body: VariantPatch; expectedUpdatedAt: string }) =>
      guardStale(
        () => api(r.updateVariant, { params: { id }, body: { ...body, expectedUpdatedAt } }),
        t('edit.staleWrite'),
        () => qc.invalidateQueries({ queryKey: variantKeys.all }),
      ),
    onSettled: () => qc.invalidateQueries({ queryKey: variantKeys.all }),
  });
}

export function useDeleteVariant(productId?: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(r.deleteVariant, { params: { id } }),
    onSettled: () => refreshAll(qc, productId),
  });
}

export function useBulkUpdateVariants() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (items: BulkItem[]) => api(r.bulkUpdateVariants, { body: { items } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: variantKeys.all }),
  });
}
