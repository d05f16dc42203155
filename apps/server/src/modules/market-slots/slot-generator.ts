/** Pure layout of a generated run of slots: codes and plan positions, no database. */

export interface SlotRunInput {
  prefix: string;
  from: number;
  to: number;
  widthM: number;
  depthM: number;
  layout: { startX: number; startY: number; direction: 'row' | 'column'; gapM: number };
}

export interface PlannedSlot {
  code: string;
  planX: number;
  planY: number;
}

/** Metres as stored (numeric with two decimals), so what we check is what we keep. */
export const toCentimetres = (m: number) => Math.round(m * 100) / 100;

/**
 * Slots prefix+from .. prefix+to, side by side: along x for a row (each the slot's width plus the gap
 * further), along y for a column. Numbers are not zero-padded (A1, A2 ... A10), as stall codes are painted.
 */
export function planSlotRun(input: SlotRunInput): PlannedSlot[] {
  const { prefix, from, to, widthM, depthM, layout } = input;
  const step = (layout.direction === 'row' ? widthM : depthM) + layout.gapM;
  const out: PlannedSlot[] = [];
  for (let n = from; n <= to; n++) {
    const offset = (n - from) * step;
    out.push({
      code: `${prefix}${n}`,
      planX: toCentimetres(layout.startX + (layout.direction === 'row' ? offset : 0)),
      planY: toCentimetres(layout.startY + (layout.direction === 'column' ? offset : 0)),
    });
  }
  return out;
}

/** The first planned slot that would reach past the plan, if any (the unrotated rectangle must fit). */
export function firstOutOfPlan(
  slots: readonly PlannedSlot[],
  size: { widthM: number; depthM: number },
  plan: { widthM: number; depthM: number },
): { slot: PlannedSlot; axis: 'x' | 'y' } | null {
  for (const slot of slots) {
    if (!fitsAlong(slot.planX, size.widthM, plan.widthM)) return { slot, axis: 'x' };
    if (!fitsAlong(slot.planY, size.depthM, plan.depthM)) return { slot, axis: 'y' };
  }
  return null;
}

/** Half a centimetre of slack: the stored values are rounded to centimetres. */
export const fitsAlong = (start: number, length: number, planLength: number) => start >= 0 && start + length <= planLength + 0.005;
