import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { FormDialogForm, FormField, fieldClass, TextField } from '../../components/ui/form-dialog';
import { errorMessage, fieldError } from '../../lib/api-errors';
import { useT } from '../../app/i18n/i18n-provider';
import { languageErrorWords, useCreateKey, type Language } from './languages-api';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The active languages, each offered a value. */
  languages: Language[];
  existingKeys: Set<string>;
}

/** A new key with its text in the active languages (at least one). */
export function TranslationKeyDialog({ open, onOpenChange, languages, existingKeys }: Props) {
  const t = useT();
  const create = useCreateKey();
  const [key, setKey] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [local, setLocal] = useState<Record<string, string>>({});
  // `reset` is bound to the mutation's observer and keeps one identity across renders, so listing it
  // does not make the effect run more often.
  const resetCreate = create.reset;
  useEffect(() => {
    if (!open) return;
    resetCreate();
    setKey('');
    setValues({});
    setLocal({});
    // Reset only when the dialog opens, not when the mutation changes.
  }, [open, resetCreate]);

  const submit = () => {
    const k = key.trim();
    const filled = languages.filter((l) => values[l.code]?.trim()).map((l) => ({ language: l.code, value: values[l.code]! }));
    const errors: Record<string, string> = {};
    if (!k) errors.key = t('masterData.error.required');
    else if (k.length > 300) errors.key = t('masterData.error.keyTooLong');
    else if (existingKeys.has(k)) errors.key = t('masterData.error.keyExists');
    if (!filled.length) errors.values = t('masterData.translations.valueRequired');
    setLocal(errors);
    if (Object.keys(errors).length) return;
    create.mutate(
      { key: k, values: filled },
      {
        onSuccess: () => {
          toast.success(t('masterData.translations.toast.keyAdded', { key: k }));
          onOpenChange(false);
        },
      },
    );
  };

  const words = languageErrorWords(t);
  const keyError = local.key ?? fieldError(create.error, 'key', words.field);
  const general = create.error && !keyError ? errorMessage(t, create.error, words) : null;
  return (
    <FormDialogForm
      open={open}
      onOpenChange={onOpenChange}
      title={t('masterData.translations.addKeyTitle')}
      description={t('masterData.translations.addKeyDescription')}
      wide
      pending={create.isPending}
      submitLabel={create.isPending ? t('masterData.saving') : t('masterData.save')}
      cancelLabel={t('common.cancel')}
      onSubmit={submit}
      formClassName="flex flex-col gap-3"
    >
      <FormField label={t('masterData.field.key')} hint={t('masterData.translations.keyHint')} error={keyError}>
        {(p) => (
          <input
            {...p}
            dir="ltr"
            className={`${fieldClass} font-mono`}
            value={key}
            maxLength={300}
            autoComplete="off"
            onChange={(e) => setKey(e.target.value)}
          />
        )}
      </FormField>
      {languages.map((l) => (
        <TextField
          key={l.code}
          label={t('masterData.translations.valueIn', { language: l.name })}
          dir={l.textDirection}
          lang={l.code}
          maxLength={10000}
          value={values[l.code] ?? ''}
          onValueChange={(v) => setValues({ ...values, [l.code]: v })}
        />
      ))}
      {local.values && <p className="text-sm text-destructive">{local.values}</p>}
      {general && (
        <p role="alert" className="text-sm text-destructive">
          {general}
        </p>
      )}
    </FormDialogForm>
  );
}
