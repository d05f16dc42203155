import { marketDaysRoutes } from '@market/contracts/plain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ListState } from '../../components/ui/list-state';
import { useI18n } from '../../app/i18n/i18n-provider';
import { api } from '../../lib/api';
import { addDays, formatLongDate, todayLocal } from './board-dates';
import { CheckInView } from './check-in-view';

/** The check-in tab of /market-events: today's market day first (or the next one), then the check-in list of the day chosen. */
export function CheckInTab() {
  const { t, language } = useI18n();
  const [today] = useState(todayLocal);
  const days = useQuery({
    queryKey: ['market-assignments', 'check-in-days', today],
    queryFn: () => api(marketDaysRoutes.listMarketDays, { query: { from: addDays(today, -7), to: addDays(today, 60), limit: '100' } }),
  });
  const open = (days.data ?? []).filter((d) => d.status !== 'cancelled' && d.status !== 'draft');
  const [chosen, setChosen] = useState<string | null>(null);
  const dayId = chosen ?? open.find((d) => d.date >= today)?.id ?? open.at(-1)?.id ?? null;
  if (!days.data || open.length === 0)
    return (
      <ListState
        loading={days.isPending}
        error={days.error}
        empty={!!days.data}
        loadingLabel={t('common.loading')}
        errorLabel={t('marketDays.page.failed')}
        retryLabel={t('common.tryAgain')}
        onRetry={() => void days.refetch()}
        emptyContent={<p className="text-sm text-muted-foreground">{t('checkIn.noDays')}</p>}
      />
    );
  return (
    <section className="flex flex-col gap-3" data-testid="check-in-tab">
      <label className="flex max-w-md flex-col gap-1 text-sm font-medium">
        {t('checkIn.day')}
        <select
          className="h-11 rounded-md border bg-background px-3 text-base"
          value={dayId ?? ''}
          onChange={(e) => setChosen(e.target.value)}
        >
          {open.map((d) => (
            <option key={d.id} value={d.id}>
              {formatLongDate(d.date, language)} · {language === 'ar' ? d.locationNameAr : d.locationNameEn}
            </option>
          ))}
        </select>
      </label>
      {dayId && <CheckInView key={dayId} marketDayId={dayId} />}
    </section>
  );
}
