/**
 * Automatic allocation of one market day (issue 16): a proposal of which accepted request goes to which free
 * slot, with the reason for each placement. Pure and deterministic: no database, no clock, no randomness, and
 * every input list is sorted by stable keys first, so the same input in any array order gives the same output.
 *
 * Rules: a locked or checked-in assignment never moves and its slot is taken; unlocked confirmed assignments
 * are kept too unless `keepUnlocked` is false, which releases those whose request is in `requests` so they
 * compete again. Blocked slots are never used. A slot with a category takes only requests of that category; a
 * slot without one takes any. A category never exceeds its capacity (kept assignments count).
 *
 * Algorithm (explainable, O(requests x slots x neighbours)):
 * 1. Admission: requests in order (priority desc, acceptedAt asc, id) each reserve one place: a slot of their
 *    own category while any is free, else a slot without category. A request finding its category at capacity
 *    is `category_full`; one finding no fitting place is `no_fitting_slot`. Because requests of one category
 *    are interchangeable, this greedy admits the best set by priority; everything after only decides where.
 * 2. Previous slots: admitted vendors return to a slot they held on an earlier day of this location. Round k
 *    tries every vendor's k-th most recent slot (the most recent holder of a slot wins; equal rounds go by the
 *    entry's date, then request order). Taking a slot without category is allowed only if every admitted
 *    request still has a place afterwards. Keeping a stall beats keeping categories apart.
 * 3. The rest, in request order (step 1 already holds a place for each, so a most-constrained-first order
 *    would change nothing but who picks first; priority decides that). Candidates are the free slots of the
 *    request's own category, or, when none is left, the free slots without category: a manager's designated
 *    slots fill before the shared ones, even side by side. Among candidates, the one with the fewest
 *    neighbours of the same category wins, then natural slot order (zone, A2 < A10, id).
 * Reasons: `kept_previous_slot` (step 2), `only_fitting_slot` (one fitting free slot existed),
 * `apart_from_same_category` (the neighbour rule moved it off the first candidate), `category_slot` (a slot
 * designated for its category), `any_free_slot` (otherwise).
 */

export interface AllocationSlot {
  id: string;
  code: string;
  zone: string;
  /** null: the slot takes any category. */
  categoryId: string | null;
  status: 'open' | 'blocked';
  /** Slots next to this one (the caller derives them from plan positions or zone and code order); symmetric. */
  neighbourIds?: readonly string[];
}

/** An accepted request of the day (already assigned ones may be included: they are skipped while kept). */
export interface AllocationRequest {
  id: string;
  vendorId: string;
  categoryId: string;
  priority: number;
  acceptedAt: Date | string | null;
}

/** A holding assignment of the day (confirmed or checked in); pass every one, capacity counts them. */
export interface AllocationAssignment {
  id: string;
  slotId: string;
  vendorId: string;
  requestId: string | null;
  categoryId: string;
  locked: boolean;
  status?: 'confirmed' | 'checked_in';
}

/** A slot the vendor held on an earlier day of this location. */
export interface PreviousSlot {
  slotId: string;
  /** ISO date of that day, repeated in the placement's reason. */
  date?: string;
}

export interface AllocationInput {
  slots: readonly AllocationSlot[];
  requests: readonly AllocationRequest[];
  assignments?: readonly AllocationAssignment[];
  /** Per vendor id, its earlier slots at this location, most recent first. */
  previousSlots?: Readonly<Record<string, readonly PreviousSlot[]>>;
  /** Per category id, the most vendors of that category on the day; a category not listed has no limit. */
  capacities?: Readonly<Record<string, number>>;
  /** Default true: only fill free slots. False: release unlocked confirmed assignments and re-place them. */
  keepUnlocked?: boolean;
}

export type PlacementReason =
  | { code: 'kept_previous_slot'; params: { date?: string } }
  | { code: 'only_fitting_slot' | 'category_slot' | 'apart_from_same_category' | 'any_free_slot'; params: Record<string, never> };

export interface Placement {
  requestId: string;
  vendorId: string;
  slotId: string;
  reason: PlacementReason;
}

export interface Unplaced {
  requestId: string;
  reason: 'no_fitting_slot' | 'category_full';
}

export interface AllocationResult {
  /** In natural slot order. */
  placements: Placement[];
  /** In request order (priority desc, acceptedAt asc, id). */
  unplaced: Unplaced[];
  /** Assignments to cancel before applying the placements (only with keepUnlocked false; unchanged ones omitted). */
  released: string[];
}

// Plain code-unit comparison: localeCompare depends on the machine's locale and ICU version.
const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Compares digit strings as numbers of any length. */
function cmpDigits(a: string, b: string): number {
  const x = a.replace(/^0+/, '');
  const y = b.replace(/^0+/, '');
  return x.length - y.length || cmp(x, y);
}

