import { useCallback, useRef, type PointerEvent, type RefObject } from 'react';
import { centreOf, clampToPlan, MOVE_STEP, rotationTowards, snap, toSlotAxes } from './plan-geometry';
import type { Geometry, PlanLocation } from './plan-types';

export type DragKind = 'move' | 'rotate' | 'resize';

interface Drag {
  kind: DragKind;
  id: string;
  pointerId: number;
  start: { x: number; y: number };
  from: Geometry;
  moved: boolean;
}

interface Options {
  svgRef: RefObject<SVGSVGElement | null>;
  location: PlanLocation;
  geometry: (id: string) => Geometry | null;
  select: (id: string) => void;
  set: (id: string, g: Geometry) => void;
  beginGesture: () => void;
  endGesture: (cancel?: boolean) => void;
}

/** The pointer in plan metres. */
function planPoint(svg: SVGSVGElement, e: { clientX: number; clientY: number }) {
  const m = svg.getScreenCTM();
  if (!m) return { x: 0, y: 0 };
  const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
  return { x: p.x, y: p.y };
}

/**
 * Drag to move (snapping to 0.5 m), to turn (15° steps, 1° with Shift) and to resize (0.5 m steps,
 * along the slot's own sides). Mouse, pen and touch alike, through pointer capture.
 */
export function usePlanPointer(options: Options) {
  const drag = useRef<Drag | null>(null);
  // The latest options behind stable handlers, so memoised slot shapes do not redraw on every render.
  const latest = useRef(options);
  latest.current = options;

  const start = useCallback((e: PointerEvent<SVGElement>, id: string, kind: DragKind) => {
    const o = latest.current;
    if (e.button !== 0 || !o.svgRef.current) return;
    const from = o.geometry(id);
    if (!from) return;
    e.stopPropagation();
    o.select(id);
    (e.currentTarget as Element).setPointerCapture?.(e.pointerId);
    drag.current = { kind, id, pointerId: e.pointerId, start: planPoint(o.svgRef.current, e), from, moved: false };
    o.beginGesture();
  }, []);

  const move = useCallback((e: PointerEvent<SVGElement>) => {
    const o = latest.current;
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId || !o.svgRef.current) return;
    const p = planPoint(o.svgRef.current, e);
    const dx = p.x - d.start.x;
    const dy = p.y - d.start.y;
    if (!d.moved && Math.hypot(dx, dy) < 0.1) return;
    d.moved = true;
    let next: Geometry;
    if (d.kind === 'move') {
      next = { ...d.from, planX: snap(d.from.planX + dx, MOVE_STEP), planY: snap(d.from.planY + dy, MOVE_STEP) };
    } else if (d.kind === 'rotate') {
      next = { ...d.from, planRotation: rotationTowards(centreOf(d.from), p, e.shiftKey) };
    } else {
      const { along, across } = toSlotAxes(dx, dy, d.from.planRotation);
      next = { ...d.from, widthM: snap(d.from.widthM + along, MOVE_STEP), depthM: snap(d.from.depthM + across, MOVE_STEP) };
    }
    o.set(d.id, clampToPlan(next, o.location));
  }, []);

  const end = useCallback((e: PointerEvent<SVGElement>, cancel = false) => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    drag.current = null;
    latest.current.endGesture(cancel || !d.moved);
  }, []);

  /** Escape during a drag puts the slot back. */
  const cancel = useCallback(() => {
    if (!drag.current) return false;
    drag.current = null;
    latest.current.endGesture(true);
    return true;
  }, []);

  return { start, move, end, cancel };
}
