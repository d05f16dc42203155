import type { productsRoutes as p, productVariantsRoutes as r } from '@market/contracts';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { guardStale } from '../../lib/stale-write';
import { useT } from '../../app/i18n/i18n-provider';

export type Variant = Awaited<ReturnType<typeof api<typeof r.listProductVariants>>>[number];
export type VariantGridRow = Awaited<ReturnType<typeof api<typeof r.listVariantGrid>>>['items'][number];
export type GenerateBody = Parameters<typeof api<typeof r.generateProductVariants>>[1] extends infer I
  ? I extends { body?: infer B }
    ? NonNullable<B>
    : never
  : never;
export type BulkItem = {
  id: string;
  barcode?: string | null;
  priceOverrideMinor?: number | null;
  stockQuantity?: number;
  weightGrams?: number | null;
};
export type VariantPatch = Omit<BulkItem, 'id'> & { sku?: string };
export type Product = Awaited<ReturnType<typeof api<typeof p.getProduct>>>;
export type FormOptions = Awaited<ReturnType<typeof api<typeof p.getProductFormOptions>>>;
export type FamilyAttribute = FormOptions['families'][number]['attributes'][number];
export type ProductListItem = Awaited<ReturnType<typeof api<typeof p.listProducts>>>['items'][number];

/** The contract's MAX_VARIANT_COMBINATIONS, spelled here so the bundle does not pull in the contracts' runtime code. */
export const MAX_COMBINATIONS = 500;
export const GRID_PAGE_SIZE = 100;

// Product keys are the products area's (same cache entries), so a generation refreshes its details page too.
export const variantKeys = {
  all: ['product-variants'] as const,
  ofProduct: (productId: string) => ['product-variants', 'product', productId] as const,
  grid: (q: string, productId: string) => ['product-variants', 'grid', q, productId] as const,
  product: (id: string) => ['products', 'detail', id] as const,
  formOptions: ['products', 'form-options'] as const,
  productChoices: ['product-variants', 'product-choices'] as const,
};

export const useProductVariants = (productId: string) =>
  useQuery({
    queryKey: variantKeys.ofProduct(productId),
    queryFn: () => api<typeof r.listProductVariants>({ method: 'GET', path: '/products/:id/variants' }, { params: { id: productId } }),
  });

export const useVariantProduct = (productId: string) =>
  useQuery({
    queryKey: variantKeys.product(productId),
    queryFn: () => api<typeof p.getProduct>({ method: 'GET', path: '/products/:id' }, { params: { id: productId } }),
  });

export const useVariantFormOptions = () =>
  useQuery({
    queryKey: variantKeys.formOptions,
    queryFn: () => api<typeof p.getProductFormOptions>({ method: 'GET', path: '/products/form-options' }),
    staleTime: 60_000,
  });

/** Products to filter the grid by (the first 200 by SKU). */
export const useProductChoices = () =>
  useQuery({
    queryKey: variantKeys.productChoices,
    queryFn: () => api<typeof p.listProducts>({ method: 'GET', path: '/products' }, { query: { sort: 'sku_asc', limit: '200' } }),
    staleTime: 60_000,
  });

export function useVariantGrid(q: string, productId: string) {
  return useInfiniteQuery({
    queryKey: variantKeys.grid(q, productId),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      api<typeof r.listVariantGrid>(
        { method: 'GET', path: '/product-variants' },
        { query: { q: q || undefined, productId: productId || undefined, cursor: pageParam, limit: String(GRID_PAGE_SIZE) } },
      ),
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
    mutationFn: (body: GenerateBody) =>
      api<typeof r.generateProductVariants>(
        { method: 'POST', path: '/products/:id/variants/generate' },
        { params: { id: productId }, body },
      ),
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
        () =>
          api<typeof r.updateVariant>(
            { method: 'PATCH', path: '/product-variants/:id' },
            { params: { id }, body: { ...body, expectedUpdatedAt } },
          ),
        t('edit.staleWrite'),
        () => qc.invalidateQueries({ queryKey: variantKeys.all }),
      ),
    onSettled: () => qc.invalidateQueries({ queryKey: variantKeys.all }),
  });
}

export function useDeleteVariant(productId?: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<typeof r.deleteVariant>({ method: 'DELETE', path: '/product-variants/:id' }, { params: { id } }),
    onSettled: () => refreshAll(qc, productId),
  });
}

export function useBulkUpdateVariants() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (items: BulkItem[]) =>
      api<typeof r.bulkUpdateVariants>({ method: 'PATCH', path: '/product-variants' }, { body: { items } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: variantKeys.all }),
  });
}
