import { DASHBOARD_EXPIRY_DAYS } from '@market/contracts/plain';
import { useQuery } from '@tanstack/react-query';
import { FileWarning, TrendingUp } from 'lucide-react';
import { Link } from 'react-router';
import { useI18n } from '../../app/i18n/i18n-provider';
import { CardStatus } from './dashboard-card';
import { SectionCard } from '../../components/ui/section-card';
import { dashboardOperationsQuery } from './dashboard-query';
import { WeekChart } from './week-chart';
import { formatLocale } from '../../app/i18n/locale-format';

const formatDay = (day: string, language: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString(formatLocale(language), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** Vendor documents expiring soon and applications per week (loaded apart from the page's first figures). */
export default function OperationsCards() {
  const { t, language } = useI18n();
  const q = useQuery(dashboardOperationsQuery());
  const docs = q.data?.documentsExpiring;
  if (q.data && !docs) return null;
  const status = <CardStatus pending={q.isPending} error={q.isError} onRetry={() => void q.refetch()} />;
  return (
    <>
      <SectionCard icon={<FileWarning className="size-4" aria-hidden />} title={t('dashboard.documents.title')} testId="documents-expiring">
        {status}
        {docs && (
          <>
            <div className="text-3xl font-semibold tabular-nums">{docs.total}</div>
            <p className="text-sm text-muted-foreground">{t('dashboard.documents.within', { days: DASHBOARD_EXPIRY_DAYS })}</p>
            {docs.total === 0 ? (
              <p className="mt-3 text-sm text-muted-foreground">{t('dashboard.documents.empty', { days: DASHBOARD_EXPIRY_DAYS })}</p>
            ) : (
              <ul className="mt-3 flex flex-col gap-2 text-sm">
                {docs.items.map((d) => (
                  <li key={d.id} className="flex flex-col">
                    <Link to={d.link} className="text-primary underline-offset-4 hover:underline">
                      <bdi>{d.vendorName}</bdi>
                    </Link>
                    <span className="text-muted-foreground">
                      {t(`vendors.docType.${d.docType}`)} · {t('dashboard.documents.expires', { date: formatDay(d.expiresOn, language) })}
                    </span>
                  </li>
                ))}
                {docs.total > docs.items.length && (
                  <li className="text-muted-foreground">{t('dashboard.documents.more', { count: docs.total - docs.items.length })}</li>
                )}
              </ul>
            )}
          </>
        )}
      </SectionCard>
      <SectionCard
        icon={<TrendingUp className="size-4" aria-hidden />}
        title={t('dashboard.chart.applicationsPerWeek')}
        testId="applications-per-week"
      >
        {status}
        {q.data?.applicationsPerWeek && <WeekChart title={t('dashboard.chart.applicationsPerWeek')} weeks={q.data.applicationsPerWeek} />}
      </SectionCard>
    </>
  );
}
