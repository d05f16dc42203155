import { EMAIL_TEST_TEMPLATES, emailRoutes, type EmailTestTemplate } from '@market/contracts/plain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { cloneElement, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { api } from '../../lib/api';
import { errorMessage, fieldError, hasFieldErrors } from '../../lib/api-errors';
import { useHasPermission, useMe } from '../../app/session/use-me';
import { useAuth } from '../../app/session/auth-provider';
import { inputClass } from '../auth';
import { useT } from '../../app/i18n/i18n-provider';
import { EmailOutboxSection } from './email-outbox-section';
import { landingPath } from '../vendor-portal';

/** Send a test e-mail and follow its delivery status in the outbox. */
export default function EmailTestPage() {
  const t = useT();
  const { session, loading } = useAuth();
  const me = useMe();
  const can = useHasPermission();
  const [form, setForm] = useState({ to: '', template: 'plain' as EmailTestTemplate, subject: '', message: '' });
  const [sentId, setSentId] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: () =>
      api(emailRoutes.sendTestEmail, {
        body:
          form.template === 'plain'
            ? { to: form.to, subject: form.subject, message: form.message }
            : { to: form.to, template: form.template },
      }),
    onSuccess: (r) => setSentId(r.id),
  });
  const status = useQuery({
    queryKey: ['email-test', sentId],
    queryFn: () => api(emailRoutes.getTestEmail, { params: { id: sentId! } }),
    enabled: !!sentId,
    refetchInterval: (q) => (q.state.data && ['sent', 'failed', 'kept'].includes(q.state.data.status) ? false : 1000),
  });

  if (loading || (session && me.isPending)) return <p role="status">{t('common.loading')}</p>;
  return (
    <section className="flex max-w-xl flex-col gap-4">
      {session && (
        <Link
          className="self-start text-sm text-primary underline"
          to={landingPath(me.data?.permissions ?? [])}
          data-testid="email-test-back"
        >
          {t('emailTest.backToApp')}
        </Link>
      )}
      <h1 className="text-2xl font-semibold">{t('emailTest.title')}</h1>
      {!session && (
        <p className="rounded-md border bg-muted p-3 text-sm">
          {t('emailTest.signInRequired')}{' '}
          <Link className="text-primary underline" to="/auth" state={{ from: '/email-test' }}>
            {t('auth.signIn')}
          </Link>
        </p>
      )}
      {session && !can('settings') && <p className="rounded-md border bg-muted p-3 text-sm">{t('emailTest.needsPermission')}</p>}
      {session && can('settings') && (
        <form
          noValidate
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            setSentId(null);
            send.mutate();
          }}
        >
          <Labelled label={t('emailTest.to')} error={fieldError(send.error, 'to')}>
            <input type="email" className={inputClass} value={form.to} onChange={(e) => setForm({ ...form, to: e.target.value })} />
          </Labelled>
          <Labelled label={t('emailTest.template')}>
            <select
              className={inputClass}
              value={form.template}
              onChange={(e) => setForm({ ...form, template: e.target.value as typeof form.template })}
            >
              {EMAIL_TEST_TEMPLATES.map((tp) => (
                <option key={tp} value={tp}>
                  {t(`emailTemplate.${tp}`)}
                </option>
              ))}
            </select>
          </Labelled>
          {form.template === 'plain' && (
            <>
              <Labelled label={t('emailTest.subject')} error={fieldError(send.error, 'subject')}>
                <input className={inputClass} value={form.subject} onChange={(e) => setForm({ ...form, subject: e.target.value })} />
              </Labelled>
              <Labelled label={t('emailTest.message')} error={fieldError(send.error, 'message')}>
                <textarea
                  className={`${inputClass} h-32 py-2`}
                  value={form.message}
                  onChange={(e) => setForm({ ...form, message: e.target.value })}
                />
              </Labelled>
            </>
          )}
          {send.error && !hasFieldErrors(send.error) && (
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(t, send.error)}
            </p>
          )}
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? t('emailTest.sending') : t('emailTest.send')}
          </Button>
        </form>
      )}
      {status.data && (
        <p role="status" data-testid="email-status" className="rounded-md border p-3 text-sm">
          {t('emailTest.status')}: <strong>{t(`emailStatus.${status.data.status}`)}</strong>
          {status.data.lastError && <span className="block text-destructive">{status.data.lastError}</span>}
        </p>
      )}
      {me.data?.effectiveRole === 'super_admin' && (
        <EmailOutboxSection refreshKey={status.data ? `${status.data.id}:${status.data.status}` : null} />
      )}
    </section>
  );
}

function Labelled({
  label,
  error,
  children,
}: {
  label: string;
  error?: string;
  children: React.ReactElement<{ id?: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean }>;
}) {
  const id = useId();
  const control = cloneElement(children, {
    id,
    'aria-describedby': error ? `${id}-error` : undefined,
    'aria-invalid': error ? true : undefined,
  });
  return (
    <div className="flex flex-col gap-1 text-sm">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      {control}
      {error && (
        <span id={`${id}-error`} className="text-destructive">
          {error}
        </span>
      )}
    </div>
  );
}
