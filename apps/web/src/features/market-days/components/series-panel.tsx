import { Repeat } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/form-dialog';
import { ListState } from '../../../components/ui/list-state';
import { errorMessage } from '../../../lib/api-errors';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { useSeriesAction, useSeriesList, type Series } from '../market-days-api';
import { formatDate, formatTime, weekdayName } from '../market-days-dates';

/** The organization's weekly series, each with its days by status and its actions. */
export function SeriesPanel({ locationId, onEdit, onCreate }: { locationId?: string; onEdit: (s: Series) => void; onCreate: () => void }) {
  const { t, language } = useI18n();
  const list = useSeriesList();
  const action = useSeriesAction();
  const [confirm, setConfirm] = useState<{ series: Series; action: 'publish' | 'delete' } | null>(null);
  const rows = (list.data ?? []).filter((s) => !locationId || s.locationId === locationId);

  const run = () => {
    if (!confirm) return;
    action.mutate(
      { id: confirm.series.id, action: confirm.action },
      {
        onSuccess: (r) => {
          toast.success(
            'published' in r
              ? t('marketDays.toast.seriesPublished', { count: r.published })
              : t('marketDays.toast.seriesDeleted', { deleted: r.deleted, kept: r.kept }),
          );
          setConfirm(null);
        },
      },
    );
  };

  return (
    <section className="flex flex-col gap-3" data-testid="market-day-series">
      <ListState
        loading={list.isPending}
        error={list.error}
        empty={rows.length === 0}
        loadingLabel={t('common.loading')}
        errorLabel={t('marketDays.series.failed')}
        retryLabel={t('common.tryAgain')}
        onRetry={() => void list.refetch()}
        emptyContent={
          <div className="flex flex-col items-center gap-2">
            <span>{t('marketDays.series.empty')}</span>
            <Button size="sm" onClick={onCreate}>
              {t('marketDays.series.new')}
            </Button>
          </div>
        }
      />
      <ul className="grid gap-3 md:grid-cols-2">
        {rows.map((s) => (
          <li key={s.id} className="flex flex-col gap-2 rounded-lg border bg-card p-4 text-sm">
            <div className="flex items-start justify-between gap-2">
              <div className="flex items-center gap-2 font-medium">
                <Repeat className="size-4 shrink-0" aria-hidden />
                <span>{t('marketDays.series.every', { weekday: weekdayName(s.weekday, language) })}</span>
              </div>
              <bdi className="text-muted-foreground">{language === 'ar' ? s.locationNameAr : s.locationNameEn}</bdi>
            </div>
            <p>
              {t('marketDays.series.range', { start: formatDate(s.startDate, language), end: formatDate(s.endDate, language) })} ·{' '}
              {`${formatTime(s.openTime, language)} – ${formatTime(s.closeTime, language)}`}
            </p>
            <p className="text-muted-foreground">
              {t('marketDays.series.counts', {
                draft: s.dayCounts.draft,
                published: s.dayCounts.published,
                completed: s.dayCounts.completed,
                cancelled: s.dayCounts.cancelled,
              })}
              {s.detachedCount > 0 && ` · ${t('marketDays.series.detachedCount', { count: s.detachedCount })}`}
            </p>
            {s.nextDate && (
              <p className="text-muted-foreground">{t('marketDays.series.next', { date: formatDate(s.nextDate, language) })}</p>
            )}
            <div className="mt-1 flex flex-wrap justify-end gap-2">
              <Button size="sm" variant="outline" onClick={() => onEdit(s)}>
                {t('marketDays.action.edit')}
              </Button>
              <Button size="sm" variant="outline" onClick={() => (action.reset(), setConfirm({ series: s, action: 'delete' }))}>
                {t('marketDays.action.delete')}
              </Button>
              <Button
                size="sm"
                disabled={s.dayCounts.draft === 0}
                onClick={() => (action.reset(), setConfirm({ series: s, action: 'publish' }))}
              >
                {t('marketDays.series.publishAll', { count: s.dayCounts.draft })}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={!!confirm}
        onOpenChange={(o) => !o && setConfirm(null)}
        title={confirm?.action === 'publish' ? t('marketDays.series.publishTitle') : t('marketDays.series.deleteTitle')}
        message={
          confirm?.action === 'publish'
            ? t('marketDays.series.publishMessage', { count: confirm.series.dayCounts.draft })
            : t('marketDays.series.deleteMessage')
        }
        confirmLabel={confirm?.action === 'publish' ? t('marketDays.action.publish') : t('marketDays.action.delete')}
        cancelLabel={t('common.cancel')}
        pending={action.isPending}
        error={action.error ? errorMessage(t, action.error) : null}
        onConfirm={run}
      />
    </section>
  );
}
