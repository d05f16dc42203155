import { createHash } from 'node:crypto';
import type { DbOrTx } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import * as repo from './allocation-repository.js';
import { slotNeighbours } from './allocation-neighbours.js';
import type { AllocationInput } from './allocation.js';
import { eligibilityFacts, eligibilityProblems, type EligibilityFacts } from './eligibility.js';

/** How many earlier slots of a vendor the allocation tries, most recent first. */
const PREVIOUS_SLOTS_PER_VENDOR = 5;

/** Everything a proposal is computed from, with the rows the answer names, and the hash of the input. */
export interface GatheredDay {
  day: repo.AllocationDayRow;
  input: AllocationInput;
  /** sha256 (hex) of the canonical input: equal exactly when the allocation sees the same day. */
  hash: string;
  requests: Map<string, repo.AllocationRequestRow>;
  slots: Map<string, repo.AllocationSlotRow>;
  assignments: Map<string, repo.AllocationAssignmentRow>;
  /** Accepted requests left out because the vendor may not trade that day, with the rule's words. */
  notEligible: { request: repo.AllocationRequestRow; message: string }[];
}

export async function loadDay(db: DbOrTx, orgId: string, dayId: string, lock: boolean): Promise<repo.AllocationDayRow> {
  const day = await repo.findDay(db, orgId, dayId, lock);
  if (!day) throw notFound('Market day');
  return day;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const num = (v: string | number | null) => (v === null ? null : Number(v));

/**
 * The input of one day as the allocation sees it. Every list is read in id order and every number normalised,
 * so the hash does not depend on the driver or the order rows come back in. `lock` locks the day's accepted
 * requests (the apply's transaction).
 */
export async function gatherDay(
  db: DbOrTx,
  orgId: string,
  day: repo.AllocationDayRow,
  keepUnlocked: boolean,
  lock: boolean,
): Promise<GatheredDay> {
  const slotRows = await repo.locationSlots(db, orgId, day.location_id);
  const requestRows = await repo.acceptedRequests(db, orgId, day.id, lock);
  const assignmentRows = await repo.holdingAssignments(db, orgId, day.id);
  const capacityRows = await repo.capacities(db, orgId, day.id);

  // A request held by a booking the allocation keeps is not placed again: its eligibility is not this tool's
  // business. One that competes (free, or released with keepUnlocked false) must be eligible that day; a
  // released booking of a vendor no longer eligible is simply kept where it is.
  const heldBy = new Map(assignmentRows.filter((a) => a.request_id !== null).map((a) => [a.request_id!, a]));
  const heldVendors = new Set(assignmentRows.map((a) => a.vendor_id));
  const factsCache = new Map<string, EligibilityFacts>();
  const competing: repo.AllocationRequestRow[] = [];
  const notEligible: GatheredDay['notEligible'] = [];
  for (const r of requestRows) {
    const held = heldBy.get(r.id);
    if (held && (keepUnlocked || held.locked || held.status === 'checked_in')) {
      competing.push(r);
      continue;
    }
    if (!held && heldVendors.has(r.vendor_id)) {
      competing.push(r); // The vendor holds a slot under another request: the allocation skips it.
      continue;
    }
    const key = `${r.vendor_id}/${r.category_id}`;
    if (!factsCache.has(key)) factsCache.set(key, await eligibilityFacts(db, orgId, r.vendor_id, r.category_id));
    const problems = eligibilityProblems(factsCache.get(key)!, day.date);
    if (!problems.length) competing.push(r);
    else if (!held) notEligible.push({ request: r, message: problems.map((p) => p.message).join('; ') });
  }

  const previousRows = await repo.previousSlots(db, orgId, {
    locationId: day.location_id,
    before: day.date,
    vendorIds: [...new Set(competing.map((r) => r.vendor_id))].sort(),
  });
  const previousSlots: Record<string, { slotId: string; date: string }[]> = {};
  for (const p of previousRows) {
    const list = (previousSlots[p.vendor_id] ??= []);
    if (list.length < PREVIOUS_SLOTS_PER_VENDOR) list.push({ slotId: p.slot_id, date: p.date });
  }

  const neighbours = slotNeighbours(
    slotRows.map((s) => ({
      id: s.id,
      code: s.code,
      zone: s.zone,
      widthM: Number(s.width_m),
      depthM: Number(s.depth_m),
      planX: num(s.plan_x),
      planY: num(s.plan_y),
      planRotation: Number(s.plan_rotation),
    })),
  );
  const input: AllocationInput = {
    slots: slotRows.map((s) => ({
      id: s.id,
      code: s.code,
      zone: s.zone,
      categoryId: s.category_id,
      status: s.status,
      neighbourIds: neighbours.get(s.id)!,
    })),
    requests: competing.map((r) => ({
      id: r.id,
      vendorId: r.vendor_id,
      categoryId: r.category_id,
      priority: Number(r.priority),
      acceptedAt: iso(r.accepted_at),
    })),
    assignments: assignmentRows.map((a) => ({
      id: a.id,
      slotId: a.slot_id,
      vendorId: a.vendor_id,
      requestId: a.request_id,
      categoryId: a.category_id,
      locked: a.locked,
      status: a.status,
    })),
    previousSlots,
    capacities: Object.fromEntries(capacityRows.map((c) => [c.id, Number(c.capacity)])),
    keepUnlocked,
  };
  return {
    day,
    input,
    hash: inputHash(day, input, notEligible),
    requests: new Map(requestRows.map((r) => [r.id, r])),
    slots: new Map(slotRows.map((s) => [s.id, s])),
    assignments: new Map(assignmentRows.map((a) => [a.id, a])),
    notEligible,
  };
}

const byFirst = (a: readonly unknown[], b: readonly unknown[]) => (String(a[0]) < String(b[0]) ? -1 : String(a[0]) > String(b[0]) ? 1 : 0);

/**
 * sha256 of the input written as sorted tuples (no object keys, so no key order to depend on). Names shown to
 * the reviewer are left out: renaming a vendor does not change where anyone goes.
 */
export function inputHash(
  day: { id: string; date: string },
  input: AllocationInput,
  notEligible: readonly { request: { id: string }; message: string }[],
): string {
  const canonical = [
    'allocation/1',
    day.id,
    day.date,
    input.keepUnlocked ?? true,
    input.slots.map((s) => [s.id, s.code, s.zone, s.categoryId, s.status, [...(s.neighbourIds ?? [])].sort()]).sort(byFirst),
    input.requests.map((r) => [r.id, r.vendorId, r.categoryId, r.priority, r.acceptedAt === null ? null : iso(r.acceptedAt)]).sort(byFirst),
    (input.assignments ?? [])
      .map((a) => [a.id, a.slotId, a.vendorId, a.requestId, a.categoryId, a.locked, a.status ?? 'confirmed'])
      .sort(byFirst),
    Object.entries(input.previousSlots ?? {})
      .map(([vendorId, list]) => [vendorId, list.map((p) => [p.slotId, p.date ?? null])])
      .sort(byFirst),
    Object.entries(input.capacities ?? {}).sort(byFirst),
    notEligible.map((n) => [n.request.id, n.message]).sort(byFirst),
  ];
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}
