import { SMTP_SECURITY } from '@market/contracts/plain';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { useT } from '../../app/i18n/i18n-provider';
import { Button } from '../../components/ui/button';
import { useSaveEmail, useTestEmail, type Settings } from './settings-api';
import { Field, fieldErrorOf, FormError, inputClass, numberOrNull, optional } from './settings-field';

const formOf = (s: Settings) => ({
  smtpHost: s.email.smtpHost ?? '',
  smtpPort: s.email.smtpPort === null ? '' : String(s.email.smtpPort),
  smtpSecurity: s.email.smtpSecurity,
  smtpUser: s.email.smtpUser ?? '',
  smtpPassword: '',
  removePassword: false,
  senderName: s.email.senderName ?? '',
  senderAddress: s.email.senderAddress ?? '',
});

export function SettingsEmailForm({ settings }: { settings: Settings }) {
  const t = useT();
  const save = useSaveEmail();
  const test = useTestEmail();
  const [form, setForm] = useState(() => formOf(settings));
  const [testTo, setTestTo] = useState('');
  useEffect(() => setForm(formOf(settings)), [settings]);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const err = (f: string) => fieldErrorOf(save.error, f);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      {
        smtpHost: optional(form.smtpHost),
        smtpPort: numberOrNull(form.smtpPort),
        smtpSecurity: form.smtpSecurity,
        smtpUser: optional(form.smtpUser),
        // Write-only: left out keeps the stored password.
        ...(form.removePassword ? { smtpPassword: null } : form.smtpPassword ? { smtpPassword: form.smtpPassword } : {}),
        senderName: optional(form.senderName),
        senderAddress: optional(form.senderAddress),
      },
      { onSuccess: () => toast.success(t('settings.saved')) },
    );
  };
  const sendTest = (e: FormEvent) => {
    e.preventDefault();
    test.mutate(testTo, {
      onSuccess: (r) =>
        r.ok ? toast.success(t('settings.email.testOk')) : toast.error(t('settings.email.testFailed', { error: r.error ?? '' })),
    });
  };
  return (
    <section className="flex max-w-3xl flex-col gap-4">
      <div>
        <h2 className="text-lg font-semibold">{t('settings.email.server')}</h2>
        <p className="text-sm text-muted-foreground">{t('settings.email.serverHint')}</p>
      </div>
      <form onSubmit={submit} className="grid gap-4 md:grid-cols-3" noValidate data-testid="settings-email-form">
        <div className="md:col-span-2">
          <Field label={t('settings.email.host')} error={err('smtpHost')}>
            {(p) => <input {...p} dir="ltr" className={inputClass} value={form.smtpHost} onChange={set('smtpHost')} />}
          </Field>
        </div>
        <Field label={t('settings.email.port')} error={err('smtpPort')}>
          {(p) => <input {...p} dir="ltr" inputMode="numeric" className={inputClass} value={form.smtpPort} onChange={set('smtpPort')} />}
        </Field>
        <Field label={t('settings.email.securityLabel')} error={err('smtpSecurity')}>
          {(p) => (
            <select {...p} className={inputClass} value={form.smtpSecurity} onChange={set('smtpSecurity')}>
              {SMTP_SECURITY.map((s) => (
                <option key={s} value={s}>
                  {t(`settings.email.securityMode.${s}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('settings.email.user')} error={err('smtpUser')}>
          {(p) => <input {...p} dir="ltr" autoComplete="off" className={inputClass} value={form.smtpUser} onChange={set('smtpUser')} />}
        </Field>
        <Field
          label={t('settings.email.password')}
          hint={settings.email.passwordSet ? t('settings.email.passwordSet') : t('settings.email.passwordNotSet')}
          error={err('smtpPassword')}
        >
          {(p) => (
            <input
              {...p}
              type="password"
              autoComplete="new-password"
              className={inputClass}
              value={form.smtpPassword}
              disabled={form.removePassword}
              onChange={set('smtpPassword')}
            />
          )}
        </Field>
        {settings.email.passwordSet && (
          <label className="flex items-center gap-2 text-sm md:col-span-3">
            <input
              type="checkbox"
              checked={form.removePassword}
              onChange={(e) => setForm((f) => ({ ...f, removePassword: e.target.checked }))}
            />
            {t('settings.email.removePassword')}
          </label>
        )}
        <Field label={t('settings.email.senderName')} error={err('senderName')}>
          {(p) => <input {...p} className={inputClass} value={form.senderName} onChange={set('senderName')} />}
        </Field>
        <div className="md:col-span-2">
          <Field label={t('settings.email.senderAddress')} error={err('senderAddress')}>
            {(p) => (
              <input {...p} type="email" dir="ltr" className={inputClass} value={form.senderAddress} onChange={set('senderAddress')} />
            )}
          </Field>
        </div>
        <div className="flex flex-col gap-2 md:col-span-3">
          <FormError error={save.error} fallback={t('settings.saveFailed')} />
          <div>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? t('settings.saving') : t('settings.save')}
            </Button>
          </div>
        </div>
      </form>
      <form onSubmit={sendTest} className="flex flex-wrap items-end gap-2" noValidate>
        <div className="min-w-64 flex-1">
          <Field
            label={t('settings.email.testTo')}
            hint={t('settings.email.testHint')}
            error={fieldErrorOf(test.error, 'to') ?? fieldErrorOf(test.error, 'smtpHost')}
          >
            {(p) => (
              <input {...p} type="email" dir="ltr" className={inputClass} value={testTo} onChange={(e) => setTestTo(e.target.value)} />
            )}
          </Field>
        </div>
        <Button type="submit" variant="outline" disabled={test.isPending || !settings.email.smtpHost}>
          {t('settings.email.test')}
        </Button>
      </form>
    </section>
  );
}
