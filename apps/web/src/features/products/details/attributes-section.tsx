import { useCallback } from 'react';
import { fieldClass, FormField } from '../../../components/ui/form-dialog';
import { useI18n } from '../../../app/i18n/i18n-provider';
import type { FormOptions } from '../products-api';
import { AttributeInput } from './attribute-input';
import { DetailsSection } from './section';
import type { Draft } from './use-product-draft';

/** The family's attributes, one input per type; required ones are marked; server errors show at the field. */
export function AttributesSection({
  draft,
  setValue,
  options,
  errors,
  mediaNames,
  variantAxes,
}: {
  draft: Draft;
  setValue: (id: string, v: unknown) => void;
  options: FormOptions;
  errors: Record<string, string>;
  mediaNames: Map<string, string>;
  /** Attributes the product's variants vary by: set on each variant, not here. */
  variantAxes: readonly string[];
}) {
  const { t, language } = useI18n();
  const family = options.families.find((f) => f.id === draft.familyId);
  const onChange = useCallback((id: string, v: unknown) => setValue(id, v), [setValue]);
  return (
    <DetailsSection id="attributes" title={t('products.section.attributes')}>
      {!family ? (
        <p className="text-sm text-muted-foreground">{t('products.attr.noFamily')}</p>
      ) : family.attributes.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('products.attr.none')}</p>
      ) : (
        <div className="grid gap-3 md:grid-cols-2">
          {family.attributes.map((a) => {
            const name = language === 'ar' && a.nameAr ? a.nameAr : a.nameEn;
            const wide = a.type === 'long_text' || (a.type === 'text' && a.localizable) || a.type === 'multi_select';
            const value = draft.values[a.id];
            return (
              <div key={a.id} id={`pf-attr-${a.id}`} className={wide ? 'md:col-span-2' : undefined} data-testid={`attribute-${a.code}`}>
                <FormField
                  label={a.required ? `${name} *` : name}
                  error={errors[`values.${a.id}`]}
                  hint={a.required ? t('products.attr.required') : undefined}
                >
                  {(p) =>
                    variantAxes.includes(a.id) ? (
                      <input
                        {...p}
                        readOnly
                        className={`${fieldClass} bg-muted text-muted-foreground`}
                        value={t('products.attr.variesByVariant')}
                        data-testid="varies-by-variant"
                      />
                    ) : (
                      <AttributeInput
                        attribute={a}
                        value={value}
                        onChange={onChange}
                        a11y={{ ...p, 'aria-required': a.required || undefined }}
                        currency={options.currency?.symbol ?? options.currency?.code ?? null}
                        mediaName={typeof value === 'string' ? mediaNames.get(value) : undefined}
                      />
                    )
                  }
                </FormField>
              </div>
            );
          })}
        </div>
      )}
    </DetailsSection>
  );
}
