import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { MAX_VARIANT_AXES, MAX_VARIANT_COMBINATIONS } from '@market/contracts/plain';
import { FormDialogForm } from '../../components/ui/form-dialog';
import { errorMessage } from '../../lib/api-errors';
import { useI18n } from '../../app/i18n/i18n-provider';
import { localName } from './variant-format';
import { useGenerateVariants, type FamilyAttribute } from './variants-api';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  productId: string;
  /** The family's single-select attributes. */
  candidates: FamilyAttribute[];
  /** The product's axes; fixed while it has variants. */
  currentAxes: string[];
  locked: boolean;
}

/** Choose axes and their values, see how many combinations that makes, and create them in one request. */
export function GenerateVariantsDialog({ open, onOpenChange, productId, candidates, currentAxes, locked }: Props) {
  const { t, language } = useI18n();
  const generate = useGenerateVariants(productId);
  const [axes, setAxes] = useState<string[]>(currentAxes);
  const [values, setValues] = useState<Record<string, string[]>>({});
  const [error, setError] = useState<string | null>(null);

  const count = useMemo(() => (axes.length ? axes.reduce((n, a) => n * (values[a]?.length ?? 0), 1) : 0), [axes, values]);
  const toggleAxis = (id: string) =>
    setAxes((prev) => (prev.includes(id) ? prev.filter((a) => a !== id) : prev.length >= MAX_VARIANT_AXES ? prev : [...prev, id]));
  const toggleValue = (axis: string, code: string) =>
    setValues((prev) => {
      const cur = prev[axis] ?? [];
      return { ...prev, [axis]: cur.includes(code) ? cur.filter((c) => c !== code) : [...cur, code] };
    });
  const setAll = (axis: string, codes: string[]) =>
    setValues((prev) => ({ ...prev, [axis]: (prev[axis]?.length ?? 0) === codes.length ? [] : codes }));

  const submit = () => {
    setError(null);
    if (!axes.length || axes.length > MAX_VARIANT_AXES) return setError(t('variants.generate.maxAxes'));
    const body = { axes, values: Object.fromEntries(axes.map((a) => [a, values[a] ?? []])) };
    generate.mutate(body, {
      onSuccess: (res) => {
        toast.success(t('variants.generate.done', { created: res.created, skipped: res.skipped }));
        onOpenChange(false);
      },
      onError: (err) => setError(errorMessage(t, err, { network: t('variants.generate.failed') })),
    });
  };

  return (
    <FormDialogForm
      open={open}
      onOpenChange={onOpenChange}
      wide
      title={t('variants.generate.title')}
      description={t('variants.generate.description')}
      pending={generate.isPending}
      submitLabel={t('variants.generate.submit')}
      cancelLabel={t('variants.cancel')}
      onSubmit={submit}
      formClassName="flex flex-col gap-4"
    >
      {candidates.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('variants.generate.noAxes')}</p>
      ) : (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">{t('variants.generate.axes')}</legend>
          {locked && <p className="text-xs text-muted-foreground">{t('variants.generate.axesLocked')}</p>}
          <div className="flex flex-wrap gap-3">
            {candidates.map((a) => (
              <label key={a.id} className="inline-flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={axes.includes(a.id)}
                  disabled={locked}
                  onChange={() => toggleAxis(a.id)}
                />
                {localName(language, a)}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {axes.map((id) => {
        const a = candidates.find((c) => c.id === id);
        if (!a) return null;
        const name = localName(language, a);
        const codes = a.options.map((o) => o.code);
        return (
          <fieldset key={id} className="flex flex-col gap-2 rounded-md border p-3">
            <legend className="px-1 text-sm font-medium">{t('variants.generate.values', { axis: name })}</legend>
            <label className="inline-flex items-center gap-2 text-xs text-muted-foreground">
              <input
                type="checkbox"
                className="size-4"
                checked={(values[id]?.length ?? 0) === codes.length && codes.length > 0}
                onChange={() => setAll(id, codes)}
              />
              {t('variants.generate.all')}
            </label>
            <div className="flex flex-wrap gap-3">
              {a.options.map((o) => (
                <label key={o.code} className="inline-flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4"
                    checked={values[id]?.includes(o.code) ?? false}
                    onChange={() => toggleValue(id, o.code)}
                  />
                  {language === 'ar' && o.labelAr ? o.labelAr : o.labelEn}
                </label>
              ))}
            </div>
          </fieldset>
        );
      })}
      <p className="text-sm font-medium" aria-live="polite" data-testid="variants-preview">
        {t('variants.generate.preview', { count })}
        {count > MAX_VARIANT_COMBINATIONS && (
          <span className="ms-2 text-destructive">{t('variants.generate.tooMany', { max: MAX_VARIANT_COMBINATIONS })}</span>
        )}
      </p>
      {error && (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-2 text-sm text-destructive">
          {error}
        </p>
      )}
    </FormDialogForm>
  );
}
