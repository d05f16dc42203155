import type { marketDaysRoutes as r } from '@market/contracts';
import {
  marketCategoriesRoutes,
  marketDaysRoutes,
  marketLocationsRoutes,
  type BodyOf,
  type MarketDayStatus,
  type ResponseOf,
} from '@market/contracts/plain';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { guardStale } from '../../lib/stale-write';
import { useT } from '../../app/i18n/i18n-provider';
import { addDays } from './market-days-dates';

export type { MarketDayStatus };
export type MarketDay = r.MarketDay;
export type MarketDayDetail = r.MarketDayDetail;
export type Series = r.MarketDaySeries;
export type SeriesResult = r.MarketDaySeriesWriteResult;
export type DayCreate = BodyOf<typeof marketDaysRoutes.createMarketDay>;
export type DayUpdate = Omit<BodyOf<typeof marketDaysRoutes.updateMarketDay>, 'expectedUpdatedAt'>;
export type SeriesCreate = BodyOf<typeof marketDaysRoutes.createSeries>;
export type SeriesUpdate = Omit<BodyOf<typeof marketDaysRoutes.updateSeries>, 'expectedUpdatedAt'>;
export type CapacityInput = NonNullable<DayCreate['capacities']>[number];
type SeriesActionResult = ResponseOf<typeof marketDaysRoutes.publishSeries> | ResponseOf<typeof marketDaysRoutes.deleteSeries>;

export interface DayFilters {
  locationId?: string;
  status?: MarketDayStatus;
}

export const marketDayKeys = {
  all: ['market-days'] as const,
  range: (from: string, to: string, f: DayFilters) => ['market-days', 'range', from, to, f.locationId ?? '', f.status ?? ''] as const,
  detail: (id: string) => ['market-days', 'detail', id] as const,
  upcoming: (limit: number) => ['market-days', 'upcoming', limit] as const,
  ahead: (from: string, f: DayFilters) => ['market-days', 'ahead', from, f.locationId ?? '', f.status ?? ''] as const,
  series: ['market-days', 'series'] as const,
};

export function useMarketDays(from: string, to: string, f: DayFilters) {
  return useQuery({
    queryKey: marketDayKeys.range(from, to, f),
    queryFn: () => api(marketDaysRoutes.listMarketDays, { query: { from, to, locationId: f.locationId, status: f.status } }),
    placeholderData: (prev) => prev,
  });
}

/** How many days one page of the list covers (about three months; the server takes ranges of up to 400 days). */
export const LIST_WINDOW_DAYS = 91;

/**
 * The list view: market days from `from` on, a window of LIST_WINDOW_DAYS per page; "show later" adds the next
 * window, so the list reaches as far ahead as the user wants.
 */
export function useMarketDaysAhead(from: string, f: DayFilters) {
  return useInfiniteQuery({
    queryKey: marketDayKeys.ahead(from, f),
    initialPageParam: 0,
    queryFn: async ({ pageParam }) => {
      const start = addDays(from, pageParam * LIST_WINDOW_DAYS);
      const end = addDays(start, LIST_WINDOW_DAYS - 1);
      const days = await api(marketDaysRoutes.listMarketDays, {
        query: { from: start, to: end, locationId: f.locationId, status: f.status, limit: '2000' },
      });
      return { days, end };
    },
    getNextPageParam: (_last, pages) => pages.length,
  });
}

export function useMarketDay(id: string | null) {
  return useQuery({
    queryKey: marketDayKeys.detail(id ?? ''),
    queryFn: () => api(marketDaysRoutes.getMarketDay, { params: { id: id! } }),
    enabled: !!id,
  });
}

export function useUpcomingMarketDays(limit = 5) {
  return useQuery({
    queryKey: marketDayKeys.upcoming(limit),
    queryFn: () => api(marketDaysRoutes.upcomingMarketDays, { query: { limit: String(limit) } }),
  });
}

export function useSeriesList() {
  return useQuery({
    queryKey: marketDayKeys.series,
    queryFn: () => api(marketDaysRoutes.listSeries),
  });
}

/** Locations and categories come from their own areas; read here only to choose and to name. */
export function useLocations() {
  return useQuery({
    queryKey: ['market-locations', 'for-market-days'],
    queryFn: () => api(marketLocationsRoutes.listLocations),
    staleTime: 60_000,
  });
}

export function useCategoryOptions() {
  return useQuery({
    queryKey: ['market-categories', 'for-market-days'],
    queryFn: () => api(marketCategoriesRoutes.listCategories, { query: { status: 'all' } }),
    staleTime: 60_000,
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: marketDayKeys.all });
}

/** Edits name the updatedAt of the day or series they were opened on; a stale one reloads the days and says so. */
function useStaleGuard(invalidate: () => unknown) {
  const t = useT();
  return <T>(run: () => Promise<T>) => guardStale(run, t('edit.staleWrite'), invalidate);
}

export function useSaveDay() {
  const invalidate = useInvalidate();
  const guard = useStaleGuard(invalidate);
  return useMutation({
    mutationFn: (v: { id: string; body: DayUpdate; expectedUpdatedAt: string } | { id?: undefined; body: DayCreate }) =>
      v.id !== undefined
        ? guard(() =>
            api(marketDaysRoutes.updateMarketDay, { params: { id: v.id }, body: { ...v.body, expectedUpdatedAt: v.expectedUpdatedAt } }),
          )
        : api(marketDaysRoutes.createMarketDay, { body: v.body }),
    onSuccess: invalidate,
  });
}

export function useDayAction() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({
      id,
      action,
      reason,
    }: {
      id: string;
      action: 'publish' | 'complete' | 'cancel' | 'delete';
      reason?: string;
    }): Promise<MarketDayDetail | { ok: true }> => {
      const params = { id };
      if (action === 'publish') return api(marketDaysRoutes.publishMarketDay, { params });
      if (action === 'complete') return api(marketDaysRoutes.completeMarketDay, { params });
      if (action === 'cancel') return api(marketDaysRoutes.cancelMarketDay, { params, body: { reason: reason ?? '' } });
      return api(marketDaysRoutes.deleteMarketDay, { params });
    },
    onSuccess: invalidate,
  });
}

export function useSaveCapacities() {
  const invalidate = useInvalidate();
  const guard = useStaleGuard(invalidate);
  return useMutation({
    mutationFn: ({ id, capacities, expectedUpdatedAt }: { id: string; capacities: CapacityInput[]; expectedUpdatedAt: string }) =>
      guard(() => api(marketDaysRoutes.setMarketDayCapacities, { params: { id }, body: { capacities, expectedUpdatedAt } })),
    onSuccess: invalidate,
  });
}

export function useSaveSeries() {
  const invalidate = useInvalidate();
  const guard = useStaleGuard(invalidate);
  return useMutation({
    mutationFn: (v: { id: string; body: SeriesUpdate; expectedUpdatedAt: string } | { id?: undefined; body: SeriesCreate }) =>
      v.id !== undefined
        ? guard(() =>
            api(marketDaysRoutes.updateSeries, { params: { id: v.id }, body: { ...v.body, expectedUpdatedAt: v.expectedUpdatedAt } }),
          )
        : api(marketDaysRoutes.createSeries, { body: v.body }),
    onSuccess: invalidate,
  });
}

export function useSeriesAction() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'publish' | 'delete' }): Promise<SeriesActionResult> =>
      action === 'publish'
        ? api(marketDaysRoutes.publishSeries, { params: { id } })
        : api(marketDaysRoutes.deleteSeries, { params: { id } }),
    onSuccess: invalidate,
  });
}
