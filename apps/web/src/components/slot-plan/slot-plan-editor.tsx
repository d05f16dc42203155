import { MAX_SLOTS_PER_BATCH } from '@market/contracts/plain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Save, Undo2 } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../ui/button';
import { errorMessage } from '../../lib/api-errors';
import { useI18n } from '../../app/i18n/i18n-provider';
import { PlanCanvas, SlotShape, useShapeProps } from './plan-canvas';
import { applyKey, clampToPlan, defaultPlacement } from './plan-geometry';
import { PlanInspector } from './plan-inspector';
import { PlanKeyboardHelp } from './plan-keyboard-help';
import { PlanLegend } from './plan-legend';
import type { Geometry, PlanCategory, PlanLocation, PlanSlot } from './plan-types';
import { PlanZoomControls, usePlanZoom } from './plan-zoom';
import { savePositions } from './save-positions';
import { SelectedHandles } from './selected-handles';
import { usePlanDraft } from './use-plan-draft';
import { useMetresPerPixel } from './use-metres-per-pixel';
import { usePlanPointer } from './use-plan-pointer';

export interface SlotPlanEditorProps {
  location: PlanLocation;
  slots: PlanSlot[];
  categories: PlanCategory[];
  /** Told of every change to a slot's geometry while editing (before it is saved). */
  onChange?: (slotId: string, geometry: Geometry) => void;
  /** After "Save layout" stored the changes; the editor refreshes the ['market-slots'] and ['market-locations'] queries itself. */
  onSaved?: (slotIds: string[]) => void;
}

