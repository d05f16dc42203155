import { Ban, CalendarClock, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/form-dialog';
import { ListState } from '../../../components/ui/list-state';
import { errorMessage } from '../../../lib/api-errors';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { useUpdateWorkshop, useWorkshops, type Workshop } from '../applications-api';
import { formatDay, formatMinor } from '../format';
import { MoveWorkshopDialog } from './move-workshop-dialog';

/** The organization's workshops with their day, host and capacity; move one to another day or cancel it. */
export function WorkshopsList() {
  const { t, language } = useI18n();
  const list = useWorkshops();
  const update = useUpdateWorkshop();
  const [showCancelled, setShowCancelled] = useState(false);
  const [moving, setMoving] = useState<Workshop | null>(null);
  const [cancelling, setCancelling] = useState<Workshop | null>(null);
  const all = list.data?.items ?? [];
  const items = showCancelled ? all : all.filter((w) => w.status !== 'cancelled');
  const title = (w: Workshop) => (language === 'ar' ? w.titleAr : w.titleEn);
  // What a scheduled workshop offers: each opens its dialog with the last refusal cleared.
  const actions = [
    { key: 'move', icon: CalendarClock, open: setMoving },
    { key: 'cancel', icon: Ban, open: setCancelling },
  ] as const;

  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="workshops-list">
      <label className="flex w-fit items-center gap-2 text-sm">
        <input type="checkbox" className="size-4" checked={showCancelled} onChange={(e) => setShowCancelled(e.target.checked)} />
        {t('workshops.showCancelled')}
      </label>
      <ListState
        loading={list.isPending}
        error={list.error}
        empty={!!list.data && items.length === 0}
        loadingLabel={t('common.loading')}
        errorLabel={t('workshops.loadFailed')}
        retryLabel={t('common.tryAgain')}
        onRetry={() => void list.refetch()}
        emptyContent={t('workshops.empty')}
      />
      {items.length > 0 && (
        <ul className="grid gap-3 md:grid-cols-2">
          {items.map((w) => (
            <li
              key={w.id}
              className="flex flex-col gap-2 rounded-lg border bg-card p-4 text-sm"
              data-testid="workshop-card"
              data-status={w.status}
            >
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <h3 className="font-semibold" dir={language === 'ar' ? 'rtl' : 'ltr'}>
                    {w.applicationId ? (
                      <Link to={`/workshop-applications/${w.applicationId}`} className="text-primary hover:underline">
                        {title(w)}
                      </Link>
                    ) : (
                      title(w)
                    )}
                  </h3>
                  <p className="text-muted-foreground">
                    <span dir="auto">{w.hostName}</span> · <span dir="ltr">{w.hostEmail}</span>
                  </p>
                </div>
                <span
                  className={
                    w.status === 'cancelled'
                      ? 'rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-800 dark:bg-red-900/40 dark:text-red-200'
                      : 'rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200'
                  }
                >
                  {t(`workshops.status.${w.status}`)}
                </span>
              </div>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
                <dt className="text-muted-foreground">{t('workshops.col.day')}</dt>
                <dd>
                  {w.marketDayDate ? (
                    <>
                      <bdi>{formatDay(w.marketDayDate, language)}</bdi> · <bdi>{w.locationName}</bdi>
                    </>
                  ) : (
                    t('workshops.noDay')
                  )}
                </dd>
                <dt className="text-muted-foreground">{t('workshops.col.duration')}</dt>
                <dd>{t('review.answer.minutes', { count: w.durationMinutes })}</dd>
                <dt className="text-muted-foreground">{t('workshops.col.capacity')}</dt>
                <dd className="inline-flex items-center gap-1">
                  <Users className="size-3.5 text-muted-foreground" aria-hidden />
                  {w.capacity}
                </dd>
                <dt className="text-muted-foreground">{t('workshops.col.ages')}</dt>
                <dd>{t('workshops.ages', { min: w.ageMin, max: w.ageMax })}</dd>
                <dt className="text-muted-foreground">{t('workshops.col.fee')}</dt>
                <dd>{w.materialsFeeMinor === 0 ? t('workshops.free') : formatMinor(w.materialsFeeMinor, language)}</dd>
              </dl>
              {w.status === 'scheduled' && (
                <div className="flex flex-wrap gap-2 pt-1">
                  {actions.map(({ key, icon: Icon, open }) => (
                    <Button
                      key={key}
                      size="sm"
                      variant="outline"
                      onClick={() => {
                        update.reset();
                        open(w);
                      }}
                      data-testid={`workshop-${key}`}
                    >
                      <Icon className="size-4" aria-hidden />
                      {t(`workshops.${key}`)}
                    </Button>
                  ))}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <MoveWorkshopDialog workshop={moving} onClose={() => setMoving(null)} />
      <ConfirmDialog
        open={!!cancelling}
        onOpenChange={(o) => !o && setCancelling(null)}
        title={t('workshops.cancelTitle')}
        message={cancelling ? t('workshops.cancelConfirm', { title: title(cancelling) }) : ''}
        confirmLabel={t('workshops.cancel')}
        cancelLabel={t('workshops.keep')}
        pending={update.isPending}
        error={update.error ? errorMessage(t, update.error) : null}
        onConfirm={() =>
          cancelling &&
          update.mutate(
            { id: cancelling.id, body: { status: 'cancelled' } },
            {
              onSuccess: () => {
                toast.success(t('workshops.cancelled', { title: title(cancelling) }));
                setCancelling(null);
              },
            },
          )
        }
      />
    </div>
  );
}
