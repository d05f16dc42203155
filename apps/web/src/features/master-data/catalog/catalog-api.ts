import { masterDataRoutes as r, type ResponseOf } from '@market/contracts/plain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { ErrorWords, Translate } from '../../../lib/api-errors';
import { guardStale } from '../../../lib/stale-write';
import { useT } from '../../../app/i18n/i18n-provider';

export type CatalogCategory = ResponseOf<typeof r.listCatalogCategories>[number];
export type Brand = ResponseOf<typeof r.listBrands>[number];
export type Unit = ResponseOf<typeof r.listUnits>[number];
export type TaxClass = ResponseOf<typeof r.listTaxClasses>[number];
export type TaxRate = TaxClass['rates'][number];
export type Currency = ResponseOf<typeof r.listCurrencies>[number];

export const catalogKeys = {
  categories: ['master-data', 'categories'] as const,
  brands: ['master-data', 'brands'] as const,
  units: ['master-data', 'units'] as const,
  taxClasses: ['master-data', 'tax-classes'] as const,
  currencies: ['master-data', 'currencies'] as const,
};

type Body = Record<string, unknown>;
type Resource = keyof typeof catalogKeys;

/**
 * The create, change and delete routes of each list. The lists share one form whose body is built from
 * each tab's fields (the server validates it with the route's schema), so the calls below type the body
 * loosely, as one of the lists.
 */
const WRITES = {
  categories: { create: r.createCatalogCategory, update: r.updateCatalogCategory, remove: r.deleteCatalogCategory },
  brands: { create: r.createBrand, update: r.updateBrand, remove: r.deleteBrand },
  units: { create: r.createUnit, update: r.updateUnit, remove: r.deleteUnit },
  taxClasses: { create: r.createTaxClass, update: r.updateTaxClass, remove: r.deleteTaxClass },
  currencies: { create: r.createCurrency, update: r.updateCurrency, remove: r.deleteCurrency },
} as const;
type Writes = { create: typeof r.createBrand; update: typeof r.updateBrand; remove: typeof r.deleteBrand };
const writesOf = (resource: Resource) => WRITES[resource] as unknown as Writes;

export const useCatalogCategories = () => useQuery({ queryKey: catalogKeys.categories, queryFn: () => api(r.listCatalogCategories) });
export const useBrands = () => useQuery({ queryKey: catalogKeys.brands, queryFn: () => api(r.listBrands) });
export const useUnits = () => useQuery({ queryKey: catalogKeys.units, queryFn: () => api(r.listUnits) });
export const useTaxClasses = () => useQuery({ queryKey: catalogKeys.taxClasses, queryFn: () => api(r.listTaxClasses) });
export const useCurrencies = () => useQuery({ queryKey: catalogKeys.currencies, queryFn: () => api(r.listCurrencies) });

/**
 * Create (no id) or change (id) a row of one list. The bodies are built by each tab's form from the
 * contract's fields; the server validates them again with the same schemas. A change names the
 * updatedAt of the row it was opened on; a stale one reloads the list and says so.
 */
export function useSaveCatalogRow(resource: Resource) {
  const qc = useQueryClient();
  const t = useT();
  const routes = writesOf(resource);
  return useMutation({
    mutationFn: ({ id, body, expectedUpdatedAt }: { id?: string | null; body: Body; expectedUpdatedAt?: string }) =>
      id
        ? guardStale(
            () => api(routes.update, { params: { id }, body: { ...body, expectedUpdatedAt } as never }),
            t('edit.staleWrite'),
            () => qc.invalidateQueries({ queryKey: catalogKeys[resource] }),
          )
        : api(routes.create, { body: body as never }),
    onSettled: () => qc.invalidateQueries({ queryKey: catalogKeys[resource] }),
  });
}

export function useDeleteCatalogRow(resource: Resource) {
  const qc = useQueryClient();
  const routes = writesOf(resource);
  return useMutation({
    mutationFn: (id: string) => api(routes.remove, { params: { id } }),
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
            () => api(r.updateTaxRate, { params: { id }, body: { ...body, expectedUpdatedAt } as never }),
            t('edit.staleWrite'),
            () => qc.invalidateQueries({ queryKey: catalogKeys.taxClasses }),
          )
        : api(r.createTaxRate, { params: { id: classId }, body: body as never }),
    onSettled: () => qc.invalidateQueries({ queryKey: catalogKeys.taxClasses }),
  });
}

export function useDeleteTaxRate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(r.deleteTaxRate, { params: { id } }),
    onSettled: () => qc.invalidateQueries({ queryKey: catalogKeys.taxClasses }),
  });
}

/** Moves a category; the server answers with the whole renumbered tree, which replaces the cache. */
export function useMoveCategory() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, parentId, position }: { id: string; parentId: string | null; position: number }) =>
      api(r.moveCatalogCategory, { params: { id }, body: { parentId, position } }),
    onSuccess: (rows) => qc.setQueryData(catalogKeys.categories, rows),
    onError: () => qc.invalidateQueries({ queryKey: catalogKeys.categories }),
  });
}

/** The name in the reader's language (Arabic for ar, English otherwise). */
export const localName = (language: string, row: { nameEn: string; nameAr: string }) => (language === 'ar' ? row.nameAr : row.nameEn);

// Rules the server names by field, in the reader's language; other messages keep the server's words.
const FIELD_RULES: Record<string, string> = {
  parentId: 'catalog.error.parent',
  rateMicros: 'catalog.currencies.error.baseRate',
  isBase: 'catalog.currencies.error.keepBase',
  isActive: 'catalog.currencies.error.baseActive',
};

/**
 * How the master data lists word a refusal (for lib/api-errors); `conflict` says what a 409 without
 * fields means where it happens.
 */
export function catalogErrorWords(t: Translate, conflict?: string): ErrorWords & Required<Pick<ErrorWords, 'field'>> {
  return {
    field: ({ field, message }, error) => {
      if (field === 'code' && error.status === 409) return t('catalog.error.codeTaken');
      if (/is required/.test(message)) return t('catalog.error.required');
      if (error.status === 422 && FIELD_RULES[field] && !/must be|at most|more than/.test(message)) return t(FIELD_RULES[field]);
      return undefined;
    },
    label: () => null,
    conflict,
    network: t('catalog.error.network'),
    notFound: t('catalog.error.notFound'),
    forbidden: t('catalog.error.forbidden'),
  };
}
