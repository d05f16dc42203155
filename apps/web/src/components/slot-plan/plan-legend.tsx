import { useI18n } from '../../app/i18n/i18n-provider';
import { NO_CATEGORY_COLOUR } from './plan-canvas';
import type { PlanCategory, PlanSlot } from './plan-types';

/** Which colour is which category, for the slots the plan shows: their categories, "no category" and "blocked" when any is. */
export function PlanLegend({ categories, slots }: { categories: PlanCategory[]; slots: Pick<PlanSlot, 'categoryId' | 'status'>[] }) {
  const { t, language } = useI18n();
  const used = new Set(slots.map((s) => s.categoryId));
  const known = new Set(categories.map((c) => c.id));
  const shown = categories.filter((c) => used.has(c.id));
  const showUncategorised = slots.some((s) => !s.categoryId || !known.has(s.categoryId));
  const showBlocked = slots.some((s) => s.status === 'blocked');
  if (!shown.length && !showUncategorised && !showBlocked) return null;
  return (
    <ul aria-label={t('plan.legend')} className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
      {shown.map((c) => (
        <li key={c.id} className="flex items-center gap-1.5">
          <span aria-hidden className="inline-block size-3 rounded-sm border" style={{ backgroundColor: c.colour }} />
          {language === 'ar' ? c.nameAr : c.nameEn}
        </li>
      ))}
      {showUncategorised && (
        <li className="flex items-center gap-1.5">
          <span aria-hidden className="inline-block size-3 rounded-sm border" style={{ backgroundColor: NO_CATEGORY_COLOUR }} />
          {t('plan.noCategory')}
        </li>
      )}
      {showBlocked && (
        <li className="flex items-center gap-1.5">
          <span
            aria-hidden
            className="inline-block size-3 rounded-sm border border-dashed bg-[repeating-linear-gradient(45deg,#e2e8f0_0_2px,#475569_2px_3px)]"
          />
          {t('plan.blocked')}
        </li>
      )}
    </ul>
  );
}
