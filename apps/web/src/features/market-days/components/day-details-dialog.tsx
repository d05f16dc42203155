import { Repeat } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog, FormDialog } from '../../../components/ui/form-dialog';
import { ApiError } from '../../../lib/api';
import { errorMessage, fieldError, hasFieldErrors } from '../../../lib/api-errors';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { useCategoryOptions, useDayAction, useMarketDay, useSaveCapacities, useSeriesList, type MarketDayDetail } from '../market-days-api';
import { formatDate, formatInstant, formatTime, weekdayName } from '../market-days-dates';
import { CancelDialog } from './cancel-dialog';
import { CapacityEditor, capacityRows, capacityValid, rowsToInput, type CapacityRow } from './capacity-editor';
import { MarketDayStatusBadge } from './market-day-status';

interface Props {
  dayId: string | null;
  onClose: () => void;
  onEdit: (day: MarketDayDetail) => void;
  onEditSeries: (seriesId: string) => void;
}

/** One market day: what it is, its status actions, its series and its capacity per category. */
export function DayDetailsDialog({ dayId, onClose, onEdit, onEditSeries }: Props) {
  const { t, language } = useI18n();
  const day = useMarketDay(dayId);
  const series = useSeriesList();
  const categories = useCategoryOptions();
  const action = useDayAction();
  const saveCaps = useSaveCapacities();
  const [caps, setCaps] = useState<CapacityRow[]>([]);
  const [cancelling, setCancelling] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const d = day.data;
  useEffect(() => {
    if (d) setCaps(capacityRows(d.capacities, categories.data ?? [], 'zero'));
  }, [d, categories.data]);
  // `reset` is bound to the mutation's observer and keeps one identity across renders, so listing it
  // does not make the effect run more often.
  const resetAction = action.reset;
  const resetSaveCaps = saveCaps.reset;
  useEffect(() => {
    resetAction();
    resetSaveCaps();
    // Errors belong to the day they were made on.
  }, [dayId, resetAction, resetSaveCaps]);

  const final = d?.status === 'completed' || d?.status === 'cancelled';
  const s = d?.seriesId ? series.data?.find((x) => x.id === d.seriesId) : undefined;
  const run = (a: 'publish' | 'complete' | 'delete') =>
    action.mutate(
      { id: d!.id, action: a },
      {
        onSuccess: () => {
          toast.success(t(`marketDays.toast.${a}`));
          if (a === 'delete') {
            setDeleting(false);
            onClose();
          }
        },
      },
    );
  const capsError = (i: number) => fieldError(saveCaps.error, `capacities.${i}`);

  return (
    <>
      <FormDialog
        open={!!dayId}
        onOpenChange={(o) => !o && onClose()}
        title={d ? formatDate(d.date, language, 'long') : t('marketDays.details.title')}
        wide
        footer={
          <>
            {d && !final && (
              <Button variant="outline" onClick={() => onEdit(d)}>
                {t('marketDays.action.edit')}
              </Button>
            )}
            {d?.status === 'draft' && (
              <Button variant="outline" onClick={() => setDeleting(true)} disabled={action.isPending}>
                {t('marketDays.action.delete')}
              </Button>
            )}
            {d && !final && (
              <Button variant="destructive" onClick={() => setCancelling(true)} disabled={action.isPending}>
                {t('marketDays.action.cancel')}
              </Button>
            )}
            {d?.status === 'published' && (
              <Button variant="outline" onClick={() => run('complete')} disabled={action.isPending}>
                {t('marketDays.action.complete')}
              </Button>
            )}
            {d?.status === 'draft' && (
              <Button onClick={() => run('publish')} disabled={action.isPending}>
                {t('marketDays.action.publish')}
              </Button>
            )}
          </>
        }
      >
        {day.isPending && (
          <p role="status" className="text-sm text-muted-foreground">
            {t('common.loading')}
          </p>
        )}
        {day.isError && (
          <p role="alert" className="text-sm text-destructive">
            {day.error instanceof ApiError && day.error.status === 404 ? t('marketDays.details.notFound') : t('marketDays.details.failed')}
          </p>
        )}
        {d && (
          <div className="flex flex-col gap-4 text-sm" data-testid="market-day-details">
            <div className="flex flex-wrap items-center gap-2">
              <MarketDayStatusBadge status={d.status} />
              <bdi className="font-medium">{language === 'ar' ? d.locationNameAr : d.locationNameEn}</bdi>
            </div>
            {action.error && (
              <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-2 text-destructive">
                {errorMessage(t, action.error)}
              </p>
            )}
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              <dt className="text-muted-foreground">{t('marketDays.field.setupTime')}</dt>
              <dd>{formatTime(d.setupTime, language)}</dd>
              <dt className="text-muted-foreground">{t('marketDays.list.hours')}</dt>
              <dd>{`${formatTime(d.openTime, language)} – ${formatTime(d.closeTime, language)}`}</dd>
              <dt className="text-muted-foreground">{t('marketDays.field.window')}</dt>
              <dd>
                {d.applicationOpensAt && d.applicationClosesAt
                  ? `${formatInstant(d.applicationOpensAt, language)} – ${formatInstant(d.applicationClosesAt, language)}`
                  : t('marketDays.details.noWindow')}
              </dd>
              {d.publishedAt && (
                <>
                  <dt className="text-muted-foreground">{t('marketDays.details.publishedAt')}</dt>
                  <dd>{formatInstant(d.publishedAt, language)}</dd>
                </>
              )}
              {d.cancelReason && (
                <>
                  <dt className="text-muted-foreground">{t('marketDays.details.cancelReason')}</dt>
                  <dd className="whitespace-pre-wrap">{d.cancelReason}</dd>
                </>
              )}
              {d.notes && (
                <>
                  <dt className="text-muted-foreground">{t('marketDays.field.notes')}</dt>
                  <dd className="whitespace-pre-wrap">{d.notes}</dd>
                </>
              )}
            </dl>
            {d.seriesId && (
              <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3">
                <span className="flex items-center gap-2">
                  <Repeat className="size-4 shrink-0" aria-hidden />
                  <span>
                    {s
                      ? t('marketDays.details.inSeriesWeekday', { weekday: weekdayName(s.weekday, language) })
                      : t('marketDays.details.inSeries')}
                    {d.detached && <span className="block text-xs text-muted-foreground">{t('marketDays.details.detached')}</span>}
                  </span>
                </span>
                <Button variant="outline" size="sm" onClick={() => onEditSeries(d.seriesId!)}>
                  {t('marketDays.series.edit')}
                </Button>
              </div>
            )}
            <section aria-labelledby="capacity-title" className="flex flex-col gap-2">
              <h3 id="capacity-title" className="font-medium">
                {t('marketDays.capacity.title')}
              </h3>
              <p className="text-xs text-muted-foreground">
                {t('marketDays.capacity.booked', {
                  booked: d.capacities.reduce((n, c) => n + c.booked, 0),
                  capacity: d.capacityTotal,
                })}
              </p>
              <CapacityEditor rows={caps} onChange={setCaps} errors={capsError} disabled={final} />
              {saveCaps.error && !hasFieldErrors(saveCaps.error) && (
                <p role="alert" className="text-destructive">
                  {errorMessage(t, saveCaps.error)}
                </p>
              )}
              {!final && caps.length > 0 && (
                <Button
                  size="sm"
                  variant="outline"
                  className="self-end"
                  disabled={saveCaps.isPending || caps.some((c) => !capacityValid(c.value))}
                  onClick={() =>
                    saveCaps.mutate(
                      { id: d.id, capacities: rowsToInput(caps), expectedUpdatedAt: d.updatedAt },
                      { onSuccess: () => toast.success(t('marketDays.toast.capacitySaved')) },
                    )
                  }
                >
                  {saveCaps.isPending ? t('marketDays.form.saving') : t('marketDays.capacity.save')}
                </Button>
              )}
            </section>
          </div>
        )}
      </FormDialog>
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={t('marketDays.delete.title')}
        message={t('marketDays.delete.message')}
        confirmLabel={t('marketDays.action.delete')}
        cancelLabel={t('common.cancel')}
        pending={action.isPending}
        error={deleting && action.error ? errorMessage(t, action.error) : null}
        onConfirm={() => run('delete')}
      />
      <CancelDialog
        open={cancelling}
        onOpenChange={setCancelling}
        pending={action.isPending}
        error={action.error}
        onConfirm={(reason) =>
          action.mutate(
            { id: d!.id, action: 'cancel', reason },
            { onSuccess: () => (setCancelling(false), toast.success(t('marketDays.toast.cancel'))) },
          )
        }
      />
    </>
  );
}
