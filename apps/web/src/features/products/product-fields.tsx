import { PRODUCT_STATUSES, type ProductStatus } from '@market/contracts/plain';
import { fieldClass, FormField, TextField } from '../../components/ui/form-dialog';
import { useI18n } from '../../app/i18n/i18n-provider';
import { localName } from './format';
import type { FormOptions } from './products-api';

// The fields a product has both in "New product" and on its details page, so both say and check the same.

type Field<V> = { value: V; onChange: (value: V) => void; error?: string };

export function SkuField({ value, onChange, error, autoFocus }: Field<string> & { autoFocus?: boolean }) {
  const { t } = useI18n();
  return (
    <TextField
      label={t('products.field.sku')}
      error={error}
      dir="ltr"
      maxLength={64}
      autoFocus={autoFocus}
      value={value}
      onValueChange={onChange}
    />
  );
}

export function StatusField({ value, onChange, error }: Field<ProductStatus>) {
  const { t } = useI18n();
  return (
    <FormField label={t('products.field.status')} error={error}>
      {(p) => (
        <select {...p} className={fieldClass} value={value} onChange={(e) => onChange(e.target.value as ProductStatus)}>
          {PRODUCT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`products.status.${s}`)}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/** The product's name in English or Arabic, written in that language's direction. */
export function NameField({ lang, value, onChange, error }: Field<string> & { lang: 'en' | 'ar' }) {
  const { t } = useI18n();
  return (
    <TextField
      label={t(lang === 'en' ? 'products.field.nameEn' : 'products.field.nameAr')}
      error={error}
      dir={lang === 'en' ? 'ltr' : 'rtl'}
      lang={lang}
      maxLength={200}
      value={value}
      onValueChange={onChange}
    />
  );
}

/** The attribute family; '' is none. */
export function FamilyField({
  families,
  value,
  onChange,
  error,
  hint,
}: Field<string> & { families: FormOptions['families']; hint?: string }) {
  const { t, language } = useI18n();
  return (
    <FormField label={t('products.field.family')} error={error} hint={hint}>
      {(p) => (
        <select {...p} className={fieldClass} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{t('products.field.noFamily')}</option>
          {families.map((f) => (
            <option key={f.id} value={f.id}>
              {localName(language, f)}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/** The price in major units of the base currency, as typed (parsed to minor units by the caller). */
export function PriceField({
  currency,
  value,
  onChange,
  error,
  hint,
  placeholder,
}: Field<string> & { currency: FormOptions['currency']; hint?: string; placeholder?: string }) {
  const { t } = useI18n();
  return (
    <TextField
      label={t('products.field.priceIn', { currency: currency?.code ?? '' })}
      error={error}
      hint={hint}
      dir="ltr"
      inputMode="decimal"
      placeholder={placeholder}
      value={value}
      onValueChange={onChange}
    />
  );
}
