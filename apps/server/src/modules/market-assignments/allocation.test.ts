import { describe, expect, it } from 'vitest';
import { Rng } from '../../../test/lib/prng.js';
import {
  allocateMarketDay,
  compareSlots,
  type AllocationAssignment,
  type AllocationInput,
  type AllocationRequest,
  type AllocationResult,
  type AllocationSlot,
} from './allocation.js';

// Pure rules: no database. Slot ids are their codes and request ids `r-<vendor>` to keep expectations readable.
const FOOD = 'cat-food';
const CRAFT = 'cat-craft';

function slot(code: string, extra: Partial<AllocationSlot> = {}): AllocationSlot {
  return { id: code, code, zone: '', categoryId: null, status: 'open', ...extra };
}
/** Slots in a row, each next to the one before. */
function row(codes: string[], extra: Partial<AllocationSlot> = {}): AllocationSlot[] {
  return codes.map((code, i) => slot(code, { ...extra, neighbourIds: i > 0 ? [codes[i - 1]!] : [] }));
}
function req(vendor: string, categoryId = FOOD, extra: Partial<AllocationRequest> = {}): AllocationRequest {
  return { id: `r-${vendor}`, vendorId: vendor, categoryId, priority: 0, acceptedAt: '2026-05-01T10:00:00Z', ...extra };
}
function held(slotId: string, vendor: string, extra: Partial<AllocationAssignment> = {}): AllocationAssignment {
  return { id: `a-${vendor}`, slotId, vendorId: vendor, requestId: `r-${vendor}`, categoryId: FOOD, locked: false, ...extra };
}
const where = (result: AllocationResult) => Object.fromEntries(result.placements.map((p) => [p.vendorId, p.slotId]));
const reasons = (result: AllocationResult) => Object.fromEntries(result.placements.map((p) => [p.vendorId, p.reason.code]));

