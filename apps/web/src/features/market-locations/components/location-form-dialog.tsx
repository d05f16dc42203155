import { Dialog } from 'radix-ui';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api';
import { AMENITY_VALUES } from '../../../components/geo-map';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { useSaveLocation, type Location } from '../api';
import { CoordinatesField } from './coordinates-field';
import { FormField, inputClass } from './form-field';
import { bodyOf, formOf, localErrors, type LocationForm } from './location-form-state';
import { PlanImageField } from './plan-image-field';

interface Props {
  open: boolean;
  location: Location | null;
  orgSlug: string | null;
  onOpenChange: (open: boolean) => void;
  onSaved?: (l: Location) => void;
}

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
  const serverErrors = save.error instanceof ApiError ? save.error.fields : [];
  const err = (field: string) =>
    clientErrors[field] ?? serverErrors.find((e) => e.field === field || e.field.startsWith(`${field}.`))?.message;

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
          if (!(e instanceof ApiError && e.fields.length)) toast.error(t('locations.form.saveFailed', { message: e.message }));
        },
      },
    );
  };

  const textField = (k: 'nameEn' | 'nameAr' | 'address', label: string, dir: 'ltr' | 'rtl' | 'auto') => (
    <FormField label={label} error={err(k)}>
      <input
        className={inputClass}
        value={form[k]}
        dir={dir}
        maxLength={k === 'address' ? 500 : 200}
        onChange={(e) => set(k, e.target.value)}
      />
    </FormField>
  );
  const descField = (k: 'descriptionEn' | 'descriptionAr', label: string, dir: 'ltr' | 'rtl') => (
    <FormField label={label} error={err(k)}>
      <textarea className={`${inputClass} h-20 py-2`} dir={dir} maxLength={4000} value={form[k]} onChange={(e) => set(k, e.target.value)} />
    </FormField>
  );
  const fieldErrorCount = serverErrors.length + Object.keys(clientErrors).length;

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed inset-x-2 top-2 bottom-2 z-50 mx-auto flex max-w-3xl flex-col rounded-lg border bg-card shadow-xl sm:inset-x-4 sm:top-8 sm:bottom-8">
          <div className="border-b p-4">
            <Dialog.Title className="text-lg font-semibold">
              {location ? t('locations.form.editTitle') : t('locations.form.createTitle')}
            </Dialog.Title>
            <Dialog.Description className="text-sm text-muted-foreground">{t('locations.form.description')}</Dialog.Description>
          </div>
          <form
            noValidate
            id="location-form"
            className="flex flex-1 flex-col gap-4 overflow-y-auto p-4"
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <div className="grid gap-3 sm:grid-cols-2">
              {textField('nameEn', t('locations.form.nameEn'), 'ltr')}
              {textField('nameAr', t('locations.form.nameAr'), 'rtl')}
            </div>
            {textField('address', t('locations.form.address'), 'auto')}
            <div className="grid gap-3 sm:grid-cols-2">
              {descField('descriptionEn', t('locations.form.descriptionEn'), 'ltr')}
              {descField('descriptionAr', t('locations.form.descriptionAr'), 'rtl')}
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
                {AMENITY_VALUES.map((a) => (
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
                <select
                  className={inputClass}
                  value={form.status}
                  onChange={(e) => set('status', e.target.value as LocationForm['status'])}
                >
                  <option value="active">{t('locations.status.active')}</option>
                  <option value="inactive">{t('locations.status.inactive')}</option>
                </select>
              </FormField>
            </div>
            <fieldset className="flex flex-col gap-2">
              <legend className="text-sm font-medium">{t('locations.form.planSize')}</legend>
              <div className="grid grid-cols-2 gap-3">
                {(['planWidthM', 'planDepthM'] as const).map((k) => (
                  <FormField
                    key={k}
                    label={k === 'planWidthM' ? t('locations.form.planWidth') : t('locations.form.planDepth')}
                    error={err(k)}
                  >
                    <input
                      className={inputClass}
                      type="number"
                      inputMode="decimal"
                      min={5}
                      max={2000}
                      step="any"
                      dir="ltr"
                      value={form[k]}
                      onChange={(e) => set(k, e.target.value)}
                    />
                  </FormField>
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
          <div className="flex flex-wrap items-center justify-end gap-2 border-t p-4">
            {fieldErrorCount > 0 && (
              <p role="alert" className="w-full text-sm text-destructive sm:me-auto sm:w-auto">
                {t('locations.form.fixErrors')}
              </p>
            )}
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {t('locations.form.cancel')}
            </Button>
            <Button type="submit" form="location-form" disabled={save.isPending || uploading}>
              {save.isPending ? t('locations.form.saving') : t('locations.form.save')}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
