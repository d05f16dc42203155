import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { checkTransition, checkWindow, seriesDates } from './market-days.rules.js';

const fieldOf = (fn: () => void) => {
  try {
    fn();
  } catch (e) {
    return e instanceof AppError ? `${e.status} ${e.fields?.[0]?.field ?? e.message}` : 'other';
  }
  return 'ok';
};

describe('market day rules', () => {
  it('plans the weekday across a year end and a leap day, without skipped dates', () => {
    expect(seriesDates({ weekday: 1, startDate: '2027-12-20', endDate: '2028-01-10', skipDates: ['2028-01-03'] })).toEqual([
      '2027-12-20',
      '2027-12-27',
      '2028-01-10',
    ]);
    expect(seriesDates({ weekday: 2, startDate: '2028-02-23', endDate: '2028-03-07', skipDates: [] })).toEqual([
      '2028-02-29',
      '2028-03-07',
    ]);
    expect(seriesDates({ weekday: 0, startDate: '2026-03-02', endDate: '2026-03-07', skipDates: [] })).toEqual([]);
  });

  it("reads the day's opening in the offset the closing time was written in", () => {
    const w = (closes: string) => () => checkWindow({ opens: '2026-04-01T08:00:00Z', closes, date: '2026-05-02', openTime: '09:00' });
    expect(fieldOf(w('2026-05-02T09:00:00+03:00'))).toBe('ok');
    expect(fieldOf(w('2026-05-02T09:01:00+03:00'))).toBe('422 applicationClosesAt');
    expect(fieldOf(w('2026-05-02T09:00:00-05:00'))).toBe('ok');
    expect(fieldOf(w('2026-05-02T09:00:00Z'))).toBe('ok');
    expect(fieldOf(() => checkWindow({ opens: null, closes: '2026-05-01T00:00:00Z', date: '2026-05-02', openTime: '09:00' }))).toBe(
      '422 applicationOpensAt',
    );
  });

  it("allows only the status machine's steps", () => {
    expect(fieldOf(() => checkTransition('draft', 'published'))).toBe('ok');
    expect(fieldOf(() => checkTransition('published', 'cancelled'))).toBe('ok');
    expect(fieldOf(() => checkTransition('draft', 'completed'))).toMatch(/^409 A market day cannot go from draft to completed/);
    expect(fieldOf(() => checkTransition('cancelled', 'published'))).toMatch(/cancelled is final/);
  });
});
