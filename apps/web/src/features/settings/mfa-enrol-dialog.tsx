import { useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { useT } from '../../app/i18n/i18n-provider';
import { Button } from '../../components/ui/button';
import { auth } from '../../lib/supabase';
import { Field, inputClass } from './settings-field';

type Enrolment = { id: string; qr: string; secret: string };

/**
 * Two-step sign-in set-up with an authenticator app, through supabase-js (the auth service's /factors): enrol a
 * TOTP factor, scan its QR code, and verify a code, which raises the session to aal2 and lifts the policy's limit.
 */
export function MfaEnrolDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useT();
  const qc = useQueryClient();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open || enrolment) return;
    let live = true;
    void auth()
      .mfa.enroll({ factorType: 'totp' })
      .then(({ data, error: e }) => {
        if (!live) return;
        if (e || !data) setError(e?.message ?? t('settings.mfa.failed'));
        else setEnrolment({ id: data.id, qr: data.totp.qr_code, secret: data.totp.secret });
      });
    return () => {
      live = false;
    };
  }, [open, enrolment, t]);

  const verify = async (e: FormEvent) => {
    e.preventDefault();
    if (!enrolment) return;
    setBusy(true);
    const { error: e2 } = await auth().mfa.challengeAndVerify({ factorId: enrolment.id, code: code.trim() });
    setBusy(false);
    if (e2) {
      setError(e2.message);
      return;
    }
    toast.success(t('settings.mfa.done'));
    await qc.invalidateQueries();
    onOpenChange(false);
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed start-1/2 top-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-y-1/2 rounded-lg border bg-card p-6 shadow-xl ltr:-translate-x-1/2 rtl:translate-x-1/2">
          <Dialog.Title className="text-lg font-semibold">{t('settings.mfa.title')}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-muted-foreground">{t('settings.mfa.scan')}</Dialog.Description>
          {!enrolment && !error && (
            <p role="status" className="mt-4 text-sm text-muted-foreground">
              {t('settings.loading')}
            </p>
          )}
          {enrolment && (
            <form onSubmit={(e) => void verify(e)} className="mt-4 flex flex-col gap-3">
              <img src={enrolment.qr} alt={t('settings.mfa.qrAlt')} className="mx-auto size-48 rounded border bg-white p-2" />
              <p className="break-all text-center font-mono text-xs" dir="ltr">
                {enrolment.secret}
              </p>
              <Field label={t('settings.mfa.code')}>
                {(p) => (
                  <input
                    {...p}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    dir="ltr"
                    className={inputClass}
                    value={code}
                    onChange={(e) => setCode(e.target.value)}
                  />
                )}
              </Field>
              <Button type="submit" disabled={busy || code.trim().length < 6}>
                {t('settings.mfa.verify')}
              </Button>
            </form>
          )}
          {error && (
            <p role="alert" className="mt-3 text-sm text-destructive">
              {error}
            </p>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
