import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { SKU_PATTERN, type ProductStatus } from '@market/contracts/plain';
import { FormDialogForm } from '../../../components/ui/form-dialog';
import { ApiError } from '../../../lib/api';
import { fieldErrors } from '../../../lib/api-errors';
import { useT } from '../../../app/i18n/i18n-provider';
import { parseMajorToMinor } from '../format';
import { FamilyField, NameField, PriceField, SkuField, StatusField } from '../product-fields';
import { useCreateProduct, useFormOptions } from '../products-api';

const FIELDS = ['sku', 'nameEn', 'nameAr', 'priceMinor', 'familyId', 'status'] as const;
type Errors = Partial<Record<(typeof FIELDS)[number] | 'form', string>>;

/** "New product": the few fields needed to start; the rest is edited on the details page it opens. */
export function CreateProductDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useT();
  const navigate = useNavigate();
  const options = useFormOptions();
  const create = useCreateProduct();
  const [sku, setSku] = useState('');
  const [nameEn, setNameEn] = useState('');
  const [nameAr, setNameAr] = useState('');
  const [familyId, setFamilyId] = useState('');
  const [price, setPrice] = useState('');
  const [status, setStatus] = useState<ProductStatus>('draft');
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
    else if (!SKU_PATTERN.test(sku.trim())) e.sku = t('products.error.skuFormat');
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
          const server = Object.entries(fieldErrors(err));
          if (server.length) {
            const next: Errors = {};
            for (const [field, message] of server) next[(FIELDS.includes(field as never) ? field : 'form') as keyof Errors] = message;
            return setErrors(next);
          }
          setErrors({ form: t('products.error.saveFailed') });
        },
      },
    );
  };

  return (
    <FormDialogForm
      open={open}
      onOpenChange={(o) => {
        if (!o) reset();
        onOpenChange(o);
      }}
      title={t('products.create.title')}
      description={t('products.create.description')}
      pending={create.isPending}
      submitLabel={create.isPending ? t('products.saving') : t('products.create.submit')}
      cancelLabel={t('products.cancel')}
      onSubmit={submit}
    >
      <SkuField value={sku} onChange={setSku} error={errors.sku} autoFocus />
      <StatusField value={status} onChange={setStatus} error={errors.status} />
      <NameField lang="en" value={nameEn} onChange={setNameEn} error={errors.nameEn} />
      <NameField lang="ar" value={nameAr} onChange={setNameAr} error={errors.nameAr} />
      <FamilyField families={options.data?.families ?? []} value={familyId} onChange={setFamilyId} error={errors.familyId} />
      <PriceField
        currency={options.data?.currency ?? null}
        value={price}
        onChange={setPrice}
        error={errors.priceMinor}
        placeholder={digits ? `0.${'0'.repeat(digits)}` : '0'}
      />
      {errors.form && (
        <p role="alert" className="text-sm text-destructive sm:col-span-2">
          {errors.form}
        </p>
      )}
    </FormDialogForm>
  );
}
