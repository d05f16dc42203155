import { compareSlots } from './allocation.js';

/** Slots whose outlines are this close (metres) or closer are side by side. */
export const NEIGHBOUR_GAP_M = 0.5;

export interface SlotGeometry {
  id: string;
  code: string;
  zone: string;
  widthM: number;
  depthM: number;
  /** Top-left corner of the unrotated slot on the plan, in metres; null while not placed on the plan. */
  planX: number | null;
  planY: number | null;
  /** Degrees about the slot's centre (as the plan draws it). */
  planRotation: number;
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The axis-aligned box around the slot as drawn: rotated about its centre. */
function boxOf(s: SlotGeometry): Box {
  const r = (s.planRotation * Math.PI) / 180;
  const cos = Math.abs(Math.cos(r));
  const sin = Math.abs(Math.sin(r));
  const halfW = (s.widthM * cos + s.depthM * sin) / 2;
  const halfH = (s.widthM * sin + s.depthM * cos) / 2;
  const cx = s.planX! + s.widthM / 2;
  const cy = s.planY! + s.depthM / 2;
  return { x0: cx - halfW, y0: cy - halfH, x1: cx + halfW, y1: cy + halfH };
}

// A hair over the gap, so rounding of numeric columns never splits two slots drawn exactly 0.5 m apart.
const EPS = 1e-6;
const gap = (a0: number, a1: number, b0: number, b1: number) => Math.max(0, Math.max(a0, b0) - Math.min(a1, b1));

/**
 * Which slots stand next to which (symmetric), for the allocation's "keep same-category vendors apart" rule.
 * Slots on the plan are neighbours when their outlines (the box around a rotated slot) touch or are within
 * 0.5 m of each other. Slots not on the plan fall back to their codes: the next and previous slot of the same
 * zone in natural order (A2 beside A1 and A3, never A10). The box is a slight overestimate for slots turned
 * by an odd angle; markets lay stalls out in rows, where it is exact.
 */
export function slotNeighbours(slots: readonly SlotGeometry[]): Map<string, string[]> {
  const out = new Map<string, Set<string>>(slots.map((s) => [s.id, new Set<string>()]));
  const link = (a: string, b: string) => {
    out.get(a)!.add(b);
    out.get(b)!.add(a);
  };
  const placed = slots.filter((s) => s.planX !== null && s.planY !== null).map((s) => ({ id: s.id, box: boxOf(s) }));
  for (let i = 0; i < placed.length; i++)
    for (let j = i + 1; j < placed.length; j++) {
      const a = placed[i]!.box;
      const b = placed[j]!.box;
      if (gap(a.x0, a.x1, b.x0, b.x1) <= NEIGHBOUR_GAP_M + EPS && gap(a.y0, a.y1, b.y0, b.y1) <= NEIGHBOUR_GAP_M + EPS)
        link(placed[i]!.id, placed[j]!.id);
    }
  const unplaced = slots
    .filter((s) => s.planX === null || s.planY === null)
    .map((s) => ({ ...s, categoryId: null, status: 'open' as const }))
    .sort(compareSlots);
  for (let i = 1; i < unplaced.length; i++) if (unplaced[i]!.zone === unplaced[i - 1]!.zone) link(unplaced[i - 1]!.id, unplaced[i]!.id);
  return new Map([...out].map(([id, set]) => [id, [...set].sort()]));
}
