import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { FormDialog, FormField, fieldClass } from '../../../components/ui/form-dialog';
import { errorMessage, fieldError } from '../../../lib/api-errors';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { useMarketDayOptions, useUpdateWorkshop, type Workshop } from '../applications-api';
import { formatDay } from '../format';

/** Moves a workshop to another market day; the server refuses a day that has no room left, in words. */
export function MoveWorkshopDialog({ workshop, onClose }: { workshop: Workshop | null; onClose: () => void }) {
  const { t, language } = useI18n();
  const days = useMarketDayOptions();
  const update = useUpdateWorkshop();
  const [dayId, setDayId] = useState('');
  const resetUpdate = update.reset;
  useEffect(() => {
    setDayId(workshop?.marketDayId ?? '');
    resetUpdate();
  }, [workshop, resetUpdate]);
  const today = new Date().toISOString().slice(0, 10);
  // Only days still ahead and not cancelled can take a workshop; the current day stays listed so it reads right.
  const options = (days.data ?? []).filter(
    (d) => d.id === workshop?.marketDayId || (d.status !== 'cancelled' && d.status !== 'completed' && d.date >= today),
  );
  const title = workshop ? (language === 'ar' ? workshop.titleAr : workshop.titleEn) : '';
  const dayError = fieldError(update.error, 'marketDayId');

  return (
    <FormDialog
      open={!!workshop}
      onOpenChange={(o) => !o && onClose()}
      title={t('workshops.moveTitle', { title })}
      description={t('workshops.moveHint')}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            disabled={update.isPending || !dayId || dayId === workshop?.marketDayId}
            onClick={() =>
              workshop &&
              update.mutate(
                { id: workshop.id, body: { marketDayId: dayId } },
                {
                  onSuccess: () => {
                    toast.success(t('workshops.moved', { title }));
                    onClose();
                  },
                },
              )
            }
            data-testid="workshop-move-confirm"
          >
            {t('workshops.move')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <FormField label={t('workshops.col.day')} error={dayError}>
          {(p) => (
            <select {...p} className={fieldClass} value={dayId} onChange={(e) => setDayId(e.target.value)}>
              <option value="" disabled>
                {days.isPending ? t('common.loading') : t('workshops.chooseDay')}
              </option>
              {options.map((d) => (
                <option key={d.id} value={d.id}>
                  {formatDay(d.date, language)} · {language === 'ar' ? d.locationNameAr : d.locationNameEn}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {update.error && !dayError && (
          <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-2 text-sm text-destructive">
            {errorMessage(t, update.error)}
          </p>
        )}
      </div>
    </FormDialog>
  );
}
