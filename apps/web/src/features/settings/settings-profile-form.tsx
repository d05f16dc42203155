import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { useT } from '../../app/i18n/i18n-provider';
import { Button } from '../../components/ui/button';
import { useSaveProfile, type Settings } from './settings-api';
import { Field, fieldErrorOf, FormError, inputClass, optional } from './settings-field';

const formOf = (s: Settings) => ({
  name: s.profile.name,
  logoUrl: s.profile.logoUrl ?? '',
  address: s.profile.address ?? '',
  contactEmail: s.profile.contactEmail ?? '',
  contactPhone: s.profile.contactPhone ?? '',
  timeZone: s.profile.timeZone,
  currency: s.profile.currency,
  defaultLanguage: s.profile.defaultLanguage ?? '',
});

export function SettingsProfileForm({ settings }: { settings: Settings }) {
  const t = useT();
  const save = useSaveProfile();
  const [form, setForm] = useState(() => formOf(settings));
  useEffect(() => setForm(formOf(settings)), [settings]);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const err = (f: string) => fieldErrorOf(save.error, f);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      {
        name: form.name,
        logoUrl: optional(form.logoUrl),
        address: optional(form.address),
        contactEmail: optional(form.contactEmail),
        contactPhone: optional(form.contactPhone),
        timeZone: form.timeZone.trim(),
        currency: form.currency.trim().toUpperCase(),
        defaultLanguage: optional(form.defaultLanguage),
      },
      { onSuccess: () => toast.success(t('settings.saved')) },
    );
  };
  return (
    <form onSubmit={submit} className="grid max-w-3xl gap-4 md:grid-cols-2" data-testid="settings-profile-form" noValidate>
      <Field label={t('settings.profile.name')} error={err('name')}>
        {(p) => <input {...p} className={inputClass} value={form.name} onChange={set('name')} />}
      </Field>
      <Field label={t('settings.profile.logoUrl')} hint={t('settings.profile.logoHint')} error={err('logoUrl')}>
        {(p) => (
          <div className="flex items-center gap-2">
            <input {...p} className={inputClass} value={form.logoUrl} onChange={set('logoUrl')} dir="ltr" />
            {settings.profile.logoUrl && (
              <img
                src={settings.profile.logoUrl}
                alt={t('settings.profile.logoAlt')}
                className="size-9 shrink-0 rounded border object-contain"
              />
            )}
          </div>
        )}
      </Field>
      <div className="md:col-span-2">
        <Field label={t('settings.profile.address')} error={err('address')}>
          {(p) => <textarea {...p} className={`${inputClass} h-20 py-2`} value={form.address} onChange={set('address')} />}
        </Field>
      </div>
      <Field label={t('settings.profile.contactEmail')} error={err('contactEmail')}>
        {(p) => <input {...p} type="email" dir="ltr" className={inputClass} value={form.contactEmail} onChange={set('contactEmail')} />}
      </Field>
      <Field label={t('settings.profile.contactPhone')} error={err('contactPhone')}>
        {(p) => <input {...p} type="tel" dir="ltr" className={inputClass} value={form.contactPhone} onChange={set('contactPhone')} />}
      </Field>
      <Field label={t('settings.profile.timeZone')} hint={t('settings.profile.timeZoneHint')} error={err('timeZone')}>
        {(p) => (
          <input {...p} dir="ltr" className={inputClass} value={form.timeZone} onChange={set('timeZone')} list="settings-time-zones" />
        )}
      </Field>
      <datalist id="settings-time-zones">
        {(Intl.supportedValuesOf?.('timeZone') ?? []).map((z) => (
          <option key={z} value={z} />
        ))}
      </datalist>
      <Field label={t('settings.profile.currency')} hint={t('settings.profile.currencyWarning')} error={err('currency')}>
        {(p) => <input {...p} dir="ltr" maxLength={3} className={inputClass} value={form.currency} onChange={set('currency')} />}
      </Field>
      <Field label={t('settings.profile.defaultLanguage')} error={err('defaultLanguage')}>
        {(p) => (
          <select {...p} className={inputClass} value={form.defaultLanguage} onChange={set('defaultLanguage')}>
            <option value="">{t('settings.profile.noLanguage')}</option>
            {settings.languages.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="flex flex-col gap-2 md:col-span-2">
        <FormError error={save.error} fallback={t('settings.saveFailed')} />
        <div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t('settings.saving') : t('settings.save')}
          </Button>
        </div>
      </div>
    </form>
  );
}
