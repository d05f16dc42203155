import { API_KEY_LIMITS, API_KEY_PERMISSIONS, type ApiKeyAccess } from '@market/contracts/plain';
import { useEffect, useState } from 'react';
import { FormField, FormDialogForm, TextField, fieldClass } from '../../components/ui/form-dialog';
import { useI18n } from '../../app/i18n/i18n-provider';
import { useMe } from '../../app/session/use-me';
import { errorMessage, isFieldPath } from '../../lib/api-errors';
import { ApiError } from '../../lib/api';
import { useCreateApiKey, type ApiKeyScope } from './use-api-keys';

type Level = ApiKeyAccess | 'none';

/** The next day starts at local midnight; a key made to expire "on" a day stops at the end of it. */
const endOfDay = (day: string) => new Date(`${day}T23:59:59`);
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** A new key: its name, a read or write level per permission the user holds, and an optional last day. */
export function ApiKeyCreateDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (secret: string) => void;
}) {
  const { t } = useI18n();
  const me = useMe();
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [levels, setLevels] = useState<Record<string, Level>>({});
  const [expiry, setExpiry] = useState('');
  const [checked, setChecked] = useState(false);
  const reset = create.reset;
  useEffect(() => {
    if (!open) return;
    setName('');
    setLevels({});
    setExpiry('');
    setChecked(false);
    reset();
  }, [open, reset]);

  const held = API_KEY_PERMISSIONS.filter((p) => me.data?.permissions.includes(p));
  const scopes: ApiKeyScope[] = held.flatMap((p) => {
    const level = levels[p] ?? 'none';
    return level === 'none' ? [] : [{ permission: p, access: level }];
  });
  const serverField = (field: string) =>
    create.error instanceof ApiError ? create.error.fields.find((f) => isFieldPath(f.field, field))?.message : undefined;
  const nameError = checked && !name.trim() ? t('integrations.apiKeys.form.nameRequired') : serverField('name');
  const scopesError = checked && scopes.length === 0 ? t('integrations.apiKeys.form.scopesRequired') : serverField('scopes');
  const expiryError = checked && expiry && expiry <= today() ? t('integrations.apiKeys.form.expiryPast') : serverField('expiresAt');

  const submit = () => {
    setChecked(true);
    if (!name.trim() || scopes.length === 0 || (expiry && expiry <= today())) return;
    create.mutate(
      { name: name.trim(), scopes, expiresAt: expiry ? endOfDay(expiry).toISOString() : null },
      { onSuccess: (r) => onCreated(r.secret) },
    );
  };
  const otherError =
    create.error && !(create.error instanceof ApiError && create.error.fields.length) ? errorMessage(t, create.error) : null;

  return (
    <FormDialogForm
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={t('integrations.apiKeys.form.title')}
      description={t('integrations.apiKeys.form.description')}
      wide
      pending={create.isPending}
      submitLabel={create.isPending ? t('integrations.apiKeys.form.saving') : t('integrations.apiKeys.form.submit')}
      cancelLabel={t('common.cancel')}
      onSubmit={submit}
      formClassName="flex flex-col gap-4"
      testId="api-key-form"
    >
      <TextField
        label={t('integrations.apiKeys.form.name')}
        hint={t('integrations.apiKeys.form.nameHint')}
        error={nameError}
        value={name}
        onValueChange={setName}
        maxLength={API_KEY_LIMITS.name}
        autoComplete="off"
      />
      <fieldset className="flex flex-col gap-2 text-sm" aria-describedby="api-key-scopes-hint">
        <legend className="mb-1 font-medium">{t('integrations.apiKeys.form.scopes')}</legend>
        <p id="api-key-scopes-hint" className="text-xs text-muted-foreground">
          {t('integrations.apiKeys.form.scopesHint')}
        </p>
        <div className="grid gap-2 sm:grid-cols-2">
          {held.map((p) => (
            <FormField key={p} label={t(`permission.${p}`)}>
              {(props) => (
                <select
                  {...props}
                  className={fieldClass}
                  value={levels[p] ?? 'none'}
                  onChange={(e) => setLevels((l) => ({ ...l, [p]: e.target.value as Level }))}
                >
                  <option value="none">{t('integrations.apiKeys.access.none')}</option>
                  <option value="read">{t('integrations.apiKeys.access.read')}</option>
                  <option value="write">{t('integrations.apiKeys.access.write')}</option>
                </select>
              )}
            </FormField>
          ))}
        </div>
        {scopesError && (
          <span role="alert" className="text-xs text-destructive">
            {scopesError}
          </span>
        )}
      </fieldset>
      <FormField label={t('integrations.apiKeys.form.expiry')} hint={t('integrations.apiKeys.form.expiryHint')} error={expiryError}>
        {(props) => (
          <input {...props} type="date" className={fieldClass} min={today()} value={expiry} onChange={(e) => setExpiry(e.target.value)} />
        )}
      </FormField>
      {otherError && (
        <p role="alert" className="text-sm text-destructive">
          {otherError}
        </p>
      )}
    </FormDialogForm>
  );
}
