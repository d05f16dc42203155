import { Repeat } from 'lucide-react';
import { column, DataTable, type ColumnDef } from '../../../components/data-table';
import { useI18n } from '../../../app/i18n/i18n-provider';
import type { MarketDay } from '../market-days-api';
import { formatDate, formatTime } from '../market-days-dates';
import { MarketDayStatusBadge } from './market-day-status';

/** Market days as rows (a table on wide screens, stacked cards on a phone); a row opens the day. */
export function DayList({ days, onOpen }: { days: MarketDay[]; onOpen: (id: string) => void }) {
  const { t, language } = useI18n();
  const name = (d: MarketDay) => (language === 'ar' ? d.locationNameAr : d.locationNameEn);
  const hours = (d: MarketDay) => `${formatTime(d.openTime, language)} – ${formatTime(d.closeTime, language)}`;
  const columns: ColumnDef<MarketDay>[] = [
    column({
      id: 'date',
      header: t('marketDays.field.date'),
      cell: (d) => (
        <button
          type="button"
          onClick={() => onOpen(d.id)}
          className="font-medium text-primary hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          {formatDate(d.date, language)}
        </button>
      ),
    }),
    column({ id: 'location', header: t('marketDays.field.location'), cell: (d) => <bdi>{name(d)}</bdi> }),
    column({ id: 'hours', header: t('marketDays.list.hours'), cellClassName: 'tabular-nums', cell: hours }),
    column({ id: 'status', header: t('marketDays.field.status'), cell: (d) => <MarketDayStatusBadge status={d.status} /> }),
    column({
      id: 'capacity',
      header: t('marketDays.list.capacity'),
      align: 'end',
      cellClassName: 'tabular-nums',
      cell: (d) => d.capacityTotal,
    }),
    column({
      id: 'series',
      header: t('marketDays.list.series'),
      cellClassName: 'text-muted-foreground',
      cell: (d) =>
        d.seriesId ? (
          <span className="inline-flex items-center gap-1">
            <Repeat className="size-3.5" aria-hidden />
            {d.detached ? t('marketDays.list.detached') : t('marketDays.list.inSeries')}
          </span>
        ) : (
          '—'
        ),
    }),
  ];
  return (
    <>
      <ul className="flex flex-col gap-2 md:hidden" data-testid="market-days-list">
        {days.map((d) => (
          <li key={d.id}>
            <button
              type="button"
              onClick={() => onOpen(d.id)}
              className="flex w-full flex-col gap-1 rounded-md border bg-card p-3 text-start hover:bg-accent/50 focus-visible:outline-2 focus-visible:outline-ring"
            >
              <span className="flex items-center justify-between gap-2">
                <span className="font-medium">{formatDate(d.date, language)}</span>
                <MarketDayStatusBadge status={d.status} />
              </span>
              <span className="text-sm">
                <bdi>{name(d)}</bdi>
              </span>
              <span className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
                <span>{hours(d)}</span>
                <span>{t('marketDays.list.capacityValue', { count: d.capacityTotal })}</span>
                {d.seriesId && <span>{t('marketDays.list.inSeries')}</span>}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <DataTable columns={columns} data={days} className="hidden md:block" rowProps={() => ({ className: 'hover:bg-accent/40' })} />
    </>
  );
}
