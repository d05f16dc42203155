import { SlotPlanEditor } from '../../components/slot-plan';
import { useI18n } from '../../app/i18n/i18n-provider';
import type { Category, Location, Slot } from './slots-api';

/** The plan view of the slots page: every slot of the location (filters apply to the table only). */
export function SlotPlanPanel({ location, slots, categories }: { location: Location; slots: Slot[]; categories: Category[] }) {
  const { t } = useI18n();
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-muted-foreground">{t('slots.planIntro', { width: location.planWidthM, depth: location.planDepthM })}</p>
      <SlotPlanEditor
        location={{
          id: location.id,
          planWidthM: location.planWidthM,
          planDepthM: location.planDepthM,
          planImageUrl: location.planImageUrl,
        }}
        slots={slots}
        categories={categories}
      />
    </div>
  );
}
