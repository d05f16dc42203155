import { useQuery } from '@tanstack/react-query';
import { Languages, TrendingUp, Users } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useHasPermission, useMe } from '../../app/session/use-me';
import { useI18n } from '../../app/i18n/i18n-provider';
import { NextMarketDaysCard } from '../market-days';
import { ApplicationsWaitingCard } from './applications-waiting-card';
import CatalogueCards from './catalogue-cards';
import { CardStatus } from './dashboard-card';
import { SectionCard } from '../../components/ui/section-card';
import { dashboardQuery } from './dashboard-query';
import OperationsCards from './operations-cards';
import { RecentActivityCard } from './recent-activity-card';

// The sales charts bring recharts: loaded on their own, and only for those who may read the sales report.
const SalesCards = lazy(() => import('./sales-cards'));

export default function DashboardPage() {
  const { t } = useI18n();
  const me = useMe();
  const can = useHasPermission();
  const summary = useQuery(dashboardQuery());
  const name = me.data?.profile?.fullName ?? me.data?.user.email ?? '';
  const d = summary.data;
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-semibold">{t('dashboard.title')}</h1>
        <p className="text-sm text-muted-foreground">{name ? t('dashboard.welcomeName', { name }) : t('dashboard.welcome')}</p>
      </div>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {!d && (
          <SectionCard icon={null} title={t('dashboard.title')}>
            <CardStatus pending={summary.isPending} error={summary.isError} onRetry={() => void summary.refetch()} />
          </SectionCard>
        )}
        {d && d.members !== null && (
          <SectionCard icon={<Users className="size-4" aria-hidden />} title={t('dashboard.users')}>
            <div className="text-3xl font-semibold" data-testid="members-count">
              {d.members}
            </div>
            {d.organization && <p className="text-sm text-muted-foreground">{d.organization.name}</p>}
            <ul className="mt-3 flex flex-col gap-1 text-sm">
              {(d.roles ?? []).map((r) => (
                <li key={r.role} className="flex justify-between gap-2">
                  <span>{t(`role.${r.role}`)}</span>
                  <span className="tabular-nums text-muted-foreground">{r.count}</span>
                </li>
              ))}
            </ul>
          </SectionCard>
        )}
        {d?.applicationsWaiting && <ApplicationsWaitingCard rows={d.applicationsWaiting} />}
        {d?.recentActivity && <RecentActivityCard entries={d.recentActivity} />}
        {d && (
          <SectionCard icon={<Languages className="size-4" aria-hidden />} title={t('dashboard.languages')}>
            <div className="text-3xl font-semibold">{d.languages.length}</div>
            <ul className="mt-3 flex flex-wrap gap-2 text-sm">
              {d.languages.map((l) => (
                <li key={l.code} lang={l.code} className="rounded-full border px-2 py-0.5">
                  {l.nativeName}
                </li>
              ))}
            </ul>
          </SectionCard>
        )}
        {/* Cards with their own requests come after those of the first figures (no card above them moves when they fill in). */}
        {can('products') && <CatalogueCards />}
        {can('vendor_management') && <OperationsCards />}
        {can('vendor_management') && (
          <Suspense
            fallback={
              <SectionCard icon={<TrendingUp className="size-4" aria-hidden />} title={t('posReports.dashboard.todayTitle')}>
                <CardStatus pending error={false} onRetry={() => undefined} />
              </SectionCard>
            }
          >
            <SalesCards />
          </Suspense>
        )}
        <NextMarketDaysCard />
      </div>
    </div>
  );
}
