import { useQuery } from '@tanstack/react-query';
import { Activity, Languages, Users } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { useMe } from '../../app/session/use-me';
import { useI18n } from '../../app/i18n/i18n-provider';
import { ApplicationsWaitingCard } from './applications-waiting-card';
import { dashboardQuery } from './dashboard-query';

// Loaded after the dashboard's own figures: only vendor managers see it.
const NextMarketDaysCard = lazy(() => import('../market-days').then((m) => ({ default: m.NextMarketDaysCard })));

function Card({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border bg-card p-4">
      <h2 className="mb-3 flex items-center gap-2 text-sm font-medium text-muted-foreground">
        {icon}
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function DashboardPage() {
  const { t, language } = useI18n();
  const me = useMe();
  const summary = useQuery(dashboardQuery());
  const name = me.data?.profile?.fullName ?? me.data?.user.email ?? '';
  const d = summary.data;
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-semibold">{t('dashboard.title')}</h1>
        <p className="text-sm text-muted-foreground">{name ? t('dashboard.welcomeName', { name }) : t('dashboard.welcome')}</p>
      </div>
      {summary.isPending && (
        <p role="status" className="text-sm text-muted-foreground">
          {t('common.loadingPage')}
        </p>
      )}
      {summary.isError && (
        <p role="alert" className="text-sm text-destructive">
          {t('common.error')}
        </p>
      )}
      {d && (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {d.members !== null && (
            <Card icon={<Users className="size-4" aria-hidden />} title={t('dashboard.users')}>
              <p className="text-3xl font-semibold" data-testid="members-count">
                {d.members}
              </p>
              {d.organization && <p className="text-sm text-muted-foreground">{d.organization.name}</p>}
              <ul className="mt-3 flex flex-col gap-1 text-sm">
                {(d.roles ?? []).map((r) => (
                  <li key={r.role} className="flex justify-between gap-2">
                    <span>{t(`role.${r.role}`)}</span>
                    <span className="tabular-nums text-muted-foreground">{r.count}</span>
                  </li>
                ))}
              </ul>
            </Card>
          )}
          <Card icon={<Languages className="size-4" aria-hidden />} title={t('dashboard.languages')}>
            <p className="text-3xl font-semibold">{d.languages.length}</p>
            <ul className="mt-3 flex flex-wrap gap-2 text-sm">
              {d.languages.map((l) => (
                <li key={l.code} lang={l.code} className="rounded-full border px-2 py-0.5">
                  {l.nativeName}
                </li>
              ))}
            </ul>
          </Card>
          {d.applicationsWaiting && <ApplicationsWaitingCard rows={d.applicationsWaiting} />}
          <Suspense fallback={null}>
            <NextMarketDaysCard />
          </Suspense>
          {d.recentActivity && (
            <Card icon={<Activity className="size-4" aria-hidden />} title={t('dashboard.recentActivity')}>
              {d.recentActivity.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t('dashboard.noActivity')}</p>
              ) : (
                <ul className="flex flex-col gap-2 text-sm">
                  {d.recentActivity.map((a) => (
                    <li key={a.id} className="flex flex-col">
                      <span>
                        <bdi>{a.actorName ?? '—'}</bdi>: {a.action} {a.entityType}
                      </span>
                      <time className="text-xs text-muted-foreground" dateTime={a.createdAt}>
                        {new Date(a.createdAt).toLocaleString(language || 'en')}
                      </time>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          )}
        </div>
      )}
    </div>
  );
}
