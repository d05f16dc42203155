import { useQuery } from '@tanstack/react-query';
import { Package, TrendingUp } from 'lucide-react';
import { Link } from 'react-router';
import { useI18n } from '../../app/i18n/i18n-provider';
import { CardStatus } from './dashboard-card';
import { SectionCard } from '../../components/ui/section-card';
import { dashboardCatalogueQuery } from './dashboard-query';
import { WeekChart } from './week-chart';

/** Catalogue size and completeness, and products created per week (loaded apart from the page's first figures). */
export default function CatalogueCards() {
  const { t } = useI18n();
  const q = useQuery(dashboardCatalogueQuery());
  const c = q.data?.catalogue;
  // The server answers null parts to callers without the products permission: no card then.
  if (q.data && !c) return null;
  const status = <CardStatus pending={q.isPending} error={q.isError} onRetry={() => void q.refetch()} />;
  return (
    <>
      <SectionCard icon={<Package className="size-4" aria-hidden />} title={t('dashboard.catalogue.title')} testId="catalogue-card">
        {status}
        {c && c.total === 0 && (
          <p className="text-sm text-muted-foreground">
            {t('dashboard.catalogue.empty')}{' '}
            <Link to="/products" className="text-primary underline-offset-4 hover:underline">
              {t('dashboard.catalogue.add')}
            </Link>
          </p>
        )}
        {c && c.total > 0 && (
          <>
            <p className="flex items-baseline gap-2">
              <span className="text-3xl font-semibold tabular-nums">{c.total}</span>
              <span className="text-sm text-muted-foreground">{t('dashboard.catalogue.products')}</span>
            </p>
            <ul className="mt-3 flex flex-col gap-1 text-sm">
              {(['active', 'draft', 'archived'] as const).map((s) => (
                <li key={s} className="flex justify-between gap-2">
                  <span>{t(`products.status.${s}`)}</span>
                  <span className="tabular-nums text-muted-foreground">{c[s]}</span>
                </li>
              ))}
            </ul>
            <div className="mt-3 border-t pt-3 text-sm">
              <div className="flex justify-between gap-2">
                <span>{t('dashboard.catalogue.completeness')}</span>
                <span className="font-medium tabular-nums">{c.completenessAverage}%</span>
              </div>
              <div className="mt-1 h-2 overflow-hidden rounded-full bg-muted" aria-hidden>
                <div className="h-full rounded-full bg-primary" style={{ width: `${c.completenessAverage}%` }} />
              </div>
              <p className="mt-1 text-muted-foreground">{t('dashboard.catalogue.complete', { complete: c.complete, total: c.total })}</p>
              {c.channels.length === 0 ? (
                <p className="mt-2 text-xs text-muted-foreground">
                  {t('dashboard.catalogue.noChannels')}{' '}
                  <Link to="/catalog-publishing" className="text-primary underline underline-offset-4">
                    {t('dashboard.catalogue.addChannel')}
                  </Link>
                </p>
              ) : (
                <div className="mt-3" data-testid="catalogue-channels">
                  <p className="text-xs font-medium text-muted-foreground">{t('dashboard.catalogue.byChannel')}</p>
                  <ul className="mt-1 flex flex-col gap-1">
                    {c.channels.map((ch) => (
                      <li key={ch.id} className="flex justify-between gap-2">
                        <span className="truncate">{ch.name}</span>
                        <span className="tabular-nums text-muted-foreground">
                          {t('dashboard.catalogue.complete', { complete: ch.complete, total: ch.measured })}
                        </span>
                      </li>
                    ))}
                  </ul>
                </div>
              )}
            </div>
          </>
        )}
      </SectionCard>
      <SectionCard
        icon={<TrendingUp className="size-4" aria-hidden />}
        title={t('dashboard.chart.productsPerWeek')}
        testId="products-per-week"
      >
        {status}
        {q.data?.productsPerWeek && <WeekChart title={t('dashboard.chart.productsPerWeek')} weeks={q.data.productsPerWeek} />}
      </SectionCard>
    </>
  );
}
