import { useI18n } from '../../../app/i18n/i18n-provider';
import { CompletenessBar } from '../list/product-badges';
import type { FormOptions, Product } from '../products-api';
import { DetailsSection, focusField } from './section';

/** Score per locale and what is missing, each item leading to its field (as stored: save to update it). */
export function CompletenessSection({ product, options }: { product: Product; options: FormOptions }) {
  const { t, language } = useI18n();
  const attributes = new Map(options.families.flatMap((f) => f.attributes).map((a) => [a.id, a]));
  const label = (locale: 'en' | 'ar', key: string): { text: string; anchor: string } => {
    if (key === 'name')
      return { text: t(locale === 'en' ? 'products.field.nameEn' : 'products.field.nameAr'), anchor: `pf-name-${locale}` };
    if (key === 'description')
      return {
        text: t(locale === 'en' ? 'products.field.descriptionEn' : 'products.field.descriptionAr'),
        anchor: `pf-description-${locale}`,
      };
    const a = attributes.get(key);
    return { text: a ? (language === 'ar' && a.nameAr ? a.nameAr : a.nameEn) : key, anchor: `pf-attr-${key}` };
  };
  return (
    <DetailsSection id="completeness" title={t('products.section.completeness')}>
      <div className="grid gap-4 md:grid-cols-2">
        {(['en', 'ar'] as const).map((locale) => {
          const c = product.completeness[locale];
          return (
            <div key={locale} className="flex flex-col gap-2 rounded-md border p-3" data-testid={`completeness-${locale}`}>
              <div className="flex items-center justify-between gap-2">
                <h3 className="text-sm font-medium">{t(`products.completeness.${locale}`)}</h3>
                <CompletenessBar score={c.score} />
              </div>
              {c.missing.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t('products.completeness.complete')}</p>
              ) : (
                <>
                  <p className="text-xs text-muted-foreground">
                    {t('products.completeness.missing', { count: c.missing.length, required: c.required })}
                  </p>
                  <ul className="flex flex-wrap gap-1">
                    {c.missing.map((key) => {
                      const { text, anchor } = label(locale, key);
                      return (
                        <li key={key}>
                          <button
                            type="button"
                            className="rounded-full border px-2 py-0.5 text-xs text-primary hover:bg-accent"
                            onClick={() => focusField(anchor)}
                          >
                            {text}
                          </button>
                        </li>
                      );
                    })}
                  </ul>
                </>
              )}
            </div>
          );
        })}
      </div>
    </DetailsSection>
  );
}
