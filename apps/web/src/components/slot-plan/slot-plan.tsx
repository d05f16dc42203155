import { useMemo } from 'react';
import { useI18n } from '../../app/i18n/i18n-provider';
import { NO_CATEGORY_COLOUR, PlanCanvas, SlotShape } from './plan-canvas';
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
  const colours = useMemo(() => new Map(categories.map((c) => [c.id, c.colour])), [categories]);
  const placed = slots.flatMap((s) => {
    const g = geometryOf(s);
    return g ? [{ s, g }] : [];
  });
  const used = new Set(placed.map((p) => p.s.categoryId));
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <PlanLegend
          categories={categories.filter((c) => used.has(c.id))}
          showUncategorised={placed.some((p) => !p.s.categoryId || !colours.has(p.s.categoryId))}
          showBlocked={placed.some((p) => p.s.status === 'blocked')}
        />
        <PlanZoomControls z={z} />
      </div>
      <PlanCanvas location={location} zoom={z.zoom} label={t('plan.label', { width: location.planWidthM, depth: location.planDepthM })}>
        {placed.map(({ s, g }) => (
          <SlotShape
            key={s.id}
            id={s.id}
            code={s.code}
            geometry={g}
            colour={(s.categoryId && colours.get(s.categoryId)) || NO_CATEGORY_COLOUR}
            blocked={s.status === 'blocked'}
            label={t('plan.slotLabel', {
              code: s.code,
              width: g.widthM,
              depth: g.depthM,
              x: g.planX,
              y: g.planY,
              rotation: g.planRotation,
            })}
          />
        ))}
      </PlanCanvas>
      {placed.length < slots.length && (
        <p className="text-xs text-muted-foreground">{t('plan.unplacedCount', { count: slots.length - placed.length })}</p>
      )}
    </div>
  );
}
