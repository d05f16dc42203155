import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { FormDialog, FormField, fieldClass, SubmitFooter } from '../../components/ui/form-dialog';
import { ApiError } from '../../lib/api';
import { useT } from '../../app/i18n/i18n-provider';
import { useSaveCategory, type Category, type CategoryInput } from './categories-api';
import { DOCUMENT_TYPES } from './document-types';

const EMPTY: CategoryInput = {
  nameEn: '',
  nameAr: '',
  colour: '#16a34a',
  descriptionEn: '',
  descriptionAr: '',
  targetPerDay: 0,
  requiredDocumentTypes: [],
  isActive: true,
};

/** Create or edit a category; the server's field errors appear under their fields. */
export function CategoryFormDialog({
  open,
  onOpenChange,
  category,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  category: Category | null;
}) {
  const t = useT();
  const save = useSaveCategory();
  const [form, setForm] = useState<CategoryInput>(EMPTY);
  const [target, setTarget] = useState('0');
  const [local, setLocal] = useState<Record<string, string>>({});
  // `reset` is bound to the mutation's observer and keeps one identity across renders, so listing it
  // does not make the effect run more often.
  const resetSave = save.reset;
  useEffect(() => {
    if (!open) return;
    resetSave();
    const c = category;
    setForm(
      c
        ? {
            nameEn: c.nameEn,
            nameAr: c.nameAr,
            colour: c.colour,
            descriptionEn: c.descriptionEn ?? '',
            descriptionAr: c.descriptionAr ?? '',
            targetPerDay: c.targetPerDay,
            requiredDocumentTypes: c.requiredDocumentTypes,
            isActive: c.isActive,
          }
        : EMPTY,
    );
    setTarget(String(c?.targetPerDay ?? 0));
    setLocal({});
    // Reset only when the dialog opens or switches category, not when the mutation changes.
  }, [open, category, resetSave]);

  const err = (f: string) => {
    if (local[f]) return local[f];
    return save.error instanceof ApiError
      ? save.error.fields.find((e) => e.field === f || e.field.startsWith(`${f}.`))?.message
      : undefined;
  };
  const general = save.error && !(save.error instanceof ApiError && save.error.fields.length) ? save.error.message : null;
  const docs = form.requiredDocumentTypes ?? [];

  const submit = () => {
    // The same rules as the server, checked first so the messages are in the reader's language.
    const errors: Record<string, string> = {};
    if (!form.nameEn.trim()) errors.nameEn = t('categories.form.required');
    if (!form.nameAr.trim()) errors.nameAr = t('categories.form.required');
    if (!/^#[0-9a-fA-F]{6}$/.test(form.colour)) errors.colour = t('categories.form.colourInvalid');
    if (!(/^\d{1,5}$/.test(target.trim()) && Number(target) <= 10000)) errors.targetPerDay = t('categories.form.targetInvalid');
    setLocal(errors);
    if (Object.keys(errors).length) return;
    save.mutate(
      { id: category?.id, body: { ...form, targetPerDay: Number(target) }, expectedUpdatedAt: category?.updatedAt },
      {
        onSuccess: () => {
          toast.success(category ? t('categories.toast.updated') : t('categories.toast.created'));
          onOpenChange(false);
        },
      },
    );
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={category ? t('categories.form.editTitle') : t('categories.form.createTitle')}
      description={t('categories.form.description')}
      wide
      footer={
        <SubmitFooter formId="category-form" pending={save.isPending} cancelLabel={t('common.cancel')} onCancel={() => onOpenChange(false)}>
          {save.isPending ? t('categories.form.saving') : t('categories.form.save')}
        </SubmitFooter>
      }
    >
      <form
        id="category-form"
        noValidate
        className="grid gap-3 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <FormField label={t('categories.form.nameEn')} error={err('nameEn')}>
          {(p) => (
            <input
              {...p}
              dir="ltr"
              className={fieldClass}
              value={form.nameEn}
              maxLength={100}
              onChange={(e) => setForm({ ...form, nameEn: e.target.value })}
            />
          )}
        </FormField>
        <FormField label={t('categories.form.nameAr')} error={err('nameAr')}>
          {(p) => (
            <input
              {...p}
              dir="rtl"
              lang="ar"
              className={fieldClass}
              value={form.nameAr}
              maxLength={100}
              onChange={(e) => setForm({ ...form, nameAr: e.target.value })}
            />
          )}
        </FormField>
        <FormField label={t('categories.form.colour')} error={err('colour')}>
          {(p) => (
            <div className="flex items-center gap-2">
              <input
                type="color"
                aria-label={t('categories.form.colourPicker')}
                className="h-9 w-12 cursor-pointer rounded-md border bg-background p-1"
                value={/^#[0-9a-f]{6}$/i.test(form.colour) ? form.colour : '#000000'}
                onChange={(e) => setForm({ ...form, colour: e.target.value })}
              />
              <input
                {...p}
                dir="ltr"
                className={fieldClass}
                value={form.colour}
                maxLength={7}
                onChange={(e) => setForm({ ...form, colour: e.target.value })}
              />
            </div>
          )}
        </FormField>
        <FormField label={t('categories.form.target')} hint={t('categories.form.targetHint')} error={err('targetPerDay')}>
          {(p) => (
            <input
              {...p}
              dir="ltr"
              inputMode="numeric"
              className={fieldClass}
              value={target}
              onChange={(e) => {
                setTarget(e.target.value);
                setLocal({});
              }}
            />
          )}
        </FormField>
        <FormField label={t('categories.form.descriptionEn')} error={err('descriptionEn')} className="sm:col-span-2">
          {(p) => (
            <textarea
              {...p}
              dir="ltr"
              className={`${fieldClass} h-20 py-2`}
              maxLength={2000}
              value={form.descriptionEn ?? ''}
              onChange={(e) => setForm({ ...form, descriptionEn: e.target.value })}
            />
          )}
        </FormField>
        <FormField label={t('categories.form.descriptionAr')} error={err('descriptionAr')} className="sm:col-span-2">
          {(p) => (
            <textarea
              {...p}
              dir="rtl"
              lang="ar"
              className={`${fieldClass} h-20 py-2`}
              maxLength={2000}
              value={form.descriptionAr ?? ''}
              onChange={(e) => setForm({ ...form, descriptionAr: e.target.value })}
            />
          )}
        </FormField>
        <fieldset className="flex flex-col gap-2 text-sm sm:col-span-2">
          <legend className="mb-1 font-medium">{t('categories.form.documents')}</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {DOCUMENT_TYPES.map((d) => (
              <label key={d} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={docs.includes(d)}
                  onChange={(e) =>
                    setForm({ ...form, requiredDocumentTypes: e.target.checked ? [...docs, d] : docs.filter((x) => x !== d) })
                  }
                />
                {t(`categories.doc.${d}`)}
              </label>
            ))}
          </div>
          {err('requiredDocumentTypes') && <span className="text-xs text-destructive">{err('requiredDocumentTypes')}</span>}
        </fieldset>
        <label className="flex items-center gap-2 text-sm sm:col-span-2">
          <input
            type="checkbox"
            className="size-4"
            checked={form.isActive ?? true}
            onChange={(e) => setForm({ ...form, isActive: e.target.checked })}
          />
          {t('categories.form.active')}
        </label>
        {general && (
          <p role="alert" className="text-sm text-destructive sm:col-span-2">
            {general}
          </p>
        )}
      </form>
    </FormDialog>
  );
}
