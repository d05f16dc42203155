import { VENDOR_DOCUMENT_TYPES } from '@market/contracts/plain';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { FormDialogForm, FormField, fieldClass, TextField } from '../../components/ui/form-dialog';
import { errorMessage, fieldError, hasFieldErrors } from '../../lib/api-errors';
import { useT } from '../../app/i18n/i18n-provider';
import { useSaveCategory, type Category, type CategoryInput } from './categories-api';

/** A colour written #rrggbb, as the server accepts it. */
const COLOUR = /^#[0-9a-fA-F]{6}$/;

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

  const err = (f: string) => local[f] ?? fieldError(save.error, f);
  const general = save.error && !hasFieldErrors(save.error) ? errorMessage(t, save.error) : null;
  const docs = form.requiredDocumentTypes ?? [];

  const submit = () => {
    // The same rules as the server, checked first so the messages are in the reader's language.
    const errors: Record<string, string> = {};
    if (!form.nameEn.trim()) errors.nameEn = t('categories.form.required');
    if (!form.nameAr.trim()) errors.nameAr = t('categories.form.required');
    if (!COLOUR.test(form.colour)) errors.colour = t('categories.form.colourInvalid');
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

  const set = (patch: Partial<CategoryInput>) => setForm({ ...form, ...patch });

  return (
    <FormDialogForm
      open={open}
      onOpenChange={onOpenChange}
      title={category ? t('categories.form.editTitle') : t('categories.form.createTitle')}
      description={t('categories.form.description')}
      wide
      pending={save.isPending}
      submitLabel={save.isPending ? t('categories.form.saving') : t('categories.form.save')}
      cancelLabel={t('common.cancel')}
      onSubmit={submit}
    >
      <TextField
        label={t('categories.form.nameEn')}
        error={err('nameEn')}
        dir="ltr"
        maxLength={100}
        value={form.nameEn}
        onValueChange={(nameEn) => set({ nameEn })}
      />
      <TextField
        label={t('categories.form.nameAr')}
        error={err('nameAr')}
        dir="rtl"
        lang="ar"
        maxLength={100}
        value={form.nameAr}
        onValueChange={(nameAr) => set({ nameAr })}
      />
      <FormField label={t('categories.form.colour')} error={err('colour')}>
        {(p) => (
          <div className="flex items-center gap-2">
            <input
              type="color"
              aria-label={t('categories.form.colourPicker')}
              className="h-9 w-12 cursor-pointer rounded-md border bg-background p-1"
              value={COLOUR.test(form.colour) ? form.colour : '#000000'}
              onChange={(e) => set({ colour: e.target.value })}
            />
            <input
              {...p}
              dir="ltr"
              className={fieldClass}
              value={form.colour}
              maxLength={7}
              onChange={(e) => set({ colour: e.target.value })}
            />
          </div>
        )}
      </FormField>
      <TextField
        label={t('categories.form.target')}
        hint={t('categories.form.targetHint')}
        error={err('targetPerDay')}
        dir="ltr"
        inputMode="numeric"
        value={target}
        onValueChange={(v) => {
          setTarget(v);
          setLocal({});
        }}
      />
      {(['descriptionEn', 'descriptionAr'] as const).map((k) => (
        <FormField key={k} label={t(`categories.form.${k}`)} error={err(k)} className="sm:col-span-2">
          {(p) => (
            <textarea
              {...p}
              {...(k === 'descriptionAr' ? { dir: 'rtl', lang: 'ar' } : { dir: 'ltr' })}
              className={`${fieldClass} h-20 py-2`}
              maxLength={2000}
              value={form[k] ?? ''}
              onChange={(e) => set({ [k]: e.target.value })}
            />
          )}
        </FormField>
      ))}
      <fieldset className="flex flex-col gap-2 text-sm sm:col-span-2">
        <legend className="mb-1 font-medium">{t('categories.form.documents')}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {VENDOR_DOCUMENT_TYPES.map((d) => (
            <label key={d} className="flex items-center gap-2">
              <input
                type="checkbox"
                className="size-4"
                checked={docs.includes(d)}
                onChange={(e) => set({ requiredDocumentTypes: e.target.checked ? [...docs, d] : docs.filter((x) => x !== d) })}
              />
              {t(`categories.doc.${d}`)}
            </label>
          ))}
        </div>
        {err('requiredDocumentTypes') && <span className="text-xs text-destructive">{err('requiredDocumentTypes')}</span>}
      </fieldset>
      <label className="flex items-center gap-2 text-sm sm:col-span-2">
        <input type="checkbox" className="size-4" checked={form.isActive ?? true} onChange={(e) => set({ isActive: e.target.checked })} />
        {t('categories.form.active')}
      </label>
      {general && (
        <p role="alert" className="text-sm text-destructive sm:col-span-2">
          {general}
        </p>
      )}
    </FormDialogForm>
  );
}
