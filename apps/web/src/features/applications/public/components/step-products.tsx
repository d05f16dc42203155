import { FileCheck2 } from 'lucide-react';
import { useI18n } from '../../../../app/i18n/i18n-provider';
import { localName } from '../apply-format';
import { AnswerText, FieldGroup, useProblemText, type StepProps } from './apply-fields';
import { ChoiceFieldset, toggled } from './choice-fields';

/** What the vendor sells, and the categories as checkable cards with their colour and required documents. */
export function ProductsStep(s: StepProps) {
  const { t, language } = useI18n();
  const problemText = useProblemText();
  const error = problemText(s.problems.categoryIds);

  return (
    <div className="flex flex-col gap-6">
      <FieldGroup title={t('apply.step.products')} description={t('apply.products.intro')}>
        <AnswerText k="productsDescription" s={s} rows={5} className="sm:col-span-2" hint={t('apply.hint.productsDescription')} />
      </FieldGroup>
      <ChoiceFieldset
        legend={t('apply.field.categoryIds')}
        legendClassName="font-medium"
        hint={t('apply.products.categoriesHint')}
        hintClassName="text-xs text-muted-foreground"
        error={error}
      >
        {s.form.categories.length === 0 && (
          <p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground">{t('apply.products.noCategories')}</p>
        )}
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {s.form.categories.map((c) => {
            const description = language === 'ar' ? c.descriptionAr || c.descriptionEn : c.descriptionEn || c.descriptionAr;
            return (
              <label
                key={c.id}
                className="flex cursor-pointer items-start gap-3 rounded-lg border border-s-4 p-3 text-sm has-[:checked]:bg-accent has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
                style={{ borderInlineStartColor: c.colour }}
              >
                <input
                  type="checkbox"
                  name="categoryIds"
                  value={c.id}
                  className="mt-0.5 size-4 shrink-0"
                  checked={s.values.categoryIds.includes(c.id)}
                  aria-invalid={!!error}
                  onChange={(e) => s.set('categoryIds', toggled(s.values.categoryIds, c.id, e.target.checked))}
                />
                <span className="flex min-w-0 flex-col gap-1">
                  <span className="font-medium">{localName(c, language)}</span>
                  {description && <span className="text-xs text-muted-foreground">{description}</span>}
                  {c.requiredDocumentTypes.length > 0 && (
                    <span className="flex items-center gap-1 text-xs">
                      <FileCheck2 className="size-3.5 shrink-0" aria-hidden />
                      {t('apply.products.requires', {
                        documents: c.requiredDocumentTypes.map((d) => t(`apply.docType.${d}`)).join(t('apply.listSeparator')),
                      })}
                    </span>
                  )}
                </span>
              </label>
            );
          })}
        </div>
      </ChoiceFieldset>
    </div>
  );
}
