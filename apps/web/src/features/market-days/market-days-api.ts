import type { marketCategoriesRoutes, marketDaysRoutes as r, marketLocationsRoutes } from '@market/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { guardStale } from '../../lib/stale-write';
import { useT } from '../../app/i18n/i18n-provider';

export type MarketDay = r.MarketDay;
export type MarketDayDetail = r.MarketDayDetail;
export type MarketDayStatus = r.MarketDayStatus;
export type Series = r.MarketDaySeries;
export type SeriesResult = r.MarketDaySeriesWriteResult;
export type DayCreate = {
  locationId: string;
  date: string;
  setupTime: string;
  openTime: string;
  closeTime: string;
  applicationOpensAt?: string | null;
  applicationClosesAt?: string | null;
  notes?: string | null;
  capacities?: CapacityInput[];
};
export type DayUpdate = Partial<Omit<DayCreate, 'locationId' | 'capacities'>>;
export type SeriesCreate = {
  locationId: string;
  weekday: number;
  startDate: string;
  endDate: string;
  skipDates?: string[];
  setupTime: string;
  openTime: string;
  closeTime: string;
  notes?: string | null;
};
export type SeriesUpdate = Partial<Omit<SeriesCreate, 'locationId'>>;
export type CapacityInput = { categoryId: string; capacity: number };

export const MARKET_DAY_STATUSES: readonly MarketDayStatus[] = ['draft', 'published', 'completed', 'cancelled'];

export interface DayFilters {
  locationId?: string;
  status?: MarketDayStatus;
}

export const marketDayKeys = {
  all: ['market-days'] as const,
  range: (from: string, to: string, f: DayFilters) => ['market-days', 'range', from, to, f.locationId ?? '', f.status ?? ''] as const,
  detail: (id: string) => ['market-days', 'detail', id] as const,
  upcoming: (limit: number) => ['market-days', 'upcoming', limit] as const,
  series: ['market-days', 'series'] as const,
};

export function useMarketDays(from: string, to: string, f: DayFilters) {
  return useQuery({
    queryKey: marketDayKeys.range(from, to, f),
    queryFn: () =>
      api<typeof r.listMarketDays>(
        { method: 'GET', path: '/market-days' },
        { query: { from, to, locationId: f.locationId, status: f.status } },
      ),
    placeholderData: (prev) => prev,
  });
}

export function useMarketDay(id: string | null) {
  return useQuery({
    queryKey: marketDayKeys.detail(id ?? ''),
    queryFn: () => api<typeof r.getMarketDay>({ method: 'GET', path: '/market-days/:id' }, { params: { id: id! } }),
    enabled: !!id,
  });
}

export function useUpcomingMarketDays(limit = 5) {
  return useQuery({
    queryKey: marketDayKeys.upcoming(limit),
    queryFn: () => api<typeof r.upcomingMarketDays>({ method: 'GET', path: '/market-days/upcoming' }, { query: { limit: String(limit) } }),
  });
}

export function useSeriesList() {
  return useQuery({
    queryKey: marketDayKeys.series,
    queryFn: () => api<typeof r.listSeries>({ method: 'GET', path: '/market-day-series' }),
  });
}

/** Locations and categories come from their own areas; read here only to choose and to name. */
export function useLocations() {
  return useQuery({
    queryKey: ['market-locations', 'for-market-days'],
    queryFn: () => api<typeof marketLocationsRoutes.listLocations>({ method: 'GET', path: '/market-locations' }),
    staleTime: 60_000,
  });
}

export function useCategoryOptions() {
  return useQuery({
    queryKey: ['market-categories', 'for-market-days'],
    queryFn: () =>
      api<typeof marketCategoriesRoutes.listCategories>({ method: 'GET', path: '/market-categories' }, { query: { status: 'all' } }),
    staleTime: 60_000,
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: marketDayKeys.all });
}

/** Edits name the updatedAt of the day or series they were opened on; a stale one reloads and says so. */
export function useSaveDay() {
  const invalidate = useInvalidate();
  const t = useT();
  return useMutation({
    mutationFn: (v: { id: string; body: DayUpdate; expectedUpdatedAt: string } | { id?: undefined; body: DayCreate }) =>
      v.id
        ? guardStale(
            () =>
              api<typeof r.updateMarketDay>(
                { method: 'PATCH', path: '/market-days/:id' },
                { params: { id: v.id }, body: { ...v.body, expectedUpdatedAt: v.expectedUpdatedAt } },
              ),
            t('edit.staleWrite'),
            invalidate,
          )
        : api<typeof r.createMarketDay>({ method: 'POST', path: '/market-days' }, { body: v.body as DayCreate }),
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
      if (action === 'publish') return api<typeof r.publishMarketDay>({ method: 'POST', path: '/market-days/:id/publish' }, { params });
      if (action === 'complete') return api<typeof r.completeMarketDay>({ method: 'POST', path: '/market-days/:id/complete' }, { params });
      if (action === 'cancel')
        return api<typeof r.cancelMarketDay>(
          { method: 'POST', path: '/market-days/:id/cancel' },
          { params, body: { reason: reason ?? '' } },
        );
      return api<typeof r.deleteMarketDay>({ method: 'DELETE', path: '/market-days/:id' }, { params });
    },
    onSuccess: invalidate,
  });
}

export function useSaveCapacities() {
  const invalidate = useInvalidate();
  const t = useT();
  return useMutation({
    mutationFn: ({ id, capacities, expectedUpdatedAt }: { id: string; capacities: CapacityInput[]; expectedUpdatedAt: string }) =>
      guardStale(
        () =>
          api<typeof r.setMarketDayCapacities>(
            { method: 'PUT', path: '/market-days/:id/capacities' },
            { params: { id }, body: { capacities, expectedUpdatedAt } },
          ),
        t('edit.staleWrite'),
        invalidate,
      ),
    onSuccess: invalidate,
  });
}

export function useSaveSeries() {
  const invalidate = useInvalidate();
  const t = useT();
  return useMutation({
    mutationFn: (v: { id: string; body: SeriesUpdate; expectedUpdatedAt: string } | { id?: undefined; body: SeriesCreate }) =>
      v.id
        ? guardStale(
            () =>
              api<typeof r.updateSeries>(
                { method: 'PATCH', path: '/market-day-series/:id' },
                { params: { id: v.id }, body: { ...v.body, expectedUpdatedAt: v.expectedUpdatedAt } },
              ),
            t('edit.staleWrite'),
            invalidate,
          )
        : api<typeof r.createSeries>({ method: 'POST', path: '/market-day-series' }, { body: v.body as SeriesCreate }),
    onSuccess: invalidate,
  });
}

export function useSeriesAction() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({
      id,
      action,
    }: {
      id: string;
      action: 'publish' | 'delete';
    }): Promise<{ published: number } | { ok: true; deleted: number; kept: number }> =>
      action === 'publish'
        ? api<typeof r.publishSeries>({ method: 'POST', path: '/market-day-series/:id/publish' }, { params: { id } })
        : api<typeof r.deleteSeries>({ method: 'DELETE', path: '/market-day-series/:id' }, { params: { id } }),
    onSuccess: invalidate,
  });
}
