import type { posRoutes as r } from '@market/contracts';
import { posRoutes } from '@market/contracts/plain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type SalesReport = r.SalesReport;
export type SalesReportRow = SalesReport['rows'][number];
export type SalesReportQuery = r.SalesReportQuery;
export type ReportGroup = SalesReportQuery['groupBy'];

export const reportKeys = {
  all: ['pos', 'reports'] as const,
  sales: (q: SalesReportQuery) => ['pos', 'reports', 'sales', q] as const,
};

/** Query values the API leaves out when empty (no register or vendor filter, no period to compare with). */
const clean = (q: SalesReportQuery): SalesReportQuery => ({
  from: q.from,
  to: q.to,
  groupBy: q.groupBy,
  ...(q.registerId ? { registerId: q.registerId } : {}),
  ...(q.vendorId ? { vendorId: q.vendorId } : {}),
  ...(q.compareFrom && q.compareTo ? { compareFrom: q.compareFrom, compareTo: q.compareTo } : {}),
});

/**
 * Sales over a range grouped by one dimension, with the period compared with (the one asked for, else the previous
 * period of the same length) (GET /pos/reports/sales).
 */
export function useSalesReport(q: SalesReportQuery | null, options: { keepPrevious?: boolean } = {}) {
  const query = q ? clean(q) : null;
  return useQuery({
    queryKey: reportKeys.sales(query ?? ({} as SalesReportQuery)),
    queryFn: () => api(posRoutes.salesReport, { query: query! }),
    enabled: !!query,
    placeholderData: options.keepPrevious ? keepPreviousData : undefined,
  });
}

/**
 * The previous period's days of a report grouped by day. The report's `previousNet` pairs rows by key, and a day of
 * the previous period never has the key of a day of this one, so the days are read apart (over the previous period
 * the API names) and paired by their place in the period: the first day with the first day.
 */
export function usePreviousDays(report: SalesReport | undefined, filters: Pick<SalesReportQuery, 'registerId' | 'vendorId'>) {
  const q: SalesReportQuery | null =
    report?.groupBy === 'day' && report.rows.length > 0
      ? { from: report.previousFrom, to: report.previousTo, groupBy: 'day', ...filters }
      : null;
  return useSalesReport(q);
}
