import type { todayRoutes } from '@market/contracts';
import { CalendarDays, DoorOpen } from 'lucide-react';
import { Link } from 'react-router';
import { useI18n } from '../../app/i18n/i18n-provider';
import { SectionCard } from '../../components/ui/section-card';

/** Today's market days with place, hours and status; check-in is said plainly not to exist yet. */
export function TodayMarketDays({ days }: { days: todayRoutes.TodayMarketDay[] }) {
  const { t, language } = useI18n();
  return (
    <SectionCard icon={<CalendarDays className="size-4" aria-hidden />} title={t('today.marketDays')} testId="today-market-days">
      {days.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('today.noMarketDays')}</p>
      ) : (
        <ul className="flex flex-col divide-y">
          {days.map((d) => (
            <li key={d.id} className="flex flex-col gap-1 py-2 first:pt-0 last:pb-0">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium">{language === 'ar' ? d.locationNameAr : d.locationName}</span>
                <span className="rounded-full border px-2 py-0.5 text-xs">{t(`marketDays.status.${d.status}`)}</span>
              </div>
              <span className="text-sm tabular-nums text-muted-foreground">
                {t('today.hours', { setup: d.setupTime, open: d.openTime, close: d.closeTime })}
              </span>
              {d.cancelReason && <span className="text-sm text-destructive">{t('today.cancelReason', { reason: d.cancelReason })}</span>}
              <span className="flex items-center gap-1 text-xs text-muted-foreground">
                <DoorOpen className="size-3" aria-hidden />
                {t('today.checkIn')}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Link to="/market-events" className="mt-3 inline-block text-sm text-primary hover:underline">
        {t('today.openMarketDays')}
      </Link>
    </SectionCard>
  );
}
