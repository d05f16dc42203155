import { useEffect, useState } from 'react';
import { FormDialogForm, FormField, fieldClass, TextField } from '../../../components/ui/form-dialog';
import { errorMessage, fieldError, hasFieldErrors } from '../../../lib/api-errors';
import { useT } from '../../../app/i18n/i18n-provider';
import { catalogErrorWords } from './catalog-api';

export type FormValues = Record<string, string | boolean>;
export type FormResult = { body: Record<string, unknown> } | { errors: Record<string, string> };

export interface FieldSpec {
  name: string;
  label: string;
  type?: 'text' | 'textarea' | 'select' | 'checkbox';
  dir?: 'ltr' | 'rtl';
  options?: { value: string; label: string }[];
  hint?: string;
  required?: boolean;
  maxLength?: number;
  /** Spans both columns. */
  wide?: boolean;
}

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  fields: FieldSpec[];
  initial: FormValues;
  /** Turns the form into a request body, or names fields the reader must fix first. */
  toBody: (v: FormValues) => FormResult;
  pending: boolean;
  error: unknown;
  onSubmit: (body: Record<string, unknown>) => void;
  testId: string;
}

/** One form for every list of the catalogue master data; the server's field errors appear under their fields. */
export function CatalogFormDialog({ open, onOpenChange, title, fields, initial, toBody, pending, error, onSubmit, testId }: Props) {
  const t = useT();
  const [values, setValues] = useState<FormValues>(initial);
  const [local, setLocal] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!open) return;
    setValues(initial);
    setLocal({});
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when the dialog opens, not on every render of the parent's initial object
  }, [open]);

  const words = catalogErrorWords(t);
  const err = (f: string) => local[f] ?? fieldError(error, f, words.field);
  const named = hasFieldErrors(
    error,
    fields.map((f) => f.name),
  );
  const general = error && !named ? errorMessage(t, error, words) : null;
  const set = (name: string, v: string | boolean) => setValues((old) => ({ ...old, [name]: v }));

  const submit = () => {
    const errors: Record<string, string> = {};
    for (const f of fields) if (f.required && !String(values[f.name] ?? '').trim()) errors[f.name] = t('catalog.error.required');
    const out = Object.keys(errors).length ? { errors } : toBody(values);
    if ('errors' in out) return setLocal(out.errors);
    setLocal({});
    onSubmit(out.body);
  };

  return (
    <FormDialogForm
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      wide
      pending={pending}
      submitLabel={pending ? t('catalog.saving') : t('catalog.save')}
      cancelLabel={t('common.cancel')}
      onSubmit={submit}
      formId={testId}
      testId={testId}
    >
      {fields.map((f) =>
        f.type === 'checkbox' ? (
          <label key={f.name} className="flex items-center gap-2 text-sm sm:col-span-2">
            <input
              type="checkbox"
              name={f.name}
              className="size-4"
              checked={values[f.name] === true}
              onChange={(e) => set(f.name, e.target.checked)}
            />
            {f.label}
            {err(f.name) && <span className="text-xs text-destructive">{err(f.name)}</span>}
          </label>
        ) : !f.type || f.type === 'text' ? (
          <TextField
            key={f.name}
            label={f.label}
            hint={f.hint}
            error={err(f.name)}
            className={f.wide ? 'sm:col-span-2' : undefined}
            name={f.name}
            dir={f.dir}
            lang={f.dir === 'rtl' ? 'ar' : undefined}
            maxLength={f.maxLength ?? 200}
            value={String(values[f.name] ?? '')}
            onValueChange={(v) => set(f.name, v)}
          />
        ) : (
          <FormField
            key={f.name}
            label={f.label}
            hint={f.hint}
            error={err(f.name)}
            className={f.wide || f.type === 'textarea' ? 'sm:col-span-2' : undefined}
          >
            {(p) =>
              f.type === 'select' ? (
                <select
                  {...p}
                  name={f.name}
                  className={fieldClass}
                  value={String(values[f.name] ?? '')}
                  onChange={(e) => set(f.name, e.target.value)}
                >
                  {f.options?.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              ) : (
                <textarea
                  {...p}
                  name={f.name}
                  dir={f.dir}
                  className={`${fieldClass} h-20 py-2`}
                  maxLength={f.maxLength ?? 2000}
                  value={String(values[f.name] ?? '')}
                  onChange={(e) => set(f.name, e.target.value)}
                />
              )
            }
          </FormField>
        ),
      )}
      {general && (
        <p role="alert" className="text-sm text-destructive sm:col-span-2">
          {general}
        </p>
      )}
    </FormDialogForm>
  );
}

/** Common fields: code and the two names. */
export const nameFields = (t: (k: string) => string): FieldSpec[] => [
  { name: 'code', label: t('catalog.field.code'), dir: 'ltr', required: true, maxLength: 50, hint: t('catalog.field.codeHint') },
  { name: 'nameEn', label: t('catalog.field.nameEn'), dir: 'ltr', required: true },
  { name: 'nameAr', label: t('catalog.field.nameAr'), dir: 'rtl', required: true },
];
