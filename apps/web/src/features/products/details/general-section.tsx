import { fieldClass, FormField } from '../../../components/ui/form-dialog';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { localName } from '../format';
import { FamilyField, NameField, SkuField, StatusField } from '../product-fields';
import type { FormOptions } from '../products-api';
import { CategoryChecklist } from './category-checklist';
import { DetailsSection } from './section';
import type { Draft } from './use-product-draft';

type Set = <K extends keyof Draft>(key: K, value: Draft[K]) => void;
const areaClass =
  'min-h-24 w-full rounded-md border bg-background px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-ring aria-[invalid=true]:border-destructive';

/** SKU, names and descriptions in both languages, status, brand, vendor, family and categories. */
export function GeneralSection({
  draft,
  set,
  options,
  errors,
}: {
  draft: Draft;
  set: Set;
  options: FormOptions;
  errors: Record<string, string>;
}) {
  const { t, language } = useI18n();
  const categoryError = Object.entries(errors).find(([k]) => k.startsWith('categoryIds'))?.[1];
  return (
    <DetailsSection id="general" title={t('products.section.general')}>
      <div className="grid gap-3 md:grid-cols-2">
        <div id="pf-sku">
          <SkuField value={draft.sku} onChange={(v) => set('sku', v)} error={errors.sku} />
        </div>
        <div id="pf-status">
          <StatusField value={draft.status} onChange={(v) => set('status', v)} error={errors.status} />
        </div>
        <div id="pf-name-en">
          <NameField lang="en" value={draft.nameEn} onChange={(v) => set('nameEn', v)} error={errors.nameEn} />
        </div>
        <div id="pf-name-ar">
          <NameField lang="ar" value={draft.nameAr} onChange={(v) => set('nameAr', v)} error={errors.nameAr} />
        </div>
        <div id="pf-description-en">
          <FormField label={t('products.field.descriptionEn')} error={errors.descriptionEn}>
            {(p) => (
              <textarea
                {...p}
                className={areaClass}
                dir="ltr"
                lang="en"
                maxLength={20000}
                value={draft.descriptionEn}
                onChange={(e) => set('descriptionEn', e.target.value)}
              />
            )}
          </FormField>
        </div>
        <div id="pf-description-ar">
          <FormField label={t('products.field.descriptionAr')} error={errors.descriptionAr}>
            {(p) => (
              <textarea
                {...p}
                className={areaClass}
                dir="rtl"
                lang="ar"
                maxLength={20000}
                value={draft.descriptionAr}
                onChange={(e) => set('descriptionAr', e.target.value)}
              />
            )}
          </FormField>
        </div>
        <FormField label={t('products.field.brand')} error={errors.brandId}>
          {(p) => (
            <select {...p} className={fieldClass} value={draft.brandId ?? ''} onChange={(e) => set('brandId', e.target.value || null)}>
              <option value="">{t('products.field.none')}</option>
              {options.brands.map((b) => (
                <option key={b.id} value={b.id}>
                  {localName(language, b)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={t('products.field.vendor')} error={errors.vendorId}>
          {(p) => (
            <select {...p} className={fieldClass} value={draft.vendorId ?? ''} onChange={(e) => set('vendorId', e.target.value || null)}>
              <option value="">{t('products.field.none')}</option>
              {options.vendors.map((v) => (
                <option key={v.id} value={v.id}>
                  {v.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FamilyField
          families={options.families}
          value={draft.familyId ?? ''}
          onChange={(v) => set('familyId', v || null)}
          error={errors.familyId}
          hint={t('products.field.familyHint')}
        />
        <div className="flex flex-col gap-1 text-sm md:col-span-2">
          <span id="pf-categories-label" className="font-medium">
            {t('products.field.categories')}
          </span>
          <CategoryChecklist
            labelId="pf-categories-label"
            categories={options.categories}
            value={draft.categoryIds}
            onChange={(ids) => set('categoryIds', ids)}
          />
          {categoryError && <span className="text-xs text-destructive">{categoryError}</span>}
        </div>
      </div>
    </DetailsSection>
  );
}
