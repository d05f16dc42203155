import {
  APPLICATION_EMAIL_TEMPLATE_KEYS,
  APPLICATION_RECEIPT_PLACEHOLDERS,
  APPLICATION_RECEIPT_TEMPLATE_KEYS,
  type ApplicationEmailTemplateKey,
  type ApplicationLocale,
} from '@market/contracts/plain';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog, FormField, fieldClass } from '../../../components/ui/form-dialog';
import { ListState } from '../../../components/ui/list-state';
import { errorMessage, fieldError, hasFieldErrors } from '../../../lib/api-errors';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { useEmailTemplates, useTemplateWrite } from '../applications-api';

/** The wording of the e-mails applicants receive, per template and language; saved or reset one at a time. */
export function EmailTemplatesEditor() {
  const { t, language } = useI18n();
  const id = useId();
  const list = useEmailTemplates(true);
  const write = useTemplateWrite();
  const [key, setKey] = useState<ApplicationEmailTemplateKey>('received');
  const [locale, setLocale] = useState<ApplicationLocale>(language === 'ar' ? 'ar' : 'en');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  // The version the fields were filled from (null: the built-in wording); the save names it.
  const [loadedAt, setLoadedAt] = useState<string | null>(null);
  const [resetting, setResetting] = useState(false);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const current = list.data?.items.find((i) => i.key === key && i.locale === locale);

  // Choosing another template or language (or a fresh answer from the server) loads its wording.
  useEffect(() => {
    if (!current) return;
    setSubject(current.subject);
    setBody(current.body);
    setLoadedAt(current.updatedAt);
  }, [current]);
  const resetWrite = write.reset;
  useEffect(() => resetWrite(), [key, locale, resetWrite]);

  if (!list.data) {
    return (
      <ListState
        loading={list.isPending}
        error={list.error}
        empty={false}
        loadingLabel={t('common.loading')}
        errorLabel={t('review.templates.loadFailed')}
        retryLabel={t('common.tryAgain')}
        onRetry={() => void list.refetch()}
        emptyContent={null}
      />
    );
  }
  const dirty = !!current && (subject !== current.subject || body !== current.body);
  const insert = (name: string) => {
    const el = bodyRef.current;
    const token = `{${name}}`;
    const start = el?.selectionStart ?? body.length;
    const end = el?.selectionEnd ?? body.length;
    setBody(body.slice(0, start) + token + body.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + token.length, start + token.length);
    });
  };
  const save = () =>
    write.mutate(
      { key, locale, body: { subject, body, expectedUpdatedAt: loadedAt } },
      { onSuccess: () => toast.success(t('review.templates.saved')) },
    );
  const generalError = write.error && !hasFieldErrors(write.error, ['subject', 'body']) ? errorMessage(t, write.error) : null;

  return (
    <section className="flex flex-col gap-3" aria-labelledby={`${id}-title`} data-testid="email-templates">
      <h3 id={`${id}-title`} className="font-semibold">
        {t('review.templates.title')}
      </h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label={t('review.templates.template')}>
          {(p) => (
            <select {...p} className={fieldClass} value={key} onChange={(e) => setKey(e.target.value as ApplicationEmailTemplateKey)}>
              {APPLICATION_EMAIL_TEMPLATE_KEYS.map((k) => (
                <option key={k} value={k}>
                  {t(`review.templates.key.${k}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={t('review.templates.language')}>
          {(p) => (
            <select {...p} className={fieldClass} value={locale} onChange={(e) => setLocale(e.target.value as ApplicationLocale)}>
              <option value="en">{t('review.locale.en')}</option>
              <option value="ar">{t('review.locale.ar')}</option>
            </select>
          )}
        </FormField>
      </div>
      <p className="text-xs text-muted-foreground">
        {current?.customized ? t('review.templates.customized') : t('review.templates.builtIn')}
      </p>
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <FormField label={`${t('review.templates.subject')} *`} error={fieldError(write.error, 'subject')}>
          {(p) => (
            <input
              {...p}
              dir={locale === 'ar' ? 'rtl' : 'ltr'}
              className={fieldClass}
              maxLength={300}
              value={subject}
              onChange={(e) => setSubject(e.target.value)}
            />
          )}
        </FormField>
        <FormField label={`${t('review.templates.body')} *`} error={fieldError(write.error, 'body')}>
          {(p) => (
            <textarea
              {...p}
              ref={bodyRef}
              dir={locale === 'ar' ? 'rtl' : 'ltr'}
              className={`${fieldClass} h-56 py-2 font-mono text-xs`}
              maxLength={10000}
              value={body}
              onChange={(e) => setBody(e.target.value)}
            />
          )}
        </FormField>
        <div className="flex flex-col gap-1">
          <p className="text-xs font-medium text-muted-foreground">{t('review.templates.placeholders')}</p>
          <ul className="flex flex-wrap gap-1">
            {/* A receipt goes to an address nobody has confirmed: the server refuses the submitter's text in it. */}
            {(APPLICATION_RECEIPT_TEMPLATE_KEYS.includes(key) ? [...APPLICATION_RECEIPT_PLACEHOLDERS] : list.data.placeholders).map(
              (name) => (
                <li key={name}>
                  <button
                    type="button"
                    className="rounded border bg-muted px-1.5 py-0.5 font-mono text-xs hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
                    dir="ltr"
                    onClick={() => insert(name)}
                    title={t('review.templates.insert')}
                  >
                    {`{${name}}`}
                  </button>
                </li>
              ),
            )}
          </ul>
        </div>
        {generalError && (
          <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-2 text-sm text-destructive">
            {generalError}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" disabled={!current?.customized || write.isPending} onClick={() => setResetting(true)}>
            {t('review.templates.reset')}
          </Button>
          <Button type="submit" disabled={!dirty || write.isPending}>
            {t('review.templates.save')}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={resetting}
        onOpenChange={setResetting}
        title={t('review.templates.resetTitle')}
        message={t('review.templates.resetConfirm')}
        confirmLabel={t('review.templates.reset')}
        cancelLabel={t('common.cancel')}
        pending={write.isPending}
        error={write.error ? errorMessage(t, write.error) : null}
        onConfirm={() =>
          write.mutate(
            { key, locale, body: null },
            {
              onSuccess: () => {
                setResetting(false);
                toast.success(t('review.templates.wasReset'));
              },
            },
          )
        }
      />
    </section>
  );
}