/** Zone, then code in natural order (as the slot list shows them: A2 before A10), then id. */
export function compareSlots(a: AllocationSlot, b: AllocationSlot): number {
  const split = (code: string) => {
    const m = /^(.*?)(\d*)$/.exec(code)!;
    return { prefix: m[1]!.toLowerCase(), num: m[2]! };
  };
  const sa = split(a.code);
  const sb = split(b.code);
  const numOrder = sa.num === '' || sb.num === '' ? (sa.num === '' ? -1 : 0) + (sb.num === '' ? 1 : 0) : cmpDigits(sa.num, sb.num);
  return (
    cmp(a.zone.toLowerCase(), b.zone.toLowerCase()) ||
    cmp(a.zone, b.zone) ||
    cmp(sa.prefix, sb.prefix) ||
    numOrder ||
    cmp(a.code.toLowerCase(), b.code.toLowerCase()) ||
    cmp(a.code, b.code) ||
    cmp(a.id, b.id)
  );
}

const acceptedMs = (r: AllocationRequest): number => {
  const ms = r.acceptedAt === null ? NaN : new Date(r.acceptedAt).getTime();
  return Number.isNaN(ms) ? Number.POSITIVE_INFINITY : ms;
};

/** Priority desc, then accepted earliest (never accepted last), then id. */
export function compareRequests(a: AllocationRequest, b: AllocationRequest): number {
  const ta = acceptedMs(a);
  const tb = acceptedMs(b);
  return b.priority - a.priority || (ta === tb ? 0 : ta < tb ? -1 : 1) || cmp(a.id, b.id) || cmp(a.vendorId, b.vendorId);
}

interface SlotState {
  slot: AllocationSlot;
  order: number;
  /** Category of the vendor on it, or undefined while free. */
  occupant: string | undefined;
}

