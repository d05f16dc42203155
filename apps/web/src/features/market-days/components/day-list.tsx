import { Repeat } from 'lucide-react';
import { useI18n } from '../../../app/i18n/i18n-provider';
import type { MarketDay } from '../market-days-api';
import { formatDate, formatTime } from '../market-days-dates';
import { MarketDayStatusBadge } from './market-day-status';

/** Market days as rows (a table on wide screens, stacked cards on a phone); a row opens the day. */
export function DayList({ days, onOpen }: { days: MarketDay[]; onOpen: (id: string) => void }) {
  const { t, language } = useI18n();
  const name = (d: MarketDay) => (language === 'ar' ? d.locationNameAr : d.locationNameEn);
  const hours = (d: MarketDay) => `${formatTime(d.openTime, language)} – ${formatTime(d.closeTime, language)}`;
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
      <div className="hidden overflow-x-auto rounded-md border md:block">
        <table className="w-full text-sm">
          <thead className="bg-muted/50 text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="p-2 text-start font-medium">
                {t('marketDays.field.date')}
              </th>
              <th scope="col" className="p-2 text-start font-medium">
                {t('marketDays.field.location')}
              </th>
              <th scope="col" className="p-2 text-start font-medium">
                {t('marketDays.list.hours')}
              </th>
              <th scope="col" className="p-2 text-start font-medium">
                {t('marketDays.field.status')}
              </th>
              <th scope="col" className="p-2 text-end font-medium">
                {t('marketDays.list.capacity')}
              </th>
              <th scope="col" className="p-2 text-start font-medium">
                {t('marketDays.list.series')}
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.id} className="border-t hover:bg-accent/40">
                <td className="p-2">
                  <button
                    type="button"
                    onClick={() => onOpen(d.id)}
                    className="font-medium text-primary hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    {formatDate(d.date, language)}
                  </button>
                </td>
                <td className="p-2">
                  <bdi>{name(d)}</bdi>
                </td>
                <td className="p-2 tabular-nums">{hours(d)}</td>
                <td className="p-2">
                  <MarketDayStatusBadge status={d.status} />
                </td>
                <td className="p-2 text-end tabular-nums">{d.capacityTotal}</td>
                <td className="p-2 text-muted-foreground">
                  {d.seriesId ? (
                    <span className="inline-flex items-center gap-1">
                      <Repeat className="size-3.5" aria-hidden />
                      {d.detached ? t('marketDays.list.detached') : t('marketDays.list.inSeries')}
                    </span>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