/** Arrange a location's slots: drag, turn and resize them, or use the keyboard; "Save layout" stores all changes at once. */
export function SlotPlanEditor({ location, slots, categories, onChange, onSaved }: SlotPlanEditorProps) {
  const { t } = useI18n();
  const qc = useQueryClient();
  const z = usePlanZoom();
  const svgRef = useRef<SVGSVGElement>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const d = usePlanDraft(slots, onChange);
  const shape = useShapeProps(categories);
  const byId = useMemo(() => new Map(slots.map((s) => [s.id, s])), [slots]);
  const mpp = useMetresPerPixel(svgRef, z.zoom);
  const pointer = usePlanPointer({
    svgRef,
    location,
    geometry: d.geometry,
    select: setSelected,
    set: d.set,
    beginGesture: d.beginGesture,
    endGesture: d.endGesture,
  });
  const applyClamped = useCallback((id: string, g: Geometry) => d.apply(id, clampToPlan(g, location)), [d, location]);
  const dirty = d.changedIds.length > 0;

  const save = useMutation({
    mutationFn: () => savePositions(d.changedIds.flatMap((id) => (d.geometry(id) ? [{ id, g: d.geometry(id)! }] : []))),
    onSuccess: async (saved) => {
      d.markSaved(
        Object.fromEntries(
          saved.map((s) => [s.id, { planX: s.planX!, planY: s.planY!, planRotation: s.planRotation, widthM: s.widthM, depthM: s.depthM }]),
        ),
      );
      toast.success(t('plan.saved', { count: saved.length }));
      onSaved?.(saved.map((s) => s.id));
      // The location detail embeds its slots, so both lists refresh.
      await Promise.all([qc.invalidateQueries({ queryKey: ['market-slots'] }), qc.invalidateQueries({ queryKey: ['market-locations'] })]);
    },
  });

  // Leaving the page with unsaved moves asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const onSlotKey = useCallback(
    (e: KeyboardEvent<SVGGElement>, id: string) => {
      if (e.key === 'Escape') {
        if (!pointer.cancel()) setSelected(null);
        return;
      }
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const g = d.geometry(id);
      const next = g && applyKey(g, e.key, e.shiftKey);
      if (!next) return;
      e.preventDefault();
      applyClamped(id, next);
    },
    [d, pointer, applyClamped],
  );
  const onPointerDown = useCallback((e: PointerEvent<SVGGElement>, id: string) => pointer.start(e, id, 'move'), [pointer]);

  const placed = slots.flatMap((s) => {
    const g = d.geometry(s.id);
    return g ? [{ s, g }] : [];
  });
  const unplaced = slots.filter((s) => !d.geometry(s.id));
  const sel = selected ? byId.get(selected) : undefined;
  const selGeometry = selected ? d.geometry(selected) : null;
  const changed = new Set(d.changedIds);
  // "A4: must keep the slot on the plan ..." from a field such as positions.3.planX.
  const saveError = save.error
    ? errorMessage(t, save.error, {
        label: (field) => {
          const m = /^positions\.(\d+)\./.exec(field);
          return m ? (byId.get(d.changedIds[Number(m[1]) % MAX_SLOTS_PER_BATCH] ?? '')?.code ?? '') : undefined;
        },
      })
    : null;

  return (
    <div
      className="flex flex-col gap-3"
      onKeyDown={(e) => {
        const typing = e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement;
        if (!typing && (e.ctrlKey || e.metaKey) && !e.shiftKey && e.key.toLowerCase() === 'z') {
          e.preventDefault();
          d.undo();
        }
      }}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Button onClick={() => save.mutate()} disabled={!dirty || save.isPending}>
          <Save className="size-4" aria-hidden />
          {save.isPending ? t('plan.saving') : t('plan.save')}
        </Button>
        <Button variant="outline" onClick={d.undo} disabled={!d.canUndo || save.isPending} aria-keyshortcuts="Control+Z">
          <Undo2 className="size-4" aria-hidden />
          {t('plan.undo')}
        </Button>
        <Button variant="ghost" onClick={d.discard} disabled={!dirty || save.isPending}>
          {t('plan.discard')}
        </Button>
        <span
          role="status"
          aria-live="polite"
          className={`text-sm ${dirty ? 'font-medium text-amber-700 dark:text-amber-400' : 'text-muted-foreground'}`}
        >
          {dirty ? t('plan.unsaved', { count: d.changedIds.length }) : t('plan.allSaved')}
        </span>
        <div className="ms-auto">
          <PlanZoomControls z={z} />
        </div>
      </div>
      {saveError && (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-2 text-sm text-destructive">
          {saveError}
        </p>
      )}
      <PlanLegend categories={categories} slots={slots} />
      <PlanCanvas
        ref={svgRef}
        location={location}
        zoom={z.zoom}
        label={t('plan.editorLabel', { width: location.planWidthM, depth: location.planDepthM })}
        onPointerMove={pointer.move}
        onPointerUp={(e) => pointer.end(e)}
        onPointerCancel={(e) => pointer.end(e, true)}
        onPointerDown={() => setSelected(null)}
      >
        {placed.map(({ s, g }) => (
          <SlotShape
            key={s.id}
            {...shape(s, g)}
            selected={selected === s.id}
            dirty={changed.has(s.id)}
            interactive
            onPointerDown={onPointerDown}
            onKeyDown={onSlotKey}
            onFocus={setSelected}
          >
            {selected === s.id && <SelectedHandles id={s.id} g={g} mpp={mpp} start={pointer.start} />}
          </SlotShape>
        ))}
      </PlanCanvas>
      <PlanKeyboardHelp />
      {sel && selGeometry && <PlanInspector code={sel.code} geometry={selGeometry} onApply={(g) => applyClamped(sel.id, g)} />}
      {unplaced.length > 0 && (
        <section className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold">{t('plan.unplaced', { count: unplaced.length })}</h3>
          <div className="flex flex-wrap gap-1">
            {unplaced.map((s) => (
              <Button
                key={s.id}
                variant="outline"
                size="sm"
                aria-label={t('plan.place', { code: s.code })}
                onClick={() => {
                  d.apply(
                    s.id,
                    defaultPlacement(
                      { widthM: Math.min(s.widthM, location.planWidthM), depthM: Math.min(s.depthM, location.planDepthM) },
                      location,
                    ),
                  );
                  setSelected(s.id);
                }}
              >
                {s.code}
              </Button>
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
