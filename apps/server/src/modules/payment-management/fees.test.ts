import { describe, expect, it } from 'vitest';
import { feeLines, inForce, roundHalfUp, schedule, type RuleInput } from './fees.js';

const rule = (kind: RuleInput['kind'], o: Partial<RuleInput> = {}): RuleInput => ({
  id: '00000000-0000-4000-8000-000000000001',
  kind,
  nameEn: kind,
  nameAr: kind,
  amount: 0,
  rateBasisPoints: 0,
  minimumAmount: 0,
  categoryId: null,
  validFrom: '2026-01-01',
  validTo: null,
  ...o,
});
const stall = { categoryId: 'c1', widthM: 3, depthM: 3, power: 'none' };

describe('fee rules (pure)', () => {
  it('rounds half up, exactly, once', () => {
    expect(roundHalfUp(5n, 2n)).toBe(3);
    expect(roundHalfUp(4n, 2n)).toBe(2);
    expect(roundHalfUp(14999n, 10_000n)).toBe(1);
    expect(roundHalfUp(15000n, 10_000n)).toBe(2);
    expect(roundHalfUp(0n, 7n)).toBe(0);
    // Past 2^53 the arithmetic stays exact.
    expect(roundHalfUp(10n ** 20n + 5n, 10n)).toBe(Number(10n ** 19n + 1n));
  });

  it('validity is inclusive at both ends and open without an end', () => {
    const r = rule('flat_per_day', { validFrom: '2026-03-01', validTo: '2026-03-31' });
    expect(['2026-02-28', '2026-03-01', '2026-03-31', '2026-04-01'].map((d) => inForce(r, d))).toEqual([false, true, true, false]);
    expect(inForce(rule('flat_per_day', { validFrom: '2026-03-01' }), '2099-01-01')).toBe(true);
  });

  it('per m² rounds the line once: 333 x 1.5 m x 1.5 m = 749.25 -> 749; 333 x 2.5 m x 1.5 m = 1248.75 -> 1249', () => {
    const r = rule('per_square_metre', { amount: 333 });
    expect(feeLines([r], { ...stall, widthM: 1.5, depthM: 1.5 }, '2026-05-01')[0]!.amount).toBe(749);
    expect(feeLines([r], { ...stall, widthM: 2.5, depthM: 1.5 }, '2026-05-01')[0]!.amount).toBe(1249);
    // Exactly half: 2 x 0.25 m² -> 0.5 -> 1 (half up).
    expect(feeLines([rule('per_square_metre', { amount: 2 })], { ...stall, widthM: 0.5, depthM: 0.5 }, '2026-05-01')[0]!.amount).toBe(1);
  });

  it('applies category, power and sales rules only when they fit; fines never; zero lines are left out', () => {
    const rules = [
      rule('category', { amount: 100, categoryId: 'c1' }),
      rule('category', { amount: 200, categoryId: 'c2' }),
      rule('power', { amount: 50 }),
      rule('sales_percentage', { rateBasisPoints: 1000, minimumAmount: 300 }),
      rule('fine', { amount: 999 }),
      rule('flat_per_day', { amount: 0 }),
    ];
    expect(feeLines(rules, stall, '2026-05-01').map((l) => [l.kind, l.amount])).toEqual([['category', 100]]);
    const powered = feeLines(rules, { ...stall, power: 'single_phase', declaredSales: 5000 }, '2026-05-01');
    expect(powered.map((l) => [l.kind, l.amount])).toEqual([
      ['category', 100],
      ['power', 50],
      ['sales_percentage', 500],
    ]);
    expect(feeLines(rules, { ...stall, declaredSales: 100 }, '2026-05-01').at(-1)).toMatchObject({ kind: 'sales_percentage', amount: 300 });
  });

  it('schedules one invoice without a deposit, or a deposit and a balance that add up to each line exactly', () => {
    const lines = feeLines(
      [rule('flat_per_day', { amount: 999 }), rule('power', { amount: 1 })],
      { ...stall, power: 'three_phase' },
      '2026-05-01',
    );
    const dates = { marketDate: '2026-06-20', acceptedOn: '2026-05-01', issueDate: '2026-05-02' };
    expect(schedule(lines, { depositBasisPoints: 0, depositDueDays: 7, balanceDueDaysBefore: 7 }, dates)).toEqual([
      expect.objectContaining({ kind: 'full', amount: 1000, dueDate: '2026-06-13' }),
    ]);
    const [dep, bal] = schedule(lines, { depositBasisPoints: 3333, depositDueDays: 5, balanceDueDaysBefore: 14 }, dates);
    // 999 x 33.33% = 332.97 -> 333; 1 x 33.33% = 0.33 -> 0 (no deposit line), its balance line is 1.
    expect(dep).toMatchObject({ kind: 'deposit', amount: 333, dueDate: '2026-05-06' });
    expect(dep!.lines).toHaveLength(1);
    expect(bal).toMatchObject({ kind: 'balance', amount: 667, dueDate: '2026-06-06' });
    expect(dep!.amount + bal!.amount).toBe(1000);
    // A whole deposit leaves no balance invoice; due dates are never before the issue date.
    const late = { marketDate: '2026-05-03', acceptedOn: '2026-04-01', issueDate: '2026-05-02' };
    const all = schedule(lines, { depositBasisPoints: 10000, depositDueDays: 1, balanceDueDaysBefore: 7 }, late);
    expect(all.map((s) => [s.kind, s.amount, s.dueDate])).toEqual([['deposit', 1000, '2026-05-02']]);
  });
});
