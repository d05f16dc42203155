import { useState, type FormEvent } from 'react';
import { useI18n } from '../../app/i18n/i18n-provider';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/form-dialog';

/** Keys made under Integrations: `mbo_live_<prefix>_<secret>` (decision 023). */
const API_KEY = /^mbo_live_\S+$/;
const shownPrefix = (key: string) => key.split('_').slice(0, 3).join('_');

/**
 * Who try-it requests go as: the signed-in session (the default), or an API key pasted here. The key lives in the
 * page's state only: it is never stored, and leaving the page forgets it.
 */
export function ApiDocsCredentials({ apiKey, onApiKey }: { apiKey: string | null; onApiKey: (key: string | null) => void }) {
  const { t } = useI18n();
  const [mode, setMode] = useState<'session' | 'apiKey'>(apiKey ? 'apiKey' : 'session');
  const [draft, setDraft] = useState(apiKey ?? '');
  const [error, setError] = useState<string | undefined>();
  const choose = (next: 'session' | 'apiKey') => {
    setMode(next);
    if (next === 'session') onApiKey(null);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const key = draft.trim();
    if (!API_KEY.test(key)) return setError(t('apiDocs.credentials.apiKeyInvalid'));
    setError(undefined);
    onApiKey(key);
  };
  return (
    <div className="flex flex-col gap-3 rounded-md border bg-card p-4 text-sm">
      <fieldset className="flex flex-col gap-1">
        <legend className="font-medium">{t('apiDocs.credentials.title')}</legend>
        <div className="flex flex-wrap gap-4 pt-1">
          {(['session', 'apiKey'] as const).map((m) => (
            <label key={m} className="flex items-center gap-2">
              <input type="radio" name="api-docs-credential" value={m} checked={mode === m} onChange={() => choose(m)} />
              {t(`apiDocs.credentials.${m}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {mode === 'session' ? (
        <p className="text-muted-foreground">{t('apiDocs.credentials.sessionHint')}</p>
      ) : (
        <form className="flex flex-wrap items-end gap-2" onSubmit={submit}>
          <TextField
            className="min-w-64 flex-1"
            label={t('apiDocs.credentials.apiKeyLabel')}
            hint={t('apiDocs.credentials.apiKeyHint')}
            error={error}
            type="password"
            autoComplete="off"
            spellCheck={false}
            dir="ltr"
            value={draft}
            onValueChange={setDraft}
          />
          <Button type="submit" variant="outline">
            {t('apiDocs.credentials.use')}
          </Button>
          {apiKey && (
            <p role="status" className="basis-full text-muted-foreground">
              {t('apiDocs.credentials.inUse', { prefix: shownPrefix(apiKey) })}
            </p>
          )}
        </form>
      )}
    </div>
  );
}
