import type { Geometry, PlanLocation } from './plan-types';

export const MOVE_STEP = 0.5;
export const FINE_STEP = 0.1;
export const ROTATE_STEP = 15;
export const MIN_SIZE = 0.5;
export const MAX_SIZE = 100;

const round2 = (v: number) => Math.round(v * 100) / 100;
export const snap = (v: number, step: number) => round2(Math.round(v / step) * step);
const clampTo = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), Math.max(lo, hi));
export const normaliseAngle = (deg: number) => ((Math.round(deg) % 360) + 360) % 360;

/**
 * Keeps the unrotated rectangle on the plan (the server's rule): the size first, within the plan and
 * 0.5-100 m, then the corner so the slot does not reach past an edge.
 */
export function clampToPlan(g: Geometry, plan: Pick<PlanLocation, 'planWidthM' | 'planDepthM'>): Geometry {
  const widthM = round2(clampTo(g.widthM, MIN_SIZE, Math.min(MAX_SIZE, plan.planWidthM)));
  const depthM = round2(clampTo(g.depthM, MIN_SIZE, Math.min(MAX_SIZE, plan.planDepthM)));
  return {
    widthM,
    depthM,
    planX: round2(clampTo(g.planX, 0, plan.planWidthM - widthM)),
    planY: round2(clampTo(g.planY, 0, plan.planDepthM - depthM)),
    planRotation: normaliseAngle(g.planRotation),
  };
}

export const sameGeometry = (a: Geometry, b: Geometry) =>
  a.planX === b.planX && a.planY === b.planY && a.planRotation === b.planRotation && a.widthM === b.widthM && a.depthM === b.depthM;

/** The change a key press makes to the focused slot, or null when the key is not a plan key. */
export function applyKey(g: Geometry, key: string, shift: boolean): Geometry | null {
  const step = shift ? FINE_STEP : MOVE_STEP;
  switch (key) {
    case 'ArrowLeft':
      return { ...g, planX: round2(g.planX - step) };
    case 'ArrowRight':
      return { ...g, planX: round2(g.planX + step) };
    case 'ArrowUp':
      return { ...g, planY: round2(g.planY - step) };
    case 'ArrowDown':
      return { ...g, planY: round2(g.planY + step) };
    case 'r':
    case 'R':
      return { ...g, planRotation: normaliseAngle(g.planRotation + (shift ? -ROTATE_STEP : ROTATE_STEP)) };
    case '+':
    case '=':
      return { ...g, widthM: round2(g.widthM + MOVE_STEP), depthM: round2(g.depthM + MOVE_STEP) };
    case '-':
    case '_':
      return { ...g, widthM: round2(g.widthM - MOVE_STEP), depthM: round2(g.depthM - MOVE_STEP) };
    default:
      return null;
  }
}

/** A pointer's movement in the slot's own axes (for resizing a rotated slot along its sides). */
export function toSlotAxes(dx: number, dy: number, rotationDeg: number): { along: number; across: number } {
  const r = (rotationDeg * Math.PI) / 180;
  return { along: dx * Math.cos(r) + dy * Math.sin(r), across: -dx * Math.sin(r) + dy * Math.cos(r) };
}

/** The rotation that points the slot's top edge handle at the pointer, snapped to 15° unless fine. */
export function rotationTowards(centre: { x: number; y: number }, p: { x: number; y: number }, fine: boolean): number {
  // The handle sits above the centre, so "up" (-y) is 0°.
  const deg = (Math.atan2(p.x - centre.x, -(p.y - centre.y)) * 180) / Math.PI;
  return normaliseAngle(fine ? deg : Math.round(deg / ROTATE_STEP) * ROTATE_STEP);
}

export const centreOf = (g: Geometry) => ({ x: g.planX + g.widthM / 2, y: g.planY + g.depthM / 2 });

/** A free-looking spot for a slot that has no position yet: the plan's centre, on the grid. */
export function defaultPlacement(
  size: { widthM: number; depthM: number },
  plan: Pick<PlanLocation, 'planWidthM' | 'planDepthM'>,
): Geometry {
  return clampToPlan(
    {
      planX: snap((plan.planWidthM - size.widthM) / 2, MOVE_STEP),
      planY: snap((plan.planDepthM - size.depthM) / 2, MOVE_STEP),
      planRotation: 0,
      ...size,
    },
    plan,
  );
}

export const geometryOf = (s: {
  planX: number | null;
  planY: number | null;
  planRotation: number;
  widthM: number;
  depthM: number;
}): Geometry | null =>
  s.planX === null || s.planY === null
    ? null
    : { planX: s.planX, planY: s.planY, planRotation: s.planRotation, widthM: s.widthM, depthM: s.depthM };
