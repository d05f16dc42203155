import { LOCATION_AMENITIES, LOCATION_STATUS_VALUES, PLAN_MAX_M, PLAN_MIN_M } from '@market/contracts/plain';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { FormDialog, FormField, SubmitFooter, TextField, fieldClass } from '../../../components/ui/form-dialog';
import { errorMessage, fieldError, hasFieldErrors } from '../../../lib/api-errors';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { useSaveLocation, type Location } from '../api';
import { CoordinatesField } from './coordinates-field';
import { bodyOf, formOf, localErrors, type LocationForm } from './location-form-state';
import { PlanImageField } from './plan-image-field';

interface Props {
  open: boolean;
  location: Location | null;
  orgSlug: string | null;
  onOpenChange: (open: boolean) => void;
  onSaved?: (l: Location) => void;
}

const FORM_ID = 'location-form';

/** Create or edit a location: names, address, point on the map, amenities, visibility, plan size and image. */
export function LocationFormDialog({ open, location, orgSlug, onOpenChange, onSaved }: Props) {
  const { t } = useI18n();
  const [form, setForm] = useState<LocationForm>(() => formOf(location));
  const [uploading, setUploading] = useState(false);
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const save = useSaveLocation();

  // Each opening starts from the location as saved, without the errors of an earlier attempt.
  const { reset } = save;
  useEffect(() => {
    if (!open) return;
    setForm(formOf(location));
    setClientErrors({});
    reset();
  }, [open, location, reset]);

  const set = <K extends keyof LocationForm>(k: K, v: LocationForm[K]) => setForm((f) => ({ ...f, [k]: v }));
  const err = (field: string) => clientErrors[field] ?? fieldError(save.error, field);

  const submit = () => {
    const local = localErrors(form, t('locations.form.notANumber'));
    setClientErrors(local);
    if (Object.keys(local).length) return;
    save.mutate(
      { id: location?.id ?? null, body: bodyOf(form), expectedUpdatedAt: location?.updatedAt },
      {
        onSuccess: (saved) => {
          toast.success(location ? t('locations.form.updated') : t('locations.form.created'));
          onOpenChange(false);
          onSaved?.(saved);
        },
        onError: (e) => {
          if (!hasFieldErrors(e)) toast.error(t('locations.form.saveFailed', { message: errorMessage(t, e) }));
        },
      },
    );
  };

  const textField = (k: 'nameEn' | 'nameAr' | 'address', dir: 'ltr' | 'rtl' | 'auto') => (
    <TextField
      label={t(`locations.form.${k}`)}
      error={err(k)}
      dir={dir}
      maxLength={k === 'address' ? 500 : 200}
      value={form[k]}
      onValueChange={(v) => set(k, v)}
    />
  );
  const descField = (k: 'descriptionEn' | 'descriptionAr', dir: 'ltr' | 'rtl') => (
    <FormField label={t(`locations.form.${k}`)} error={err(k)}>
      {(p) => (
        <textarea
          {...p}
          className={`${fieldClass} h-20 py-2`}
          dir={dir}
          maxLength={4000}
          value={form[k]}
          onChange={(e) => set(k, e.target.value)}
        />
      )}
    </FormField>
  );
  const hasErrors = hasFieldErrors(save.error) || Object.keys(clientErrors).length > 0;

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={location ? t('locations.form.editTitle') : t('locations.form.createTitle')}
      description={t('locations.form.description')}
      wide
      footer={
        <>
          {hasErrors && (
            <p role="alert" className="w-full self-center text-sm text-destructive sm:me-auto sm:w-auto">
              {t('locations.form.fixErrors')}
            </p>
          )}
          <SubmitFooter
            formId={FORM_ID}
            pending={save.isPending || uploading}
            cancelLabel={t('locations.form.cancel')}
            onCancel={() => onOpenChange(false)}
          >
            {save.isPending ? t('locations.form.saving') : t('locations.form.save')}
          </SubmitFooter>
        </>
      }
    >
      <form
        noValidate
        id={FORM_ID}
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div className="grid gap-3 sm:grid-cols-2">
          {textField('nameEn', 'ltr')}
          {textField('nameAr', 'rtl')}
        </div>
        {textField('address', 'auto')}
        <div className="grid gap-3 sm:grid-cols-2">
          {descField('descriptionEn', 'ltr')}
          {descField('descriptionAr', 'rtl')}
        </div>
        <CoordinatesField
          latitude={form.latitude}
          longitude={form.longitude}
          errors={{ latitude: err('latitude'), longitude: err('longitude') }}
          onChange={(v) => setForm((f) => ({ ...f, ...v }))}
        />
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-medium">{t('locations.form.amenities')}</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {LOCATION_AMENITIES.map((a) => (
              <label key={a} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={form.amenities.includes(a)}
                  onChange={(e) => set('amenities', e.target.checked ? [...form.amenities, a] : form.amenities.filter((x) => x !== a))}
                />
                {t(`locations.amenity.${a}`)}
              </label>
            ))}
          </div>
          {err('amenities') && <p className="text-xs text-destructive">{err('amenities')}</p>}
        </fieldset>
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="flex items-center gap-2 self-end pb-2 text-sm font-medium">
            <input type="checkbox" className="size-4" checked={form.isPublic} onChange={(e) => set('isPublic', e.target.checked)} />
            {t('locations.form.isPublic')}
          </label>
          <FormField label={t('locations.form.status')} error={err('status')}>
            {(p) => (
              <select
                {...p}
                className={fieldClass}
                value={form.status}
                onChange={(e) => set('status', e.target.value as LocationForm['status'])}
              >
                {LOCATION_STATUS_VALUES.map((s) => (
                  <option key={s} value={s}>
                    {t(`locations.status.${s}`)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-medium">{t('locations.form.planSize')}</legend>
          <div className="grid grid-cols-2 gap-3">
            {(['planWidthM', 'planDepthM'] as const).map((k) => (
              <TextField
                key={k}
                label={k === 'planWidthM' ? t('locations.form.planWidth') : t('locations.form.planDepth')}
                error={err(k)}
                type="number"
                inputMode="decimal"
                min={PLAN_MIN_M}
                max={PLAN_MAX_M}
                step="any"
                dir="ltr"
                value={form[k]}
                onValueChange={(v) => set(k, v)}
              />
            ))}
          </div>
        </fieldset>
        <PlanImageField
          orgSlug={orgSlug}
          previewUrl={form.planImageUrl}
          error={err('planImagePath')}
          onBusyChange={setUploading}
          onChange={(v) => setForm((f) => ({ ...f, planImagePath: v?.path ?? null, planImageUrl: v?.url ?? null }))}
        />
      </form>
    </FormDialog>
  );
}
