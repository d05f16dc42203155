import { useI18n } from '../../app/i18n/i18n-provider';
import { PlanCanvas, SlotShape, useShapeProps } from './plan-canvas';
import { geometryOf } from './plan-geometry';
import { PlanLegend } from './plan-legend';
import type { PlanCategory, PlanLocation, PlanSlot } from './plan-types';
import { PlanZoomControls, usePlanZoom } from './plan-zoom';

export interface SlotPlanProps {
  location: PlanLocation;
  slots: PlanSlot[];
  categories: PlanCategory[];
}

/** A location's slot plan to look at: slots to scale over the site plan, coloured by category, with zoom. */
export function SlotPlan({ location, slots, categories }: SlotPlanProps) {
  const { t } = useI18n();
  const z = usePlanZoom();
  const shape = useShapeProps(categories);
  const placed = slots.flatMap((s) => {
    const g = geometryOf(s);
    return g ? [{ s, g }] : [];
  });
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <PlanLegend categories={categories} slots={placed.map((p) => p.s)} />
        <PlanZoomControls z={z} />
      </div>
      <PlanCanvas location={location} zoom={z.zoom} label={t('plan.label', { width: location.planWidthM, depth: location.planDepthM })}>
        {placed.map(({ s, g }) => (
          <SlotShape key={s.id} {...shape(s, g)} />
        ))}
      </PlanCanvas>
      {placed.length < slots.length && (
        <p className="text-xs text-muted-foreground">{t('plan.unplacedCount', { count: slots.length - placed.length })}</p>
      )}
    </div>
  );
}
