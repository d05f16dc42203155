import { describe, expect, it } from 'vitest';
import { firstOutOfPlan, planSlotRun } from './slot-generator.js';

describe('planSlotRun', () => {
  it('numbers a row without padding and steps by width plus gap along x', () => {
    const run = planSlotRun({
      prefix: 'A',
      from: 9,
      to: 11,
      widthM: 3,
      depthM: 2.5,
      layout: { startX: 1, startY: 4, direction: 'row', gapM: 0.5 },
    });
    expect(run).toEqual([
      { code: 'A9', planX: 1, planY: 4 },
      { code: 'A10', planX: 4.5, planY: 4 },
      { code: 'A11', planX: 8, planY: 4 },
    ]);
  });

  it('steps by depth plus gap along y for a column, rounding to centimetres', () => {
    const run = planSlotRun({
      prefix: '',
      from: 1,
      to: 3,
      widthM: 3,
      depthM: 0.7,
      layout: { startX: 2, startY: 0.1, direction: 'column', gapM: 0.2 },
    });
    expect(run.map((s) => s.code)).toEqual(['1', '2', '3']);
    expect(run.map((s) => s.planY)).toEqual([0.1, 1, 1.9]);
    expect(run.every((s) => s.planX === 2)).toBe(true);
  });

  it('finds the first slot that would reach past the plan', () => {
    const run = planSlotRun({
      prefix: 'B',
      from: 1,
      to: 20,
      widthM: 3,
      depthM: 3,
      layout: { startX: 0, startY: 0, direction: 'row', gapM: 0 },
    });
    expect(firstOutOfPlan(run, { widthM: 3, depthM: 3 }, { widthM: 60, depthM: 40 })).toBeNull();
    const off = firstOutOfPlan(run, { widthM: 3, depthM: 3 }, { widthM: 59, depthM: 40 });
    expect(off).toEqual({ slot: { code: 'B20', planX: 57, planY: 0 }, axis: 'x' });
    expect(firstOutOfPlan(run, { widthM: 3, depthM: 3 }, { widthM: 60, depthM: 2 })?.axis).toBe('y');
  });
});