describe('automatic allocation rules', () => {
  it('never moves a locked assignment, never reuses its slot, and never places its vendor again', () => {
    const result = allocateMarketDay({
      slots: row(['A1', 'A2', 'A3']),
      requests: [req('v1'), req('v2'), req('v3')],
      assignments: [held('A1', 'v1', { locked: true }), held('A3', 'v9', { requestId: null, categoryId: CRAFT })],
      keepUnlocked: false,
    });
    expect(result.released).toEqual([]);
    expect(where(result)).toEqual({ v2: 'A2' });
    expect(result.unplaced).toEqual([{ requestId: 'r-v3', reason: 'no_fitting_slot' }]);
  });

  it('keeps unlocked assignments by default, and releases and re-places them when asked', () => {
    const input: AllocationInput = {
      slots: row(['A1', 'A2', 'A3']),
      requests: [req('v1', FOOD, { priority: 1 }), req('v2', CRAFT, { priority: 5 }), req('v3', FOOD)],
      assignments: [held('A1', 'v1'), held('A2', 'v2', { categoryId: CRAFT }), held('A3', 'v3', { status: 'checked_in' })],
    };
    expect(allocateMarketDay(input)).toEqual({ placements: [], unplaced: [], released: [] });
    // Released: v2 (priority 5) chooses first; v1 lands back on A1 (no change), the checked-in v3 stays put.
    const redo = allocateMarketDay({ ...input, slots: row(['A0', 'A1', 'A2', 'A3']), keepUnlocked: false });
    expect(redo.released).toEqual(['a-v2']);
    expect(where(redo)).toEqual({ v2: 'A0' });
  });

  it('puts a request only on a slot of its category or a slot without category', () => {
    const result = allocateMarketDay({
      slots: [slot('F1', { categoryId: FOOD }), slot('C1', { categoryId: CRAFT }), slot('X1')],
      requests: [req('f1', FOOD, { priority: 2 }), req('f2', FOOD, { priority: 1 }), req('f3', FOOD)],
    });
    expect(where(result)).toEqual({ f1: 'F1', f2: 'X1' });
    expect(reasons(result)).toEqual({ f1: 'category_slot', f2: 'only_fitting_slot' });
    expect(result.unplaced).toEqual([{ requestId: 'r-f3', reason: 'no_fitting_slot' }]);
  });

  it('uses a slot designated for the category before a shared one, and says which rule chose', () => {
    const result = allocateMarketDay({
      slots: [slot('A1'), slot('A2'), slot('B1', { categoryId: FOOD }), slot('B2', { categoryId: FOOD })],
      requests: [req('f1', FOOD, { priority: 3 }), req('c1', CRAFT, { priority: 2 })],
    });
    expect(where(result)).toEqual({ f1: 'B1', c1: 'A1' });
    expect(reasons(result)).toEqual({ f1: 'category_slot', c1: 'any_free_slot' });
  });

  it('gives a vendor back its previous slot, most recent first, with the date as the reason', () => {
    const result = allocateMarketDay({
      slots: row(['A1', 'A2', 'A3', 'A4', 'A5']).concat(slot('C1', { categoryId: CRAFT })),
      requests: [req('v1', FOOD, { priority: 9 }), req('v2'), req('v3'), req('v4')],
      assignments: [held('A2', 'lk', { locked: true, requestId: null, categoryId: CRAFT })],
      previousSlots: {
        v2: [{ slotId: 'A4', date: '2026-05-02' }, { slotId: 'A1' }],
        v3: [
          { slotId: 'A2', date: '2026-05-02' },
          { slotId: 'A5', date: '2026-04-25' },
        ], // A2 is locked: next one
        v4: [{ slotId: 'C1', date: '2026-05-02' }], // now a craft slot: does not fit
      },
    });
    expect(where(result)).toMatchObject({ v2: 'A4', v3: 'A5' });
    expect(result.placements.find((p) => p.vendorId === 'v2')!.reason).toEqual({
      code: 'kept_previous_slot',
      params: { date: '2026-05-02' },
    });
    expect(result.placements.find((p) => p.vendorId === 'v3')!.reason).toEqual({
      code: 'kept_previous_slot',
      params: { date: '2026-04-25' },
    });
    expect(reasons(result).v4).not.toBe('kept_previous_slot');
    expect(result.unplaced).toEqual([]);
  });

  it('lets the most recent holder of a slot keep it when two vendors held it', () => {
    const result = allocateMarketDay({
      slots: [slot('A1'), slot('A2')],
      requests: [req('old', FOOD, { priority: 5 }), req('new')],
      previousSlots: { old: [{ slotId: 'A2', date: '2026-04-11' }], new: [{ slotId: 'A2', date: '2026-05-02' }] },
    });
    expect(where(result)).toEqual({ new: 'A2', old: 'A1' });
  });

  it("lets a vendor's most recent slot win over another vendor's older one, even without dates", () => {
    // early comes first in request order, but A2 is only its second choice; A1 (its first) is locked.
    const result = allocateMarketDay({
      slots: [slot('A1'), slot('A2'), slot('A3')],
      requests: [req('early', FOOD, { priority: 5 }), req('other')],
      assignments: [held('A1', 'lk', { locked: true, requestId: null })],
      previousSlots: { early: [{ slotId: 'A1' }, { slotId: 'A2' }], other: [{ slotId: 'A2' }] },
    });
    expect(where(result)).toEqual({ other: 'A2', early: 'A3' });
    expect(reasons(result)).toEqual({ other: 'kept_previous_slot', early: 'only_fitting_slot' });
  });

  it('does not let a previous shared slot cost another admitted vendor its place', () => {
    // c1 is admitted on the only shared slot; f1 has its own food slot and must not take X1 back.
    const result = allocateMarketDay({
      slots: [slot('F1', { categoryId: FOOD }), slot('X1')],
      requests: [req('f1', FOOD, { priority: 2 }), req('c1', CRAFT, { priority: 1 })],
      previousSlots: { f1: [{ slotId: 'X1', date: '2026-05-02' }] },
    });
    expect(where(result)).toEqual({ f1: 'F1', c1: 'X1' });
    expect(result.unplaced).toEqual([]);
  });

  it('keeps vendors of one category apart when another fitting slot exists', () => {
    const result = allocateMarketDay({ slots: row(['A1', 'A2', 'A3']), requests: [req('f1', FOOD, { priority: 1 }), req('f2')] });
    expect(where(result)).toEqual({ f1: 'A1', f2: 'A3' });
    expect(reasons(result)).toEqual({ f1: 'any_free_slot', f2: 'apart_from_same_category' });
    // A craft vendor between them is fine: the rule is about the same category only.
    const mixed = allocateMarketDay({
      slots: row(['A1', 'A2', 'A3']),
      requests: [req('f1', FOOD, { priority: 2 }), req('c1', CRAFT, { priority: 1 }), req('f2')],
    });
    expect(where(mixed)).toEqual({ f1: 'A1', c1: 'A2', f2: 'A3' });
  });

  it('counts neighbours given on either side, and places same-category vendors side by side when nothing else fits', () => {
    const slots = [slot('A1', { neighbourIds: ['A2'] }), slot('A2'), slot('B1', { categoryId: CRAFT })];
    const result = allocateMarketDay({ slots, requests: [req('f1', FOOD, { priority: 1 }), req('f2')] });
    expect(where(result)).toEqual({ f1: 'A1', f2: 'A2' });
    expect(result.unplaced).toEqual([]);
  });

  it('never exceeds a category capacity, counting assignments already held', () => {
    const result = allocateMarketDay({
      slots: row(['A1', 'A2', 'A3', 'A4', 'A5', 'A6']),
      requests: [req('f1'), req('f2', FOOD, { priority: 1 }), req('f3'), req('c1', CRAFT), req('c2', CRAFT)],
      assignments: [held('A1', 'f0', { requestId: null })],
      capacities: { [FOOD]: 2, [CRAFT]: 5 },
    });
    expect(Object.keys(where(result)).sort()).toEqual(['c1', 'c2', 'f2']);
    expect(result.unplaced).toEqual([
      { requestId: 'r-f1', reason: 'category_full' },
      { requestId: 'r-f3', reason: 'category_full' },
    ]);
  });

  it('never uses a blocked slot, even as a previous slot', () => {
    const result = allocateMarketDay({
      slots: [slot('A1', { status: 'blocked' }), slot('A2'), slot('A3', { status: 'blocked' })],
      requests: [req('v1'), req('v2', CRAFT)],
      previousSlots: { v1: [{ slotId: 'A1' }] },
    });
    expect(result.placements).toHaveLength(1);
    expect(result.placements[0]!.slotId).toBe('A2');
    expect(result.unplaced).toHaveLength(1);
  });

  it('admits by priority, then earliest acceptance, then id', () => {
    const result = allocateMarketDay({
      slots: [slot('A1'), slot('A2')],
      requests: [
        req('late', FOOD, { acceptedAt: '2026-05-03T00:00:00Z' }),
        req('never', FOOD, { acceptedAt: null }),
        req('early', FOOD, { acceptedAt: new Date('2026-05-01T00:00:00Z') }),
        req('vip', FOOD, { priority: 1, acceptedAt: '2026-05-09T00:00:00Z' }),
      ],
    });
    expect(Object.keys(where(result)).sort()).toEqual(['early', 'vip']);
    expect(result.unplaced.map((u) => u.requestId)).toEqual(['r-late', 'r-never']);
  });

  it('orders slots by zone, then natural code order, then id', () => {
    const codes = ['A10', 'b1', 'A2', 'A', 'A02x', 'A2'].map((code, i) => slot(code, { id: `s${6 - i}`, zone: i === 1 ? '' : 'Z' }));
    expect(codes.sort(compareSlots).map((s) => `${s.zone}:${s.code}:${s.id}`)).toEqual([
      ':b1:s5',
      'Z:A:s3',
      'Z:A2:s1',
      'Z:A2:s4',
      'Z:A10:s6',
      'Z:A02x:s2',
    ]);
  });
});

