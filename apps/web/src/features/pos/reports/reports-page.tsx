import { posRoutes } from '@market/contracts/plain';
import { Download, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ListState } from '../../../components/ui/list-state';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { dateTimeFormat } from '../../../app/i18n/locale-format';
import { apiUrl } from '../../../lib/api';
import { errorMessage } from '../../../lib/api-errors';
import { cn } from '../../../lib/cn';
import { downloadFile, formatDay, minorDigits, useBaseCurrency } from '../../payment-management';
import { dayCount } from './report-dates';
import { ReportFilters } from './report-filters';
import { chartPoints, CHART_TOP, reportCsv, reportLines, saveText } from './report-model';
import { ReportTable } from './report-table';
import { ReportTotals } from './report-totals';
import { usePreviousDays, useSalesReport, type ReportGroup, type SalesReportRow } from './reports-api';
import { SalesChart } from './sales-chart';
import { useReportParams } from './use-report-params';

type T = ReturnType<typeof useI18n>['t'];

const shortDay = (day: string, language: string) =>
  dateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/** A key's words: dates and hours in the reader's language, tenders translated, the rest as the server names them. */
function keyLabel(group: ReportGroup, t: T, language: string) {
  return (key: string, row?: SalesReportRow): string => {
    switch (group) {
      case 'day':
        return row ? formatDay(key, language) : shortDay(key, language);
      case 'hour':
        return `${key}:00`;
      case 'tender':
        return t(`pos.tender.${key}`);
      case 'vendor':
        return key ? (row?.labelEn ?? key) : t('posReports.label.noVendor');
      case 'category':
        return key ? (language === 'ar' ? row?.labelAr : row?.labelEn) || row?.labelEn || key : t('posReports.label.noCategory');
      default:
        return (language === 'ar' ? row?.labelAr : row?.labelEn) || row?.labelEn || key;
    }
  };
}

/** POS Reports (/pos/reports): sales over a period by one dimension, against the period just before. */
export default function ReportsPage() {
  const { t, language } = useI18n();
  const params = useReportParams();
  const { value, query, problem } = params;
  const filters = { registerId: value.registerId || undefined, vendorId: value.vendorId || undefined };
  const report = useSalesReport(query, { keepPrevious: true });
  const data = report.data;
  const previousDays = usePreviousDays(data, filters);
  const currency = useBaseCurrency().data ?? null;
  const label = keyLabel(data?.groupBy ?? value.groupBy, t, language);
  const lines = data ? reportLines(data, previousDays.data, (r) => label(r.key, r), filters) : [];
  const points = data ? chartPoints(data, lines, previousDays.data, (k) => label(k)) : [];
  const group = data?.groupBy ?? value.groupBy;
  const variant = group === 'day' ? (data && dayCount(data.from, data.to) > 7 ? 'line' : 'bar') : group === 'hour' ? 'bar' : 'horizontal';

  const exportCsv = () => {
    if (!data) return;
    const headers = ['group', 'key', 'orders', 'gross', 'returns', 'net', 'previousNet', 'change'].map((h) =>
      h === 'group' ? t(`posReports.groupBy.${group}`) : t(`posReports.col.${h}`),
    );
    const totals = { report: data, totalLabel: t('posReports.csv.total'), previousLabel: t('posReports.csv.previousPeriod') };
    saveText(reportCsv(lines, headers, minorDigits(currency), totals), `pos-sales-${group}-${data.from}_${data.to}.csv`);
  };
  // XLSX is the server's file of the same report (labels in English and Arabic side by side).
  const [sheet, setSheet] = useState(false);
  const exportXlsx = async () => {
    if (!query) return;
    setSheet(true);
    try {
      await downloadFile(apiUrl(posRoutes.exportSalesReport.path, undefined, { ...query, format: 'xlsx' }), `pos-sales-${group}.xlsx`);
    } catch (e) {
      toast.error(t('orders.export.failed'), { description: errorMessage(t, e) });
    } finally {
      setSheet(false);
    }
  };

  return (
    <section className="flex min-w-0 flex-col gap-4">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t('posReports.title')}</h1>
          <p className="text-sm text-muted-foreground">{t('posReports.subtitle')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={exportCsv} disabled={!lines.length}>
            <Download className="size-4" aria-hidden />
            {t('posReports.export.csv')}
          </Button>
          <Button variant="outline" onClick={() => void exportXlsx()} disabled={!lines.length || sheet} aria-busy={sheet}>
            {sheet ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Download className="size-4" aria-hidden />}
            {t('posReports.export.xlsx')}
          </Button>
        </div>
      </header>
      <ReportFilters value={value} problem={problem} onChange={params.set} />
      {query && (
        <ListState
          loading={report.isPending}
          error={data ? null : report.error}
          empty={false}
          loadingLabel={t('posReports.loading')}
          errorLabel={t('posReports.loadFailed')}
          retryLabel={t('common.tryAgain')}
          onRetry={() => void report.refetch()}
          emptyContent={null}
        />
      )}
      {query && data && (
        <div
          className={cn('flex min-w-0 flex-col gap-4 transition-opacity', report.isPlaceholderData && 'opacity-60')}
          aria-busy={report.isFetching}
        >
          <p className="text-sm text-muted-foreground" data-testid="report-period">
            {t('posReports.period', {
              from: formatDay(data.from, language),
              to: formatDay(data.to, language),
              previousFrom: formatDay(data.previousFrom, language),
              previousTo: formatDay(data.previousTo, language),
            })}
          </p>
          <ReportTotals report={data} currency={currency} />
          {lines.length === 0 ? (
            <div className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground" role="status">
              {t('posReports.empty')}
            </div>
          ) : (
            <>
              <figure className="flex min-w-0 flex-col gap-2 rounded-lg border bg-card p-3" data-testid="report-chart">
                <figcaption className="text-sm font-medium">
                  {t('posReports.chart.title', { group: t(`posReports.groupBy.${group}`) })}
                </figcaption>
                <SalesChart
                  points={points}
                  variant={variant}
                  currency={currency}
                  labels={{ net: t('posReports.chart.net'), previous: t('posReports.chart.previous') }}
                />
                {variant === 'horizontal' && lines.length > CHART_TOP && (
                  <p className="text-xs text-muted-foreground">{t('posReports.chart.top', { count: CHART_TOP })}</p>
                )}
              </figure>
              <ReportTable lines={lines} group={group} currency={currency} />
            </>
          )}
        </div>
      )}
    </section>
  );
}
