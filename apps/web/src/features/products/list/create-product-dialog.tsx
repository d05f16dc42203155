import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { fieldClass, FormDialog, FormField, SubmitFooter } from '../../../components/ui/form-dialog';
import { ApiError } from '../../../lib/api';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { localName, parseMajorToMinor } from '../format';
import { STATUSES, type Status } from '../product-constants';
import { useCreateProduct, useFormOptions } from '../products-api';

const SKU = /^[A-Za-z0-9][A-Za-z0-9_./-]*$/;
const FIELDS = ['sku', 'nameEn', 'nameAr', 'priceMinor', 'familyId', 'status'] as const;
type Errors = Partial<Record<(typeof FIELDS)[number] | 'form', string>>;

/** "New product": the few fields needed to start; the rest is edited on the details page it opens. */
export function CreateProductDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t, language } = useI18n();
  const navigate = useNavigate();
  const options = useFormOptions();
  const create = useCreateProduct();
  const [sku, setSku] = useState('');
  const [nameEn, setNameEn] = useState('');
  const [nameAr, setNameAr] = useState('');
  const [familyId, setFamilyId] = useState('');
  const [price, setPrice] = useState('');
  const [status, setStatus] = useState<Status>('draft');
  const [errors, setErrors] = useState<Errors>({});
  const digits = options.data?.currency?.minorDigits ?? 2;

  const reset = () => {
    setSku('');
    setNameEn('');
    setNameAr('');
    setFamilyId('');
    setPrice('');
    setStatus('draft');
    setErrors({});
  };

  const submit = () => {
    const e: Errors = {};
    if (!sku.trim()) e.sku = t('products.error.required');
    else if (sku.trim().length > 64) e.sku = t('products.error.skuLength');
    else if (!SKU.test(sku.trim())) e.sku = t('products.error.skuFormat');
    if (!nameEn.trim()) e.nameEn = t('products.error.required');
    const priceMinor = price.trim() ? parseMajorToMinor(price, digits) : 0;
    if (priceMinor === null) e.priceMinor = t('products.error.price', { digits });
    setErrors(e);
    if (Object.keys(e).length) return;
    create.mutate(
      {
        sku: sku.trim(),
        nameEn: nameEn.trim(),
        nameAr: nameAr.trim() || undefined,
        familyId: familyId || undefined,
        priceMinor: priceMinor ?? 0,
        status,
      },
      {
        onSuccess: (p) => {
          toast.success(t('products.toast.created', { sku: p.sku }));
          reset();
          onOpenChange(false);
          navigate(`/products/${p.id}`);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.status === 409) return setErrors({ sku: t('products.error.skuTaken') });
          if (err instanceof ApiError && err.fields.length) {
            const next: Errors = {};
            for (const f of err.fields) next[(FIELDS.includes(f.field as never) ? f.field : 'form') as keyof Errors] = f.message;
            return setErrors(next);
          }
          setErrors({ form: t('products.error.saveFailed') });
        },
      },
    );
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(o) => {
        if (!o) reset();
        onOpenChange(o);
      }}
      title={t('products.create.title')}
      description={t('products.create.description')}
      footer={
        <SubmitFooter
          formId="product-create-form"
          pending={create.isPending}
          cancelLabel={t('products.cancel')}
          onCancel={() => onOpenChange(false)}
        >
          {create.isPending ? t('products.saving') : t('products.create.submit')}
        </SubmitFooter>
      }
    >
      <form
        id="product-create-form"
        noValidate
        className="grid gap-3 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <FormField label={t('products.field.sku')} error={errors.sku}>
          {(p) => (
            <input {...p} className={fieldClass} dir="ltr" value={sku} maxLength={64} onChange={(e) => setSku(e.target.value)} autoFocus />
          )}
        </FormField>
        <FormField label={t('products.field.status')} error={errors.status}>
          {(p) => (
            <select {...p} className={fieldClass} value={status} onChange={(e) => setStatus(e.target.value as Status)}>
              {STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`products.status.${s}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={t('products.field.nameEn')} error={errors.nameEn}>
          {(p) => (
            <input
              {...p}
              className={fieldClass}
              dir="ltr"
              lang="en"
              value={nameEn}
              maxLength={200}
              onChange={(e) => setNameEn(e.target.value)}
            />
          )}
        </FormField>
        <FormField label={t('products.field.nameAr')} error={errors.nameAr}>
          {(p) => (
            <input
              {...p}
              className={fieldClass}
              dir="rtl"
              lang="ar"
              value={nameAr}
              maxLength={200}
              onChange={(e) => setNameAr(e.target.value)}
            />
          )}
        </FormField>
        <FormField label={t('products.field.family')} error={errors.familyId}>
          {(p) => (
            <select {...p} className={fieldClass} value={familyId} onChange={(e) => setFamilyId(e.target.value)}>
              <option value="">{t('products.field.noFamily')}</option>
              {options.data?.families.map((f) => (
                <option key={f.id} value={f.id}>
                  {localName(language, f)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={t('products.field.priceIn', { currency: options.data?.currency?.code ?? '' })} error={errors.priceMinor}>
          {(p) => (
            <input
              {...p}
              className={fieldClass}
              dir="ltr"
              inputMode="decimal"
              value={price}
              placeholder={digits ? `0.${'0'.repeat(digits)}` : '0'}
              onChange={(e) => setPrice(e.target.value)}
            />
          )}
        </FormField>
        {errors.form && (
          <p role="alert" className="text-sm text-destructive sm:col-span-2">
            {errors.form}
          </p>
        )}
      </form>
    </FormDialog>
  );
}
