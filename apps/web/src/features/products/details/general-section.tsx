import { fieldClass, FormField } from '../../../components/ui/form-dialog';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { localName } from '../format';
import { STATUSES, type Status } from '../product-constants';
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
          <FormField label={t('products.field.sku')} error={errors.sku}>
            {(p) => (
              <input
                {...p}
                className={fieldClass}
                dir="ltr"
                maxLength={64}
                value={draft.sku}
                onChange={(e) => set('sku', e.target.value)}
              />
            )}
          </FormField>
        </div>
        <div id="pf-status">
          <FormField label={t('products.field.status')} error={errors.status}>
            {(p) => (
              <select {...p} className={fieldClass} value={draft.status} onChange={(e) => set('status', e.target.value as Status)}>
                {STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`products.status.${s}`)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
        <div id="pf-name-en">
          <FormField label={t('products.field.nameEn')} error={errors.nameEn}>
            {(p) => (
              <input
                {...p}
                className={fieldClass}
                dir="ltr"
                lang="en"
                maxLength={200}
                value={draft.nameEn}
                onChange={(e) => set('nameEn', e.target.value)}
              />
            )}
          </FormField>
        </div>
        <div id="pf-name-ar">
          <FormField label={t('products.field.nameAr')} error={errors.nameAr}>
            {(p) => (
              <input
                {...p}
                className={fieldClass}
                dir="rtl"
                lang="ar"
                maxLength={200}
                value={draft.nameAr}
                onChange={(e) => set('nameAr', e.target.value)}
              />
            )}
          </FormField>
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
        <FormField label={t('products.field.family')} error={errors.familyId} hint={t('products.field.familyHint')}>
          {(p) => (
            <select {...p} className={fieldClass} value={draft.familyId ?? ''} onChange={(e) => set('familyId', e.target.value || null)}>
              <option value="">{t('products.field.noFamily')}</option>
              {options.families.map((f) => (
                <option key={f.id} value={f.id}>
                  {localName(language, f)}
                </option>
              ))}
            </select>
          )}
        </FormField>
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
