import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { FormDialog, FormField, fieldClass, SubmitFooter } from '../../components/ui/form-dialog';
import { ApiError } from '../../lib/api';
import { useT } from '../../app/i18n/i18n-provider';
import { errorWords, fieldError } from './languages-errors';
import { useCreateLanguage, useUpdateLanguage, type Language } from './languages-api';

type Direction = 'ltr' | 'rtl';
const CODE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/;

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
  const save = language ? update : create;
  const [form, setForm] = useState({ code: '', name: '', nativeName: '', textDirection: 'ltr' as Direction });
  const [local, setLocal] = useState<Record<string, string>>({});
  // `reset` is bound to the mutation's observer and keeps one identity across renders, so listing it
  // does not make the effect run more often.
  const resetCreate = create.reset;
  const resetUpdate = update.reset;
  useEffect(() => {
    if (!open) return;
    resetCreate();
    resetUpdate();
    setLocal({});
    setForm(
      language
        ? { code: language.code, name: language.name, nativeName: language.nativeName, textDirection: language.textDirection }
        : { code: '', name: '', nativeName: '', textDirection: 'ltr' },
    );
    // Reset only when the dialog opens or switches language, not when the mutations change.
  }, [open, language, resetCreate, resetUpdate]);

  const err = (f: string) => local[f] ?? fieldError(t, save.error, f);
  const general = save.error && !(save.error instanceof ApiError && save.error.fields.length) ? errorWords(t, save.error) : null;

  const submit = () => {
    // The server's rules, checked first so the messages are in the reader's language.
    const errors: Record<string, string> = {};
    if (!language && !CODE.test(form.code.trim())) errors.code = t('masterData.error.codeInvalid');
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

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={language ? t('masterData.languages.editTitle', { name: language.name }) : t('masterData.languages.addTitle')}
      description={t('masterData.languages.formDescription')}
      footer={
        <SubmitFooter formId="language-form" pending={save.isPending} cancelLabel={t('common.cancel')} onCancel={() => onOpenChange(false)}>
          {save.isPending ? t('masterData.saving') : t('masterData.save')}
        </SubmitFooter>
      }
    >
      <form
        id="language-form"
        noValidate
        className="grid gap-3 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <FormField
          label={t('masterData.field.code')}
          hint={language ? t('masterData.languages.codeFixed') : t('masterData.languages.codeHint')}
          error={err('code')}
        >
          {(p) => (
            <input
              {...p}
              dir="ltr"
              className={fieldClass}
              value={form.code}
              readOnly={!!language}
              maxLength={12}
              autoComplete="off"
              onChange={(e) => setForm({ ...form, code: e.target.value })}
            />
          )}
        </FormField>
        <FormField label={t('masterData.field.textDirection')} error={err('textDirection')}>
          {(p) => (
            <select
              {...p}
              className={fieldClass}
              value={form.textDirection}
              onChange={(e) => setForm({ ...form, textDirection: e.target.value as Direction })}
            >
              <option value="ltr">{t('masterData.direction.ltr')}</option>
              <option value="rtl">{t('masterData.direction.rtl')}</option>
            </select>
          )}
        </FormField>
        <FormField label={t('masterData.field.name')} hint={t('masterData.languages.nameHint')} error={err('name')}>
          {(p) => (
            <input
              {...p}
              dir="ltr"
              className={fieldClass}
              value={form.name}
              maxLength={100}
              onChange={(e) => setForm({ ...form, name: e.target.value })}
            />
          )}
        </FormField>
        <FormField label={t('masterData.field.nativeName')} hint={t('masterData.languages.nativeNameHint')} error={err('nativeName')}>
          {(p) => (
            <input
              {...p}
              dir={form.textDirection}
              className={fieldClass}
              value={form.nativeName}
              maxLength={100}
              onChange={(e) => setForm({ ...form, nativeName: e.target.value })}
            />
          )}
        </FormField>
        {general && (
          <p role="alert" className="text-sm text-destructive sm:col-span-2">
            {general}
          </p>
        )}
      </form>
    </FormDialog>
  );
}