function shuffle<T>(rng: Rng, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
const shuffleRecord = <T>(rng: Rng, record: Record<string, T>) => Object.fromEntries(shuffle(rng, Object.entries(record)));

/** A random day: zones with rows of slots, some designated or blocked, held slots, histories and capacities. */
function randomDay(rng: Rng, size = { slots: rng.int(0, 30), requests: rng.int(0, 35) }): AllocationInput {
  const categories = ['c1', 'c2', 'c3', 'c4'].slice(0, rng.int(1, 4));
  const slots: AllocationSlot[] = [];
  for (let i = 0; i < size.slots; i++) {
    const zone = rng.pick(['', 'North', 'south']);
    const code = `${rng.pick(['A', 'a', 'B'])}${rng.bool(0.9) ? rng.int(1, 40) : ''}`;
    const before = slots.filter((s) => s.zone === zone).slice(-2);
    slots.push({
      id: rng.uuid(),
      code,
      zone,
      categoryId: rng.bool(0.4) ? rng.pick(categories) : null,
      status: rng.bool(0.1) ? 'blocked' : 'open',
      neighbourIds: before.filter(() => rng.bool(0.8)).map((s) => s.id),
    });
  }
  const vendors = Array.from({ length: size.requests + 5 }, (_, i) => `v${i}`);
  const requests = vendors.slice(0, size.requests).map((vendorId) => ({
    id: rng.uuid(),
    vendorId: rng.bool(0.03) ? rng.pick(vendors) : vendorId, // now and then a second request of one vendor
    categoryId: rng.pick(categories),
    priority: rng.int(0, 2),
    acceptedAt: rng.bool(0.1) ? null : new Date(Date.UTC(2026, 4, rng.int(1, 5), rng.int(0, 23))).toISOString(),
  }));
  const assignments: AllocationAssignment[] = [];
  const free = shuffle(rng, slots);
  for (const vendorId of shuffle(rng, vendors).slice(0, rng.int(0, Math.min(8, slots.length)))) {
    const request = requests.find((r) => r.vendorId === vendorId);
    assignments.push({
      id: rng.uuid(),
      slotId: free.pop()!.id,
      vendorId,
      requestId: request && rng.bool(0.8) ? request.id : null,
      categoryId: request?.categoryId ?? rng.pick(categories),
      locked: rng.bool(0.3),
      status: rng.bool(0.2) ? 'checked_in' : 'confirmed',
    });
  }
  const previousSlots: Record<string, { slotId: string; date?: string }[]> = {};
  for (const v of vendors) {
    if (slots.length === 0 || rng.bool(0.4)) continue;
    previousSlots[v] = Array.from({ length: rng.int(1, 3) }, (_, i) => ({
      slotId: rng.pick(slots).id,
      ...(rng.bool(0.8) ? { date: `2026-04-${String(28 - 7 * i).padStart(2, '0')}` } : {}),
    }));
  }
  const capacities = Object.fromEntries(categories.filter(() => rng.bool(0.5)).map((c) => [c, rng.int(0, 8)]));
  return { slots, requests, assignments, previousSlots, capacities, keepUnlocked: rng.bool(0.7) };
}

function shuffled(rng: Rng, input: AllocationInput): AllocationInput {
  return {
    ...input,
    slots: shuffle(rng, input.slots).map((s) => ({ ...s, neighbourIds: shuffle(rng, s.neighbourIds ?? []) })),
    requests: shuffle(rng, input.requests),
    assignments: shuffle(rng, input.assignments ?? []),
    previousSlots: shuffleRecord(rng, { ...input.previousSlots }),
    capacities: shuffleRecord(rng, { ...input.capacities }),
  };
}

/** The invariants every proposal keeps; returns the problems found (empty when sound). */
function problems(input: AllocationInput, result: AllocationResult): string[] {
  const out: string[] = [];
  const slots = new Map(input.slots.map((s) => [s.id, s]));
  const released = new Set(result.released);
  const kept = (input.assignments ?? []).filter((a) => !released.has(a.id));
  for (const a of input.assignments ?? []) if (released.has(a.id) && (a.locked || a.status === 'checked_in')) out.push(`moved ${a.id}`);
  const usedSlots = kept.map((a) => a.slotId).concat(result.placements.map((p) => p.slotId));
  const usedVendors = kept.map((a) => a.vendorId).concat(result.placements.map((p) => p.vendorId));
  if (new Set(usedSlots).size !== usedSlots.length) out.push('a slot used twice');
  if (new Set(usedVendors).size !== usedVendors.length) out.push('a vendor placed twice');
  const perCategory = new Map<string, number>();
  for (const a of kept) perCategory.set(a.categoryId, (perCategory.get(a.categoryId) ?? 0) + 1);
  const requests = new Map(input.requests.map((r) => [r.id, r]));
  for (const p of result.placements) {
    const r = requests.get(p.requestId)!;
    const s = slots.get(p.slotId);
    if (!s || s.status === 'blocked' || (s.categoryId !== null && s.categoryId !== r.categoryId))
      out.push(`${p.slotId} does not fit ${p.requestId}`);
    if (p.vendorId !== r.vendorId) out.push(`${p.requestId} placed for another vendor`);
    if (p.reason.code === 'kept_previous_slot' && !input.previousSlots?.[r.vendorId]?.some((h) => h.slotId === p.slotId))
      out.push(`${p.requestId} not previous`);
    perCategory.set(r.categoryId, (perCategory.get(r.categoryId) ?? 0) + 1);
  }
  for (const [c, cap] of Object.entries(input.capacities ?? {})) {
    if (result.placements.some((p) => requests.get(p.requestId)!.categoryId === c) && perCategory.get(c)! > cap)
      out.push(`${c} over capacity`);
  }
  const taken = new Set(usedSlots);
  for (const u of result.unplaced) {
    const r = requests.get(u.requestId)!;
    const fits = input.slots.some(
      (s) => !taken.has(s.id) && s.status === 'open' && (s.categoryId === null || s.categoryId === r.categoryId),
    );
    if (u.reason === 'no_fitting_slot' && fits) out.push(`${u.requestId} left out beside a free fitting slot`);
    if (u.reason === 'category_full' && (perCategory.get(r.categoryId) ?? 0) < input.capacities![r.categoryId]!)
      out.push(`${u.requestId} not full`);
  }
  // Every request is answered once, unless its vendor keeps a slot (or a vendor's other request was answered).
  const answered = result.placements.map((p) => p.requestId).concat(result.unplaced.map((u) => u.requestId));
  if (new Set(answered).size !== answered.length) out.push('a request answered twice');
  const answeredVendors = new Set(answered.map((id) => requests.get(id)!.vendorId));
  for (const r of input.requests) {
    if (!answeredVendors.has(r.vendorId) && !kept.some((a) => a.vendorId === r.vendorId)) out.push(`${r.id} forgotten`);
  }
  return out;
}

describe('automatic allocation properties', () => {
  it('gives the same sound proposal for 200 random days in any input order', () => {
    let placed = 0;
    let apart = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const rng = new Rng(seed);
      const input = randomDay(rng);
      const result = allocateMarketDay(input);
      expect({ seed, problems: problems(input, result) }).toEqual({ seed, problems: [] });
      for (let k = 0; k < 3; k++) expect({ seed, result: allocateMarketDay(shuffled(rng, input)) }).toEqual({ seed, result });
      placed += result.placements.length;
      apart += result.placements.filter((p) => p.reason.code === 'apart_from_same_category').length;
    }
    // The generator must exercise the rules, or the checks above prove nothing.
    expect(placed).toBeGreaterThan(500);
    expect(apart).toBeGreaterThan(0);
  });

  it('allocates 300 slots x 300 requests quickly (time printed, not asserted)', () => {
    const rng = new Rng(300);
    const input = randomDay(rng, { slots: 300, requests: 300 });
    const times: number[] = [];
    let result: AllocationResult | undefined;
    for (let i = 0; i < 5; i++) {
      const start = performance.now();
      result = allocateMarketDay(input);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    console.log(
      `allocation 300 slots x 300 requests: median ${times[2]!.toFixed(1)} ms (min ${times[0]!.toFixed(1)}, max ${times[4]!.toFixed(1)})`,
    );
    expect(problems(input, result!)).toEqual([]);
    expect(result!.placements.length).toBeGreaterThan(150);
  });
});
