import type { masterDataRoutes as r } from '@market/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { guardStale } from '../../../lib/stale-write';
import { useT } from '../../../app/i18n/i18n-provider';

export type CatalogCategory = Awaited<ReturnType<typeof api<typeof r.listCatalogCategories>>>[number];
export type Brand = Awaited<ReturnType<typeof api<typeof r.listBrands>>>[number];
export type Unit = Awaited<ReturnType<typeof api<typeof r.listUnits>>>[number];
export type TaxClass = Awaited<ReturnType<typeof api<typeof r.listTaxClasses>>>[number];
export type TaxRate = TaxClass['rates'][number];
export type Currency = Awaited<ReturnType<typeof api<typeof r.listCurrencies>>>[number];

export const catalogKeys = {
  categories: ['master-data', 'categories'] as const,
  brands: ['master-data', 'brands'] as const,
  units: ['master-data', 'units'] as const,
  taxClasses: ['master-data', 'tax-classes'] as const,
  currencies: ['master-data', 'currencies'] as const,
};

type Body = Record<string, unknown>;
type Resource = keyof typeof catalogKeys;
const PATHS: Record<Resource, string> = {
  categories: '/catalog-categories',
  brands: '/brands',
  units: '/units',
  taxClasses: '/tax-classes',
  currencies: '/currencies',
};

export const useCatalogCategories = () =>
  useQuery({
    queryKey: catalogKeys.categories,
    queryFn: () => api<typeof r.listCatalogCategories>({ method: 'GET', path: PATHS.categories }),
  });
export const useBrands = () =>
  useQuery({ queryKey: catalogKeys.brands, queryFn: () => api<typeof r.listBrands>({ method: 'GET', path: PATHS.brands }) });
export const useUnits = () =>
  useQuery({ queryKey: catalogKeys.units, queryFn: () => api<typeof r.listUnits>({ method: 'GET', path: PATHS.units }) });
export const useTaxClasses = () =>
  useQuery({ queryKey: catalogKeys.taxClasses, queryFn: () => api<typeof r.listTaxClasses>({ method: 'GET', path: PATHS.taxClasses }) });
export const useCurrencies = () =>
  useQuery({ queryKey: catalogKeys.currencies, queryFn: () => api<typeof r.listCurrencies>({ method: 'GET', path: PATHS.currencies }) });

/**
 * Create (no id) or change (id) a row of one list. The bodies are built by each tab's form from the
 * contract's fields; the server validates them again with the same schemas. A change names the
 * updatedAt of the row it was opened on; a stale one reloads the list and says so.
 */
export function useSaveCatalogRow(resource: Resource) {
  const qc = useQueryClient();
  const t = useT();
  return useMutation({
    mutationFn: ({ id, body, expectedUpdatedAt }: { id?: string | null; body: Body; expectedUpdatedAt?: string }) =>
      id
        ? guardStale(
            () =>
              api<typeof r.updateBrand>(
                { method: 'PATCH', path: `${PATHS[resource]}/:id` },
                { params: { id }, body: { ...body, expectedUpdatedAt } as never },
              ),
            t('edit.staleWrite'),
            () => qc.invalidateQueries({ queryKey: catalogKeys[resource] }),
          )
        : api<typeof r.createBrand>({ method: 'POST', path: PATHS[resource] }, { body: body as never }),
    onSettled: () => qc.invalidateQueries({ queryKey: catalogKeys[resource] }),
  });
}

export function useDeleteCatalogRow(resource: Resource) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<typeof r.deleteBrand>({ method: 'DELETE', path: `${PATHS[resource]}/:id` }, { params: { id } }),
    onSettled: () => qc.invalidateQueries({ queryKey: catalogKeys[resource] }),
  });
}

/** Rates live under their class: a new one is posted to the class, changes go to the rate itself. */
export function useSaveTaxRate() {
  const qc = useQueryClient();
  const t = useT();
  return useMutation({
    mutationFn: ({
      id,
      classId,
      body,
      expectedUpdatedAt,
    }: {
      id?: string | null;
      classId: string;
      body: Body;
      expectedUpdatedAt?: string;
    }) =>
      id
        ? guardStale(
            () =>
              api<typeof r.updateTaxRate>(
                { method: 'PATCH', path: '/tax-rates/:id' },
                { params: { id }, body: { ...body, expectedUpdatedAt } as never },
              ),
            t('edit.staleWrite'),
            () => qc.invalidateQueries({ queryKey: catalogKeys.taxClasses }),
          )
        : api<typeof r.createTaxRate>({ method: 'POST', path: '/tax-classes/:id/rates' }, { params: { id: classId }, body: body as never }),
    onSettled: () => qc.invalidateQueries({ queryKey: catalogKeys.taxClasses }),
  });
}

export function useDeleteTaxRate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<typeof r.deleteTaxRate>({ method: 'DELETE', path: '/tax-rates/:id' }, { params: { id } }),
    onSettled: () => qc.invalidateQueries({ queryKey: catalogKeys.taxClasses }),
  });
}

/** Moves a category; the server answers with the whole renumbered tree, which replaces the cache. */
export function useMoveCategory() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, parentId, position }: { id: string; parentId: string | null; position: number }) =>
      api<typeof r.moveCatalogCategory>(
        { method: 'POST', path: '/catalog-categories/:id/move' },
        { params: { id }, body: { parentId, position } },
      ),
    onSuccess: (rows) => qc.setQueryData(catalogKeys.categories, rows),
    onError: () => qc.invalidateQueries({ queryKey: catalogKeys.categories }),
  });
}
