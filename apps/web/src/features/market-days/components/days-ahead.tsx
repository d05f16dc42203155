import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ListState } from '../../../components/ui/list-state';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { useMarketDaysAhead, type DayFilters } from '../market-days-api';
import { formatDate, todayLocal } from '../market-days-dates';
import { DayList } from './day-list';

/** The list view: market days from today on, three months at a time, as far ahead as the user asks. */
export function DaysAhead({ filters, onOpen, onNew }: { filters: DayFilters; onOpen: (id: string) => void; onNew: () => void }) {
  const { t, language } = useI18n();
  // Today as the page opened: the list does not move under the user at midnight.
  const [from] = useState(todayLocal);
  const q = useMarketDaysAhead(from, filters);
  const days = q.data?.pages.flatMap((p) => p.days) ?? [];
  const until = q.data?.pages.at(-1)?.end;
  const range = until ? { from: formatDate(from, language), to: formatDate(until, language) } : null;
  const later = (
    <Button size="sm" variant="outline" onClick={() => void q.fetchNextPage()} disabled={q.isFetchingNextPage}>
      {q.isFetchingNextPage ? t('common.loading') : t('marketDays.list.showLater')}
    </Button>
  );

  return (
    <div className="flex flex-col gap-3">
      <ListState
        loading={q.isPending}
        error={q.isError && !q.data ? q.error : null}
        empty={q.isSuccess && days.length === 0}
        loadingLabel={t('common.loading')}
        errorLabel={t('marketDays.page.failed')}
        retryLabel={t('common.tryAgain')}
        onRetry={() => void q.refetch()}
        emptyContent={
          <div className="flex flex-col items-center gap-2" data-testid="market-days-list-empty">
            <span className="font-medium text-foreground">{range && t('marketDays.list.empty', range)}</span>
            <span>{t('marketDays.list.emptyHint')}</span>
            <div className="flex flex-wrap justify-center gap-2">
              {later}
              <Button size="sm" onClick={onNew}>
                {t('marketDays.page.newDay')}
              </Button>
            </div>
          </div>
        }
      />
      {days.length > 0 && (
        <>
          {range && <p className="text-sm text-muted-foreground">{t('marketDays.list.range', range)}</p>}
          <DayList days={days} onOpen={onOpen} />
          {q.isFetchNextPageError && (
            <p role="alert" className="text-sm text-destructive">
              {t('marketDays.page.failed')}
            </p>
          )}
          <div>{later}</div>
        </>
      )}
    </div>
  );
}
