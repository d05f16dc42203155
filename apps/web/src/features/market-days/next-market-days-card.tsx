import { marketDaysRoutes } from '@market/contracts/plain';
import { usePrefetchQuery } from '@tanstack/react-query';
import { CalendarDays } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { api } from '../../lib/api';
import { earlyOr } from '../../app/session/early-requests';
import { useHasPermission } from '../../app/session/use-me';
import { useI18n } from '../../app/i18n/i18n-provider';
import { MarketDayStatusBadge } from './components/market-day-status';
import { marketDayKeys, useUpcomingMarketDays } from './market-days-api';
import { formatDate, formatTime } from './market-days-dates';

const SHOWN = 5;

/** The next market days with their occupancy: vendors booked against the capacity, in all and per category. */
export function NextMarketDaysCard() {
  const can = useHasPermission();
  return can('vendor_management') ? <Card /> : null;
}

function Card() {
  const { t, language } = useI18n();
  // The first read takes the answer index.html asked for on the dashboard (src/app/session/early-requests.ts).
  usePrefetchQuery({
    queryKey: marketDayKeys.upcoming(SHOWN),
    queryFn: () => {
      const query = { limit: String(SHOWN) };
      return earlyOr(marketDaysRoutes.upcomingMarketDays.path, query, () => api(marketDaysRoutes.upcomingMarketDays, { query }));
    },
  });
  const upcoming = useUpcomingMarketDays(SHOWN);
  const name = (en: string, ar: string) => (language === 'ar' ? ar : en);
  return (
    <section className="rounded-lg border bg-card p-4" data-testid="next-market-days">
      <h2 className="mb-3 flex items-center gap-2 text-sm font-medium text-muted-foreground">
        <CalendarDays className="size-4" aria-hidden />
        {t('marketDays.card.title')}
      </h2>
      {upcoming.isPending && (
        <div role="status" className="flex flex-col gap-2">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-10 animate-pulse rounded bg-muted" />
          ))}
          <span className="sr-only">{t('common.loading')}</span>
        </div>
      )}
      {upcoming.isError && (
        <div role="alert" className="flex flex-col items-start gap-2 text-sm">
          <span className="text-destructive">{t('marketDays.card.failed')}</span>
          <Button variant="outline" size="sm" onClick={() => void upcoming.refetch()}>
            {t('common.tryAgain')}
          </Button>
        </div>
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
                  {t('marketDays.card.capacity', { booked: d.capacities.reduce((n, c) => n + c.booked, 0), count: d.capacityTotal })}
                  {d.capacities.length > 0 && (
                    <span className="text-muted-foreground">
                      {' ('}
                      {d.capacities.map((c, i) => (
                        <span key={c.categoryId}>
                          {i > 0 && t('marketDays.card.separator')}
                          <bdi>{name(c.nameEn, c.nameAr)}</bdi> {c.booked}/{c.capacity}
                        </span>
                      ))}
                      {')'}
                    </span>
                  )}
                </p>
              </li>
            ))}
          </ul>
          <Link to="/market-events" className="mt-2 inline-block text-sm text-primary underline-offset-4 hover:underline">
            {t('marketDays.card.viewAll')}
          </Link>
        </>
      )}
    </section>
  );
}