export function allocateMarketDay(input: AllocationInput): AllocationResult {
  const keepUnlocked = input.keepUnlocked ?? true;
  const capacities = input.capacities ?? {};
  const previous = input.previousSlots ?? {};

  const slots = new Map<string, SlotState>();
  [...input.slots].sort(compareSlots).forEach((slot) => {
    if (!slots.has(slot.id)) slots.set(slot.id, { slot, order: slots.size, occupant: undefined });
  });
  const neighbours = new Map<string, Set<string>>([...slots.keys()].map((id) => [id, new Set<string>()]));
  for (const { slot } of slots.values()) {
    for (const n of slot.neighbourIds ?? []) {
      if (n === slot.id || !slots.has(n)) continue;
      neighbours.get(slot.id)!.add(n);
      neighbours.get(n)!.add(slot.id);
    }
  }

  const requestIds = new Set(input.requests.map((r) => r.id));
  const assignments = [...(input.assignments ?? [])].sort((a, b) => cmp(a.id, b.id));
  const releasable = (a: AllocationAssignment) =>
    !keepUnlocked && !a.locked && a.status !== 'checked_in' && a.requestId !== null && requestIds.has(a.requestId);
  const released = assignments.filter(releasable);
  const kept = assignments.filter((a) => !releasable(a));

  const heldVendors = new Set<string>();
  const heldRequests = new Set<string>();
  const used = new Map<string, number>();
  for (const a of kept) {
    heldVendors.add(a.vendorId);
    if (a.requestId !== null) heldRequests.add(a.requestId);
    used.set(a.categoryId, (used.get(a.categoryId) ?? 0) + 1);
    const s = slots.get(a.slotId);
    if (s) s.occupant = a.categoryId;
  }

  // Free slots: of one category (by category id), or shared; kept in natural order.
  const freeOwn = new Map<string, SlotState[]>();
  const freeShared: SlotState[] = [];
  for (const s of slots.values()) {
    if (s.occupant !== undefined || s.slot.status === 'blocked') continue;
    if (s.slot.categoryId === null) freeShared.push(s);
    else if (freeOwn.has(s.slot.categoryId)) freeOwn.get(s.slot.categoryId)!.push(s);
    else freeOwn.set(s.slot.categoryId, [s]);
  }
  const own = (c: string) => freeOwn.get(c)?.length ?? 0;

  // 1. Admission.
  const unplaced: Unplaced[] = [];
  const admitted: AllocationRequest[] = [];
  const reservedOwn = new Map<string, number>();
  let reservedShared = 0;
  const seenVendors = new Set<string>();
  for (const r of [...input.requests].sort(compareRequests)) {
    // A vendor trades once a day: one already holding a slot, or a second request of one vendor, is skipped.
    if (heldRequests.has(r.id) || heldVendors.has(r.vendorId) || seenVendors.has(r.vendorId)) continue;
    seenVendors.add(r.vendorId);
    const cap = capacities[r.categoryId];
    if (cap !== undefined && (used.get(r.categoryId) ?? 0) >= cap) {
      unplaced.push({ requestId: r.id, reason: 'category_full' });
      continue;
    }
    if ((reservedOwn.get(r.categoryId) ?? 0) < own(r.categoryId)) reservedOwn.set(r.categoryId, (reservedOwn.get(r.categoryId) ?? 0) + 1);
    else if (reservedShared < freeShared.length) reservedShared++;
    else {
      unplaced.push({ requestId: r.id, reason: 'no_fitting_slot' });
      continue;
    }
    used.set(r.categoryId, (used.get(r.categoryId) ?? 0) + 1);
    admitted.push(r);
  }

  // Requests still to place per category (in request order), and what taking a slot does to the others.
  const waiting = new Map<string, AllocationRequest[]>();
  for (const r of admitted) {
    if (waiting.has(r.categoryId)) waiting.get(r.categoryId)!.push(r);
    else waiting.set(r.categoryId, [r]);
  }
  const overflow = () => {
    let n = 0;
    for (const [c, list] of waiting) n += Math.max(0, list.length - own(c));
    return n;
  };
  const placements: Placement[] = [];
  const place = (r: AllocationRequest, s: SlotState, reason: PlacementReason) => {
    s.occupant = r.categoryId;
    const pool = s.slot.categoryId === null ? freeShared : freeOwn.get(s.slot.categoryId)!;
    pool.splice(pool.indexOf(s), 1);
    const list = waiting.get(r.categoryId)!;
    list.splice(list.indexOf(r), 1);
    placements.push({ requestId: r.id, vendorId: r.vendorId, slotId: s.slot.id, reason });
  };

  // 2. Previous slots, round by round.
  const order = new Map(admitted.map((r, i) => [r.id, i]));
  const tries = admitted.flatMap((r) => (previous[r.vendorId] ?? []).map((p, round) => ({ r, p, round })));
  tries.sort((a, b) => a.round - b.round || cmp(b.p.date ?? '', a.p.date ?? '') || order.get(a.r.id)! - order.get(b.r.id)!);
  const done = new Set<string>();
  for (const { r, p } of tries) {
    const s = slots.get(p.slotId);
    if (done.has(r.id) || !s || s.occupant !== undefined || s.slot.status === 'blocked') continue;
    if (s.slot.categoryId !== null && s.slot.categoryId !== r.categoryId) continue;
    if (s.slot.categoryId === null) {
      // Would every other admitted request still find a place? Check on the counts after the move.
      const list = waiting.get(r.categoryId)!;
      const before = overflow() - Math.max(0, list.length - own(r.categoryId));
      if (before + Math.max(0, list.length - 1 - own(r.categoryId)) > freeShared.length - 1) continue;
    }
    place(r, s, { code: 'kept_previous_slot', params: p.date === undefined ? {} : { date: p.date } });
    done.add(r.id);
  }

  // 3. The rest in request order: admission holds a place for each, so the order only decides who picks first.
  for (const r of admitted) {
    if (done.has(r.id)) continue;
    const candidates = own(r.categoryId) > 0 ? freeOwn.get(r.categoryId)! : freeShared;
    const clashes = (s: SlotState) => {
      let n = 0;
      for (const id of neighbours.get(s.slot.id)!) if (slots.get(id)!.occupant === r.categoryId) n++;
      return n;
    };
    // Admission guarantees a candidate; the candidate lists are in natural order, so the first minimum wins.
    let best = candidates[0]!;
    let bestClashes = clashes(best);
    const firstClashes = bestClashes;
    for (const s of candidates) {
      const n = clashes(s);
      if (n < bestClashes) [best, bestClashes] = [s, n];
    }
    const fitting = own(r.categoryId) + freeShared.length;
    const code =
      fitting === 1
        ? 'only_fitting_slot'
        : bestClashes < firstClashes
          ? 'apart_from_same_category'
          : best.slot.categoryId !== null
            ? 'category_slot'
            : 'any_free_slot';
    place(r, best, { code, params: {} });
  }

  // A released assignment proposed back onto its own slot is no change: neither released nor placed.
  const unchanged = new Set(
    released.filter((a) => placements.some((p) => p.requestId === a.requestId && p.slotId === a.slotId)).map((a) => a.requestId),
  );
  return {
    placements: placements
      .filter((p) => !unchanged.has(p.requestId))
      .sort((a, b) => slots.get(a.slotId)!.order - slots.get(b.slotId)!.order),
    unplaced,
    released: released.filter((a) => !unchanged.has(a.requestId)).map((a) => a.id),
  };
}
