import { Check } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-errors';
import { cn } from '../../../lib/cn';
import { useI18n } from '../../../app/i18n/i18n-provider';
import { useCategoryOptions } from '../../applications';
import { useSetCategories, type Vendor } from '../vendors-api';
import { CategoryChip } from './vendor-badges';

/** Picks the vendor's market categories among the organization's (inactive ones only while still assigned). */
export function VendorCategoriesSection({ vendor }: { vendor: Vendor }) {
  const { t, language } = useI18n();
  const options = useCategoryOptions();
  const save = useSetCategories(vendor.id);
  const current = vendor.categories.map((c) => c.id);
  const [picked, setPicked] = useState<string[]>(current);
  useEffect(() => setPicked(vendor.categories.map((c) => c.id)), [vendor.categories]);
  const dirty = picked.length !== current.length || picked.some((id) => !current.includes(id));
  const choices = (options.data ?? []).filter((c) => c.isActive || current.includes(c.id));
  const toggle = (id: string) => setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p, id]));

  if (options.isPending) return <p className="text-sm text-muted-foreground">{t('common.loading')}</p>;
  return (
    <div className="flex flex-col gap-3">
      {options.error && <p className="text-sm text-muted-foreground">{t('vendors.categories.unavailable')}</p>}
      {!options.error && choices.length === 0 && (
        <p className="text-sm text-muted-foreground">{t('vendors.categories.noneInOrganization')}</p>
      )}
      {choices.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t('vendors.section.categories')}>
          {choices.map((c) => {
            const on = picked.includes(c.id);
            return (
              <li key={c.id}>
                <button
                  type="button"
                  aria-pressed={on}
                  onClick={() => toggle(c.id)}
                  className={cn(
                    'inline-flex items-center gap-1 rounded-full p-0.5 outline-none focus-visible:outline-2 focus-visible:outline-ring',
                    !on && 'opacity-60 grayscale hover:opacity-100 hover:grayscale-0',
                  )}
                >
                  <CategoryChip name={language === 'ar' ? c.nameAr : c.nameEn} colour={c.colour} inactive={!c.isActive} />
                  {on && <Check className="size-3.5" aria-hidden />}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {save.error && (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(t, save.error)}
        </p>
      )}
      {choices.length > 0 && (
        <div className="flex justify-end gap-2">
          <Button variant="outline" size="sm" disabled={!dirty || save.isPending} onClick={() => setPicked(current)}>
            {t('vendors.discard')}
          </Button>
          <Button
            size="sm"
            disabled={!dirty || save.isPending}
            onClick={() =>
              save.mutate(
                { categoryIds: picked, expectedUpdatedAt: vendor.updatedAt },
                { onSuccess: () => toast.success(t('vendors.toast.categoriesSaved')) },
              )
            }
          >
            {save.isPending ? t('vendors.saving') : t('vendors.save')}
          </Button>
        </div>
      )}
    </div>
  );
}
