import { Inbox, ListTodo, ShoppingBag } from 'lucide-react';
import { Link } from 'react-router';
import { STREAM_BASE } from '../applications';
import { useI18n } from '../../app/i18n/i18n-provider';
import { ListState } from '../../components/ui/list-state';
import { useToday } from './today-api';
import { SectionCard } from '../../components/ui/section-card';
import { TodayMarketDays } from './today-market-days';
import { formatLocale } from '../../app/i18n/locale-format';

function formatDay(date: string, language: string): string {
  try {
    return new Intl.DateTimeFormat(formatLocale(language), { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
  } catch {
    return date;
  }
}

/** "Today": today's market days, the applications waiting, and plainly what is not built yet (tasks, sales). */
export default function TodayPage() {
  const { t, language } = useI18n();
  const today = useToday();
  const d = today.data;
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-semibold">{t('route.today')}</h1>
        <p className="text-sm text-muted-foreground">{d ? formatDay(d.date, language) : t('today.subtitle')}</p>
        {d && <p className="text-xs text-muted-foreground">{t('today.calendarNote', { zone: d.timeZone })}</p>}
      </div>
      <ListState
        loading={today.isPending}
        error={today.error}
        empty={false}
        loadingLabel={t('today.loading')}
        errorLabel={t('today.error')}
        retryLabel={t('today.retry')}
        onRetry={() => void today.refetch()}
        emptyContent={null}
      />
      {d && (
        <div className="grid gap-4 md:grid-cols-2">
          {d.marketDays ? <TodayMarketDays days={d.marketDays} /> : null}
          {d.applicationsWaiting && (
            <SectionCard icon={<Inbox className="size-4" aria-hidden />} title={t('today.applications')} testId="today-applications">
              {d.applicationsWaiting.every((r) => r.waiting === 0 && r.infoRequested === 0) ? (
                <p className="text-sm text-muted-foreground">{t('today.noApplications')}</p>
              ) : (
                <ul className="flex flex-col gap-1 text-sm">
                  {d.applicationsWaiting.map((r) => (
                    <li key={r.stream} className="flex justify-between gap-2">
                      <Link to={`${STREAM_BASE[r.stream]}?tab=applications`} className="text-primary hover:underline">
                        {t(`review.dashboard.${r.stream}`)}
                      </Link>
                      <span className="tabular-nums text-muted-foreground">
                        {r.waiting}
                        {r.infoRequested > 0 && (
                          <span className="ms-2 text-xs">({t('today.infoRequested', { count: r.infoRequested })})</span>
                        )}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </SectionCard>
          )}
          {!d.marketDays && <p className="text-sm text-muted-foreground md:col-span-2">{t('today.noMarketAccess')}</p>}
          <SectionCard icon={<ListTodo className="size-4" aria-hidden />} title={t('today.tasks')}>
            <p className="text-sm text-muted-foreground">{t('today.tasksNotBuilt')}</p>
          </SectionCard>
          <SectionCard icon={<ShoppingBag className="size-4" aria-hidden />} title={t('today.sales')}>
            <p className="text-sm text-muted-foreground">{t('today.salesNotBuilt')}</p>
          </SectionCard>
        </div>
      )}
    </div>
  );
}
