import { useState } from 'react';
import { toast } from 'sonner';
import { LANGUAGE_CODE_PATTERN, TEXT_DIRECTIONS, type TextDirection } from '@market/contracts/plain';
import { FormDialogForm, FormField, fieldClass, TextField } from '../../components/ui/form-dialog';
import { errorMessage, fieldError, hasFieldErrors } from '../../lib/api-errors';
import { useT } from '../../app/i18n/i18n-provider';
import { languageErrorWords, useCreateLanguage, useUpdateLanguage, type Language } from './languages-api';
import { useDialogSave } from '../../lib/use-dialog-save';

/** Adds a language (code fixed from then on) or changes its names and direction. */
export function LanguageFormDialog({
  open,
  onOpenChange,
  language,
  nextSortOrder,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  language: Language | null;
  nextSortOrder: number;
}) {
  const t = useT();
  const create = useCreateLanguage();
  const update = useUpdateLanguage();
  const [form, setForm] = useState({ code: '', name: '', nativeName: '', textDirection: 'ltr' as TextDirection });
  const [local, setLocal] = useState<Record<string, string>>({});
  const save = useDialogSave(open, language, create, update, (language) => {
    setLocal({});
    setForm(
      language
        ? { code: language.code, name: language.name, nativeName: language.nativeName, textDirection: language.textDirection }
        : { code: '', name: '', nativeName: '', textDirection: 'ltr' },
    );
  });

  const words = languageErrorWords(t);
  const err = (f: string) => local[f] ?? fieldError(save.error, f, words.field);
  const general = save.error && !hasFieldErrors(save.error) ? errorMessage(t, save.error, words) : null;

  const submit = () => {
    // The server's rules, checked first so the messages are in the reader's language.
    const errors: Record<string, string> = {};
    if (!language && !LANGUAGE_CODE_PATTERN.test(form.code.trim())) errors.code = t('masterData.error.codeInvalid');
    if (!form.name.trim()) errors.name = t('masterData.error.required');
    if (!form.nativeName.trim()) errors.nativeName = t('masterData.error.required');
    setLocal(errors);
    if (Object.keys(errors).length) return;
    const names = { name: form.name.trim(), nativeName: form.nativeName.trim(), textDirection: form.textDirection };
    const done = () => {
      toast.success(
        language
          ? t('masterData.languages.toast.updated', { name: names.name })
          : t('masterData.languages.toast.created', { name: names.name }),
      );
      onOpenChange(false);
    };
    // Only what changed: an unchanged shipped language then keeps following the shipped values.
    const changed = language ? Object.fromEntries(Object.entries(names).filter(([k, v]) => language[k as keyof typeof names] !== v)) : {};
    if (language && !Object.keys(changed).length) done();
    else if (language) update.mutate({ id: language.id, body: changed, expectedUpdatedAt: language.updatedAt }, { onSuccess: done });
    else create.mutate({ ...names, code: form.code.trim(), isActive: true, sortOrder: nextSortOrder }, { onSuccess: done });
  };

  const set = (patch: Partial<typeof form>) => setForm({ ...form, ...patch });
  return (
    <FormDialogForm
      open={open}
      onOpenChange={onOpenChange}
      title={language ? t('masterData.languages.editTitle', { name: language.name }) : t('masterData.languages.addTitle')}
      description={t('masterData.languages.formDescription')}
      pending={save.isPending}
      submitLabel={save.isPending ? t('masterData.saving') : t('masterData.save')}
      cancelLabel={t('common.cancel')}
      onSubmit={submit}
    >
      <TextField
        label={t('masterData.field.code')}
        hint={language ? t('masterData.languages.codeFixed') : t('masterData.languages.codeHint')}
        error={err('code')}
        dir="ltr"
        readOnly={!!language}
        maxLength={12}
        autoComplete="off"
        value={form.code}
        onValueChange={(code) => set({ code })}
      />
      <FormField label={t('masterData.field.textDirection')} error={err('textDirection')}>
        {(p) => (
          <select
            {...p}
            className={fieldClass}
            value={form.textDirection}
            onChange={(e) => set({ textDirection: e.target.value as TextDirection })}
          >
            {TEXT_DIRECTIONS.map((d) => (
              <option key={d} value={d}>
                {t(`masterData.direction.${d}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <TextField
        label={t('masterData.field.name')}
        hint={t('masterData.languages.nameHint')}
        error={err('name')}
        dir="ltr"
        maxLength={100}
        value={form.name}
        onValueChange={(name) => set({ name })}
      />
      <TextField
        label={t('masterData.field.nativeName')}
        hint={t('masterData.languages.nativeNameHint')}
        error={err('nativeName')}
        dir={form.textDirection}
        maxLength={100}
        value={form.nativeName}
        onValueChange={(nativeName) => set({ nativeName })}
      />
      {general && (
        <p role="alert" className="text-sm text-destructive sm:col-span-2">
          {general}
        </p>
      )}
    </FormDialogForm>
  );
}
