import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  PRODUCT_LIST_COLUMNS,
  PRODUCT_SORTS,
  PRODUCT_STATUSES,
  type ProductListColumn,
  type ProductSort,
  type ProductStatus,
} from '@market/contracts/plain';
import { DEFAULT_COLUMNS, type ListFilters } from '../product-constants';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FILTER_KEYS = ['q', 'status', 'brandId', 'vendorId', 'familyId', 'categoryId', 'completenessMin', 'completenessMax'] as const;
const COLUMNS_KEY = 'products.columns';

const uuid = (v: string | null) => (v && UUID.test(v) ? v : undefined);
const percent = (v: string | null) => {
  if (v === null || !/^\d{1,3}$/.test(v)) return undefined;
  const n = Number(v);
  return n <= 100 ? n : undefined;
};

/** Reads the list state from a query string; anything invalid is ignored rather than sent to the server. */
export function filtersFrom(p: URLSearchParams): ListFilters {
  const sort = p.get('sort');
  return {
    q: p.get('q')?.slice(0, 200) ?? '',
    status: (p.get('status') ?? '').split(',').filter((s): s is ProductStatus => (PRODUCT_STATUSES as readonly string[]).includes(s)),
    brandId: uuid(p.get('brandId')),
    vendorId: uuid(p.get('vendorId')),
    familyId: uuid(p.get('familyId')),
    categoryId: uuid(p.get('categoryId')),
    completenessMin: percent(p.get('completenessMin')),
    completenessMax: percent(p.get('completenessMax')),
    sort: sort && (PRODUCT_SORTS as readonly string[]).includes(sort) ? (sort as ProductSort) : undefined,
  };
}

export type FilterChanges = Partial<{ [K in keyof ListFilters]: ListFilters[K] | undefined }>;

/** The list's filters and sort live in the URL (shareable, survive a reload); the columns in localStorage. */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFrom(params), [params]);
  const update = useCallback(
    (changes: FilterChanges) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          for (const [k, v] of Object.entries(changes)) {
            const s = Array.isArray(v) ? v.join(',') : v === undefined ? '' : String(v);
            if (s === '') next.delete(k);
            else next.set(k, s);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  /** Replaces every filter and the sort at once (applying a saved view, clearing filters). */
  const replaceAll = useCallback(
    (f: Partial<ListFilters>) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          for (const k of [...FILTER_KEYS, 'sort']) next.delete(k);
          for (const [k, v] of Object.entries(f)) {
            const s = Array.isArray(v) ? v.join(',') : v === undefined ? '' : String(v);
            if (s !== '') next.set(k, s);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const hasFilters = FILTER_KEYS.some((k) => params.has(k));
  const isNew = params.get('new') === '1';
  const setNew = useCallback(
    (open: boolean) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (open) next.set('new', '1');
          else next.delete('new');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const openNew = useCallback(() => setNew(true), [setNew]);
  const closeNew = useCallback(() => setNew(false), [setNew]);
  return { filters, update, replaceAll, hasFilters, isNew, openNew, closeNew };
}

function readColumns(): ProductListColumn[] {
  try {
    const raw = JSON.parse(localStorage.getItem(COLUMNS_KEY) ?? 'null');
    if (Array.isArray(raw)) return PRODUCT_LIST_COLUMNS.filter((c) => raw.includes(c));
  } catch {
    /* a damaged value falls back to the default */
  }
  return DEFAULT_COLUMNS;
}

export function useColumns() {
  const [columns, setState] = useState<ProductListColumn[]>(readColumns);
  const setColumns = useCallback((next: ProductListColumn[]) => {
    const ordered = PRODUCT_LIST_COLUMNS.filter((c) => next.includes(c));
    localStorage.setItem(COLUMNS_KEY, JSON.stringify(ordered));
    setState(ordered);
  }, []);
  return { columns, setColumns };
}
