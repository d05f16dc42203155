import { TriangleAlert } from 'lucide-react';
import { formatNumber } from '../../../app/i18n/locale-format';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { ListState } from '../../../components/ui/list-state';
import { cn } from '../../../lib/cn';
import { useCategoryGaps } from '../market-assignments-api';

/** Target against booked per category for one day, so a manager sees which categories are short. */
export function CategoryGapsPanel({ dayId, dateLabel }: { dayId: string; dateLabel: string }) {
  const { t, language } = useI18n();
  const gaps = useCategoryGaps(dayId);
  const n = (v: number) => formatNumber(v, language);
  const rows = gaps.data ?? [];
  return (
    <section
      aria-labelledby="category-gaps-title"
      className="flex flex-col gap-2 rounded-lg border bg-card p-3"
      data-testid="category-gaps"
    >
      <h2 id="category-gaps-title" className="font-medium">
        {t('marketAssignments.gaps.title', { date: dateLabel })}
      </h2>
      <ListState
        loading={gaps.isPending}
        error={gaps.error}
        empty={gaps.isSuccess && rows.length === 0}
        loadingLabel={t('common.loading')}
        errorLabel={t('marketAssignments.gaps.failed')}
        retryLabel={t('common.tryAgain')}
        onRetry={() => void gaps.refetch()}
        emptyContent={t('marketAssignments.gaps.empty')}
      />
      {rows.length > 0 && (
        <table className="w-full text-sm">
          <thead>
            <tr className="text-xs text-muted-foreground">
              <th scope="col" className="py-1 text-start font-medium">
                {t('marketAssignments.gaps.category')}
              </th>
              <th scope="col" className="py-1 text-end font-medium">
                {t('marketAssignments.gaps.target')}
              </th>
              <th scope="col" className="py-1 text-end font-medium">
                {t('marketAssignments.gaps.assigned')}
              </th>
              <th scope="col" className="py-1 text-end font-medium">
                {t('marketAssignments.gaps.short')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((g) => (
              <tr key={g.categoryId} className={cn('border-t', g.short > 0 && 'bg-amber-50 dark:bg-amber-950/30')}>
                <th scope="row" className="py-1 text-start font-normal">
                  <span className="flex min-w-0 items-center gap-1.5">
                    <span aria-hidden className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: g.colour }} />
                    <span className="truncate">{language === 'ar' ? g.nameAr : g.nameEn}</span>
                  </span>
                </th>
                <td className="py-1 text-end tabular-nums">{n(g.target)}</td>
                <td className="py-1 text-end tabular-nums">{n(g.assigned)}</td>
                <td className="py-1 text-end tabular-nums">
                  {g.short > 0 ? (
                    <span className="inline-flex items-center gap-1 font-semibold text-amber-800 dark:text-amber-200">
                      <TriangleAlert className="size-3.5" aria-hidden />
                      {t('marketAssignments.gaps.shortBy', { count: n(g.short) })}
                    </span>
                  ) : (
                    <span className="text-muted-foreground">{t('marketAssignments.gaps.none')}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
