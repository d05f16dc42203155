import { CalendarDays } from 'lucide-react';
import { Link } from 'react-router';
import { useHasPermission } from '../../app/session/use-me';
import { useI18n } from '../../app/i18n/i18n-provider';
import { MarketDayStatusBadge } from './components/market-day-status';
import { useUpcomingMarketDays } from './market-days-api';
import { formatDate, formatTime } from './market-days-dates';

/**
 * The next market days with their capacity per category. Vendors are not assigned to slots yet (a later
 * release), so the card shows capacity only and says so, instead of an occupancy it cannot know.
 */
export function NextMarketDaysCard() {
  const can = useHasPermission();
  return can('vendor_management') ? <Card /> : null;
}

function Card() {
  const { t, language } = useI18n();
  const upcoming = useUpcomingMarketDays(5);
  const name = (en: string, ar: string) => (language === 'ar' ? ar : en);
  return (
    <section className="rounded-lg border bg-card p-4" data-testid="next-market-days">
      <h2 className="mb-3 flex items-center gap-2 text-sm font-medium text-muted-foreground">
        <CalendarDays className="size-4" aria-hidden />
        {t('marketDays.card.title')}
      </h2>
      {upcoming.isPending && (
        <p role="status" className="text-sm text-muted-foreground">
          {t('common.loading')}
        </p>
      )}
      {upcoming.isError && (
        <p role="alert" className="text-sm text-destructive">
          {t('marketDays.card.failed')}
        </p>
      )}
      {upcoming.data?.length === 0 && (
        <p className="text-sm text-muted-foreground">
          {t('marketDays.card.empty')}{' '}
          <Link to="/market-events" className="text-primary underline-offset-4 hover:underline">
            {t('marketDays.card.plan')}
          </Link>
        </p>
      )}
      {!!upcoming.data?.length && (
        <>
          <ul className="flex flex-col gap-3 text-sm">
            {upcoming.data.map((d) => (
              <li key={d.id} className="flex flex-col gap-1">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium">
                    {formatDate(d.date, language)} · {formatTime(d.openTime, language)}
                  </span>
                  <MarketDayStatusBadge status={d.status} />
                </div>
                <bdi className="text-muted-foreground">{name(d.locationNameEn, d.locationNameAr)}</bdi>
                <p>
                  {t('marketDays.card.capacity', { count: d.capacityTotal })}
                  {d.capacities.length > 0 && (
                    <span className="text-muted-foreground">
                      {' ('}
                      {d.capacities.map((c, i) => (
                        <span key={c.categoryId}>
                          {i > 0 && t('marketDays.card.separator')}
                          <bdi>{name(c.nameEn, c.nameAr)}</bdi> {c.capacity}
                        </span>
                      ))}
                      {')'}
                    </span>
                  )}
                </p>
              </li>
            ))}
          </ul>
          <p className="mt-3 border-t pt-2 text-xs text-muted-foreground">{t('marketDays.card.noAssignments')}</p>
          <Link to="/market-events" className="mt-2 inline-block text-sm text-primary underline-offset-4 hover:underline">
            {t('marketDays.card.viewAll')}
          </Link>
        </>
      )}
    </section>
  );
}
