import { MFA_POLICY_ROLES, SETTINGS_LIMITS, type MfaPolicyRole } from '@market/contracts/plain';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { useT } from '../../app/i18n/i18n-provider';
import { Button } from '../../components/ui/button';
import { useSaveSecurity, type Settings } from './settings-api';
import { Field, fieldErrorOf, FormError, inputClass, numberOrNull } from './settings-field';

const formOf = (s: Settings) => ({
  minPasswordLength: String(s.security.minPasswordLength),
  mfaRequiredRoles: s.security.mfaRequiredRoles as MfaPolicyRole[],
  sessionLifetimeHours: s.security.sessionLifetimeHours === null ? '' : String(s.security.sessionLifetimeHours),
  signInMaxFailures: String(s.security.signInMaxFailures),
  signInLockMinutes: String(s.security.signInLockMinutes),
});

export function SettingsSecurityForm({ settings }: { settings: Settings }) {
  const t = useT();
  const save = useSaveSecurity();
  const [form, setForm] = useState(() => formOf(settings));
  useEffect(() => setForm(formOf(settings)), [settings]);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const err = (f: string) => fieldErrorOf(save.error, f);
  const toggle = (role: MfaPolicyRole) =>
    setForm((f) => ({
      ...f,
      mfaRequiredRoles: f.mfaRequiredRoles.includes(role) ? f.mfaRequiredRoles.filter((r) => r !== role) : [...f.mfaRequiredRoles, role],
    }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      {
        minPasswordLength: Number(form.minPasswordLength),
        mfaRequiredRoles: form.mfaRequiredRoles,
        sessionLifetimeHours: numberOrNull(form.sessionLifetimeHours),
        signInMaxFailures: Number(form.signInMaxFailures),
        signInLockMinutes: Number(form.signInLockMinutes),
      },
      { onSuccess: () => toast.success(t('settings.saved')) },
    );
  };
  const number = (k: keyof typeof form, min: number, max: number) => (p: object) => (
    <input {...p} type="number" min={min} max={max} dir="ltr" className={inputClass} value={form[k] as string} onChange={set(k)} />
  );
  return (
    <form onSubmit={submit} className="grid max-w-3xl gap-4 md:grid-cols-2" noValidate data-testid="settings-security-form">
      <Field
        label={t('settings.security.minPasswordLength')}
        hint={t('settings.security.minPasswordHint', { floor: settings.passwordFloor })}
        error={err('minPasswordLength')}
      >
        {number('minPasswordLength', settings.passwordFloor, SETTINGS_LIMITS.passwordLengthMax)}
      </Field>
      <Field label={t('settings.security.sessionLifetime')} hint={t('settings.security.sessionHint')} error={err('sessionLifetimeHours')}>
        {number('sessionLifetimeHours', SETTINGS_LIMITS.sessionHoursMin, SETTINGS_LIMITS.sessionHoursMax)}
      </Field>
      <Field label={t('settings.security.maxFailures')} error={err('signInMaxFailures')}>
        {number('signInMaxFailures', SETTINGS_LIMITS.signInFailuresMin, SETTINGS_LIMITS.signInFailuresMax)}
      </Field>
      <Field label={t('settings.security.lockMinutes')} error={err('signInLockMinutes')}>
        {number('signInLockMinutes', SETTINGS_LIMITS.lockMinutesMin, SETTINGS_LIMITS.lockMinutesMax)}
      </Field>
      <fieldset className="flex flex-col gap-2 md:col-span-2">
        <legend className="text-sm font-medium">{t('settings.security.mfaRoles')}</legend>
        <p className="text-xs text-muted-foreground">{t('settings.security.mfaHint')}</p>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {MFA_POLICY_ROLES.map((role) => (
            <label key={role} className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={form.mfaRequiredRoles.includes(role)} onChange={() => toggle(role)} />
              {t(`settings.role.${role}`)}
            </label>
          ))}
        </div>
        {err('mfaRequiredRoles') && <p className="text-xs text-destructive">{err('mfaRequiredRoles')}</p>}
      </fieldset>
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
