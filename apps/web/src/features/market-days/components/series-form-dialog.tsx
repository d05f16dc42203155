import { Info } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { FormDialogForm, FormField, TextField, fieldClass } from '../../../components/ui/form-dialog';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { useSaveSeries, type Series } from '../market-days-api';
import { addDays, firstWeekday, formatDayMonth, ruleDates, weekdayName } from '../market-days-dates';
import { FormAlert, HoursFields, LocationField, NotesField } from './day-fields';
import { checkTimes, useFormErrors } from './form-checks';
import { usePreselectLocation } from './location-select';
import { SkipDatesPicker } from './skip-dates-picker';

interface Form {
  locationId: string;
  weekday: number;
  startDate: string;
  endDate: string;
  skipDates: string[];
  setupTime: string;
  openTime: string;
  closeTime: string;
  notes: string;
}

const EMPTY: Form = {
  locationId: '',
  weekday: 6,
  startDate: '',
  endDate: '',
  skipDates: [],
  setupTime: '07:00',
  openTime: '09:00',
  closeTime: '14:00',
  notes: '',
};

/** Create a weekly series (one draft day per date), or change one; the preview lists the dates and lets some be skipped. */
export function SeriesFormDialog({
  open,
  onOpenChange,
  series,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  series: Series | null;
}) {
  const { t, language } = useI18n();
  const save = useSaveSeries();
  const [form, setForm] = useState<Form>(EMPTY);
  const { err, general, setLocal } = useFormErrors(save.error, (ds) =>
    ds.map((d) => formatDayMonth(d, language)).join(t('marketDays.card.separator')),
  );
  // `reset` is bound to the mutation's observer and keeps one identity across renders, so listing it
  // does not make the effect run more often.
  const resetSave = save.reset;
  useEffect(() => {
    if (!open) return;
    resetSave();
    setLocal({});
    setForm(series ? { ...series, notes: series.notes ?? '' } : EMPTY);
    // Reset when the dialog opens or switches series, not when the mutation changes.
  }, [open, series, resetSave, setLocal]);
  const chooseLocation = useCallback((locationId: string) => setForm((f) => (f.locationId ? f : { ...f, locationId })), []);
  usePreselectLocation(open && !series, form.locationId, chooseLocation);

  const dates = useMemo(() => ruleDates(form.weekday, form.startDate, form.endDate, 120), [form.weekday, form.startDate, form.endDate]);
  const planned = dates.filter((d) => !form.skipDates.includes(d)).length;
  const first = firstWeekday(language);
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));

  const submit = () => {
    const errors = checkTimes(form, t);
    if (!series && !form.locationId) errors.locationId = t('marketDays.error.required');
    if (!form.startDate) errors.startDate = t('marketDays.error.required');
    if (!form.endDate) errors.endDate = t('marketDays.error.required');
    else if (form.startDate && form.endDate < form.startDate) errors.endDate = t('marketDays.error.endBeforeStart');
    else if (form.startDate && form.endDate > addDays(form.startDate, 731)) errors.endDate = t('marketDays.error.tooLong');
    else if (form.startDate && planned === 0) errors.skipDates = t('marketDays.error.noDates');
    setLocal(errors);
    if (Object.keys(errors).length) return;
    // Skips outside the current rule mean nothing; keeping them would only confuse a later edit.
    const skipDates = form.skipDates.filter((d) => dates.includes(d));
    const body = {
      weekday: form.weekday,
      startDate: form.startDate,
      endDate: form.endDate,
      skipDates,
      setupTime: form.setupTime,
      openTime: form.openTime,
      closeTime: form.closeTime,
      notes: form.notes.trim() || null,
    };
    save.mutate(
      series ? { id: series.id, body, expectedUpdatedAt: series.updatedAt } : { body: { ...body, locationId: form.locationId } },
      {
        onSuccess: (r) => {
          const c = r.changes;
          toast.success(
            series
              ? t('marketDays.toast.seriesUpdated', { added: c.added.length, removed: c.removed.length, updated: c.updated })
              : t('marketDays.toast.seriesCreated', { count: c.added.length }),
          );
          onOpenChange(false);
        },
      },
    );
  };

  return (
    <FormDialogForm
      open={open}
      onOpenChange={onOpenChange}
      title={series ? t('marketDays.series.editTitle') : t('marketDays.series.createTitle')}
      description={series ? undefined : t('marketDays.series.createDescription')}
      wide
      pending={save.isPending}
      submitLabel={
        save.isPending
          ? t('marketDays.form.saving')
          : series
            ? t('marketDays.form.save')
            : t('marketDays.series.create', { count: planned })
      }
      cancelLabel={t('common.cancel')}
      onSubmit={submit}
    >
      {series && (
        <p className="flex gap-2 rounded-md border border-amber-500/50 bg-amber-500/10 p-3 text-sm sm:col-span-2">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{t('marketDays.series.editWarning')}</span>
        </p>
      )}
      {series ? (
        <p className="text-sm sm:col-span-2">
          <span className="font-medium">{t('marketDays.field.location')}: </span>
          <bdi>{language === 'ar' ? series.locationNameAr : series.locationNameEn}</bdi>
        </p>
      ) : (
        <LocationField value={form.locationId} onChange={(locationId) => set({ locationId })} error={err('locationId')} />
      )}
      <FormField label={t('marketDays.field.weekday')} error={err('weekday')}>
        {(p) => (
          <select {...p} className={fieldClass} value={form.weekday} onChange={(e) => set({ weekday: Number(e.target.value) })}>
            {Array.from({ length: 7 }, (_, i) => (first + i) % 7).map((w) => (
              <option key={w} value={w}>
                {weekdayName(w, language)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <div className="hidden sm:block" />
      <TextField
        type="date"
        label={t('marketDays.field.startDate')}
        error={err('startDate')}
        value={form.startDate}
        onValueChange={(startDate) => set({ startDate })}
      />
      <TextField
        type="date"
        label={t('marketDays.field.endDate')}
        error={err('endDate')}
        value={form.endDate}
        onValueChange={(endDate) => set({ endDate })}
      />
      <HoursFields value={form} onChange={set} error={err} />
      <div className="hidden sm:block" />
      <NotesField value={form.notes} onChange={(notes) => set({ notes })} error={err('notes')} height="h-16" />
      <section className="sm:col-span-2" aria-labelledby="skip-dates-title">
        <h3 id="skip-dates-title" className="text-sm font-medium">
          {t('marketDays.series.skipTitle')}
        </h3>
        <p className="mb-2 text-xs text-muted-foreground">{t('marketDays.series.skipHint')}</p>
        <SkipDatesPicker dates={dates} skipped={form.skipDates} onChange={(skipDates) => set({ skipDates })} />
        <p className="mt-2 text-sm" role="status">
          {t('marketDays.series.planned', { count: planned })}
        </p>
        {err('skipDates') && <p className="text-xs text-destructive">{err('skipDates')}</p>}
      </section>
      <FormAlert message={general} />
    </FormDialogForm>
  );
}
