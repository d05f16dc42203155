import { Info } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { FormDialogForm, TextField } from '../../../components/ui/form-dialog';
import { fieldError } from '../../../lib/api-errors';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { useCategoryOptions, useSaveDay, type MarketDayDetail } from '../market-days-api';
import { fromLocalInput, toLocalInput } from '../market-days-dates';
import { CapacityEditor, capacityRows, capacityValid, rowsToInput, type CapacityRow } from './capacity-editor';
import { FormAlert, HoursFields, LocationField, NotesField } from './day-fields';
import { checkTimes, useFormErrors } from './form-checks';
import { usePreselectLocation } from './location-select';

interface Form {
  locationId: string;
  date: string;
  setupTime: string;
  openTime: string;
  closeTime: string;
  opens: string;
  closes: string;
  notes: string;
}

const EMPTY: Form = {
  locationId: '',
  date: '',
  setupTime: '07:00',
  openTime: '09:00',
  closeTime: '14:00',
  opens: '',
  closes: '',
  notes: '',
};

/** Plan one market day, or change one; a day of a series is detached from it by the change (said up front). */
export function DayFormDialog({
  open,
  onOpenChange,
  day,
  defaultDate,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  day: MarketDayDetail | null;
  defaultDate?: string;
  onSaved?: (id: string) => void;
}) {
  const { t } = useI18n();
  const save = useSaveDay();
  const categories = useCategoryOptions();
  const [form, setForm] = useState<Form>(EMPTY);
  const [caps, setCaps] = useState<CapacityRow[]>([]);
  const { err, general, setLocal } = useFormErrors(save.error, (ds) => ds.join(', '));
  // `reset` is bound to the mutation's observer and keeps one identity across renders, so listing it
  // does not make the effect run more often.
  const resetSave = save.reset;
  useEffect(() => {
    if (!open) return;
    resetSave();
    setLocal({});
    setForm(
      day
        ? {
            locationId: day.locationId,
            date: day.date,
            setupTime: day.setupTime,
            openTime: day.openTime,
            closeTime: day.closeTime,
            opens: toLocalInput(day.applicationOpensAt),
            closes: toLocalInput(day.applicationClosesAt),
            notes: day.notes ?? '',
          }
        : { ...EMPTY, date: defaultDate ?? '' },
    );
    // Reset when the dialog opens or switches day, not when the mutation changes.
  }, [open, day, defaultDate, resetSave, setLocal]);
  const chooseLocation = useCallback((locationId: string) => setForm((f) => (f.locationId ? f : { ...f, locationId })), []);
  usePreselectLocation(open && !day, form.locationId, chooseLocation);
  useEffect(() => {
    if (open && !day) setCaps(capacityRows([], categories.data ?? [], 'target'));
  }, [open, day, categories.data]);

  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));

  const submit = () => {
    const errors = checkTimes(form, t);
    if (!day && !form.locationId) errors.locationId = t('marketDays.error.required');
    if (!form.date) errors.date = t('marketDays.error.required');
    if (!!form.opens !== !!form.closes)
      errors[form.opens ? 'applicationClosesAt' : 'applicationOpensAt'] = t('marketDays.error.windowBoth');
    else if (form.opens && form.opens >= form.closes) errors.applicationClosesAt = t('marketDays.error.windowOrder');
    else if (form.closes && form.date && form.closes > `${form.date}T${form.openTime}`)
      errors.applicationClosesAt = t('marketDays.error.windowAfterOpening');
    if (!day && categories.isSuccess && caps.some((c) => !capacityValid(c.value))) errors.capacities = t('marketDays.capacity.invalid');
    setLocal(errors);
    if (Object.keys(errors).length) return;
    const common = {
      date: form.date,
      setupTime: form.setupTime,
      openTime: form.openTime,
      closeTime: form.closeTime,
      applicationOpensAt: fromLocalInput(form.opens),
      applicationClosesAt: fromLocalInput(form.closes),
      notes: form.notes.trim() || null,
    };
    const vars = day
      ? { id: day.id, body: common, expectedUpdatedAt: day.updatedAt }
      : { body: { ...common, locationId: form.locationId, ...(categories.isSuccess ? { capacities: rowsToInput(caps) } : {}) } };
    save.mutate(vars, {
      onSuccess: (saved) => {
        toast.success(day ? t('marketDays.toast.updated') : t('marketDays.toast.created'));
        onOpenChange(false);
        onSaved?.(saved.id);
      },
    });
  };

  return (
    <FormDialogForm
      open={open}
      onOpenChange={onOpenChange}
      title={day ? t('marketDays.form.editTitle') : t('marketDays.form.createTitle')}
      description={day ? undefined : t('marketDays.form.createDescription')}
      wide
      pending={save.isPending}
      submitLabel={save.isPending ? t('marketDays.form.saving') : t('marketDays.form.save')}
      cancelLabel={t('common.cancel')}
      onSubmit={submit}
    >
      {day?.seriesId && (
        <p
          className="flex gap-2 rounded-md border border-amber-500/50 bg-amber-500/10 p-3 text-sm sm:col-span-2"
          data-testid="detach-warning"
        >
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{day.detached ? t('marketDays.form.alreadyDetached') : t('marketDays.form.detachWarning')}</span>
        </p>
      )}
      {!day && <LocationField value={form.locationId} onChange={(locationId) => set({ locationId })} error={err('locationId')} />}
      <TextField
        type="date"
        label={t('marketDays.field.date')}
        error={err('date')}
        value={form.date}
        onValueChange={(date) => set({ date })}
      />
      <HoursFields value={form} onChange={set} error={err} />
      <fieldset className="grid gap-3 rounded-md border p-3 sm:col-span-2 sm:grid-cols-2">
        <legend className="px-1 text-sm font-medium">{t('marketDays.field.window')}</legend>
        <p className="text-xs text-muted-foreground sm:col-span-2">{t('marketDays.form.windowHint')}</p>
        <TextField
          type="datetime-local"
          label={t('marketDays.field.applicationOpensAt')}
          error={err('applicationOpensAt')}
          value={form.opens}
          onValueChange={(opens) => set({ opens })}
        />
        <TextField
          type="datetime-local"
          label={t('marketDays.field.applicationClosesAt')}
          error={err('applicationClosesAt')}
          value={form.closes}
          onValueChange={(closes) => set({ closes })}
        />
      </fieldset>
      <NotesField value={form.notes} onChange={(notes) => set({ notes })} error={err('notes')} height="h-20" />
      {!day && (
        <section className="sm:col-span-2">
          <h3 className="mb-1 text-sm font-medium">{t('marketDays.capacity.title')}</h3>
          <p className="mb-2 text-xs text-muted-foreground">{t('marketDays.capacity.defaultsHint')}</p>
          {categories.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {t('marketDays.capacity.categoriesFailed')}
            </p>
          ) : (
            <CapacityEditor rows={caps} onChange={setCaps} errors={(i) => fieldError(save.error, `capacities.${i}`)} />
          )}
        </section>
      )}
      <FormAlert message={general} />
    </FormDialogForm>
  );
}
