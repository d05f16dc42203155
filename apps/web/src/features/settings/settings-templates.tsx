import {
  SETTINGS_EMAIL_LANGUAGES,
  SETTINGS_EMAIL_TEMPLATES,
  type SettingsEmailLanguage,
  type SettingsEmailTemplate,
} from '@market/contracts/plain';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { useT } from '../../app/i18n/i18n-provider';
import { Button } from '../../components/ui/button';
import { ListState } from '../../components/ui/list-state';
import { usePreviewTemplate, useSaveTemplate, useTemplates } from './settings-api';
import { Field, fieldErrorOf, FormError, inputClass } from './settings-field';

const TEMPLATE_LABEL: Record<SettingsEmailTemplate, string> = {
  welcome: 'settings.templates.welcome',
  'confirmation-preview': 'settings.templates.confirmationPreview',
};

/** The rewordable e-mail templates: pick one and a language, edit, preview, save or go back to the shipped text. */
export function SettingsTemplates() {
  const t = useT();
  const list = useTemplates();
  const save = useSaveTemplate();
  const preview = usePreviewTemplate();
  const [template, setTemplate] = useState<SettingsEmailTemplate>('welcome');
  const [language, setLanguage] = useState<SettingsEmailLanguage>('en');
  const item = list.data?.items.find((i) => i.template === template && i.language === language);
  const [text, setText] = useState({ subject: '', body: '' });
  useEffect(() => {
    if (item) setText(item.override ?? item.shipped);
    preview.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset the preview when the template or its saved text changes
  }, [item]);
  const key = { template, language };
  return (
    <section className="flex max-w-3xl flex-col gap-3">
      <div>
        <h2 className="text-lg font-semibold">{t('settings.templates.title')}</h2>
        <p className="text-sm text-muted-foreground">{t('settings.templates.hint')}</p>
      </div>
      <ListState
        loading={list.isPending}
        error={list.error}
        empty={false}
        loadingLabel={t('settings.loading')}
        errorLabel={t('settings.templates.loadFailed')}
        retryLabel={t('settings.retry')}
        onRetry={() => void list.refetch()}
        emptyContent={null}
      />
      {item && (
        <>
          <div className="grid gap-3 md:grid-cols-2">
            <Field label={t('settings.templates.template')}>
              {(p) => (
                <select
                  {...p}
                  className={inputClass}
                  value={template}
                  onChange={(e) => setTemplate(e.target.value as SettingsEmailTemplate)}
                >
                  {SETTINGS_EMAIL_TEMPLATES.map((k) => (
                    <option key={k} value={k}>
                      {t(TEMPLATE_LABEL[k])}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label={t('settings.templates.language')}>
              {(p) => (
                <select
                  {...p}
                  className={inputClass}
                  value={language}
                  onChange={(e) => setLanguage(e.target.value as SettingsEmailLanguage)}
                >
                  {SETTINGS_EMAIL_LANGUAGES.map((l) => (
                    <option key={l} value={l}>
                      {t(`settings.templates.${l}`)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
          <p className="text-xs text-muted-foreground">{item.override ? t('settings.templates.own') : t('settings.templates.shipped')}</p>
          <Field label={t('settings.templates.subject')} error={fieldErrorOf(save.error, 'subject')}>
            {(p) => (
              <input
                {...p}
                dir={language === 'ar' ? 'rtl' : 'ltr'}
                className={inputClass}
                value={text.subject}
                onChange={(e) => setText((x) => ({ ...x, subject: e.target.value }))}
              />
            )}
          </Field>
          <Field label={t('settings.templates.body')} error={fieldErrorOf(save.error, 'body')}>
            {(p) => (
              <textarea
                {...p}
                dir={language === 'ar' ? 'rtl' : 'ltr'}
                className={`${inputClass} h-40 py-2`}
                value={text.body}
                onChange={(e) => setText((x) => ({ ...x, body: e.target.value }))}
              />
            )}
          </Field>
          <FormError error={save.error ?? preview.error} fallback={t('settings.saveFailed')} />
          <div className="flex flex-wrap gap-2">
            <Button
              onClick={() => save.mutate({ key, text }, { onSuccess: () => toast.success(t('settings.saved')) })}
              disabled={save.isPending}
            >
              {t('settings.save')}
            </Button>
            <Button variant="outline" onClick={() => preview.mutate({ key, text })} disabled={preview.isPending}>
              {t('settings.templates.preview')}
            </Button>
            {item.override && (
              <Button variant="outline" onClick={() => save.mutate({ key, text: null })} disabled={save.isPending}>
                {t('settings.templates.reset')}
              </Button>
            )}
          </div>
          {preview.data && (
            <div className="flex flex-col gap-2 rounded-md border p-3">
              <h3 className="text-sm font-medium">{t('settings.templates.previewTitle')}</h3>
              <p className="text-sm font-semibold" dir={language === 'ar' ? 'rtl' : 'ltr'}>
                {preview.data.subject}
              </p>
              {/* The HTML part in a sandboxed frame: no scripts, no navigation of the app. */}
              <iframe
                title={t('settings.templates.previewTitle')}
                sandbox=""
                srcDoc={preview.data.html}
                className="h-56 w-full rounded border bg-white"
              />
            </div>
          )}
        </>
      )}
    </section>
  );
}
