import { useI18n } from '../../../app/i18n/i18n-provider';
import { formatNumber, numberFormat } from '../../../app/i18n/locale-format';
import { cn } from '../../../lib/cn';
import { formatMoney } from '../../payment-management';
import { change } from './report-model';
import type { SalesReport } from './reports-api';

const FIGURES = ['orders', 'gross', 'returns', 'net'] as const;
type Figure = (typeof FIGURES)[number];

/** A change as a signed percentage with Western digits ("+25%", "-3.5%"). */
export const formatChange = (share: number, language: string) =>
  numberFormat(language, { style: 'percent', signDisplay: 'exceptZero', maximumFractionDigits: 1 }).format(share);

/** Whether a rise is good news: more returns is not. */
const tone = (figure: Figure, share: number | null) => {
  if (share === null || share === 0) return 'text-muted-foreground';
  const good = figure === 'returns' ? share < 0 : share > 0;
  return good ? 'text-emerald-700 dark:text-emerald-400' : 'text-destructive';
};

/** Orders, gross, returns and net of the period, each with its change against the previous period. */
export function ReportTotals({ report, currency }: { report: SalesReport; currency: string | null }) {
  const { t, language } = useI18n();
  const show = (figure: Figure, n: number) => (figure === 'orders' ? formatNumber(n, language) : formatMoney(n, currency, language));
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="report-totals">
      {FIGURES.map((f) => {
        const now = report.totals[f];
        const before = report.previousTotals[f];
        const share = change(now, before);
        return (
          <div key={f} className="flex flex-col gap-1 rounded-lg border bg-card p-3" data-testid={`total-${f}`}>
            <dt className="text-sm font-medium text-muted-foreground">{t(`posReports.totals.${f}`)}</dt>
            <dd className="text-2xl font-semibold tabular-nums">{show(f, now)}</dd>
            <dd className={cn('text-xs', tone(f, share))}>
              {share === null
                ? t('posReports.totals.noPrevious')
                : t('posReports.totals.vsPrevious', { change: formatChange(share, language) })}
            </dd>
            <dd className="text-xs text-muted-foreground">{t('posReports.totals.previous', { value: show(f, before) })}</dd>
          </div>
        );
      })}
    </dl>
  );
}
