import { fieldClass, FormField } from '../../../components/ui/form-dialog';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { formatMoney, localName, parseMajorToMinor } from '../format';
import { PriceField } from '../product-fields';
import type { FormOptions } from '../products-api';
import { DetailsSection } from './section';
import type { Draft } from './use-product-draft';

/** The price, typed in major units and converted to minor units exactly (string parsing, no floats), and the tax class. */
export function PricingSection({
  draft,
  set,
  options,
  errors,
  priceError,
}: {
  draft: Draft;
  set: <K extends keyof Draft>(key: K, value: Draft[K]) => void;
  options: FormOptions;
  errors: Record<string, string>;
  priceError: boolean;
}) {
  const { t, language } = useI18n();
  const digits = options.currency?.minorDigits ?? 2;
  const minor = parseMajorToMinor(draft.price, digits);
  return (
    <DetailsSection id="pricing" title={t('products.section.pricing')}>
      <div className="grid gap-3 md:grid-cols-2">
        <div id="pf-price">
          <PriceField
            currency={options.currency}
            value={draft.price}
            onChange={(v) => set('price', v)}
            error={priceError ? t('products.error.price', { digits }) : errors.priceMinor}
            hint={minor !== null ? t('products.field.priceHint', { amount: formatMoney(minor, options.currency, language) }) : undefined}
          />
        </div>
        <FormField label={t('products.field.taxClass')} error={errors.taxClassId}>
          {(p) => (
            <select
              {...p}
              className={fieldClass}
              value={draft.taxClassId ?? ''}
              onChange={(e) => set('taxClassId', e.target.value || null)}
            >
              <option value="">{t('products.field.none')}</option>
              {options.taxClasses.map((c) => (
                <option key={c.id} value={c.id}>
                  {localName(language, c)}
                  {c.isDefault ? ` (${t('products.field.default')})` : ''}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
    </DetailsSection>
  );
}
