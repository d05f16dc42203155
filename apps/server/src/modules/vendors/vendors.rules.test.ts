import { describe, expect, it } from 'vitest';
import { addDays } from '../../lib/dates.js';
import { ageOn, documentState, juniorProblems } from './vendors.rules.js';

describe('vendor rules', () => {
  it('counts whole years of age, turning a year older on the birthday', () => {
    expect(ageOn('2014-06-15', '2026-06-14')).toBe(11);
    expect(ageOn('2014-06-15', '2026-06-15')).toBe(12);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('reports expiry on read and keeps declined documents declined', () => {
    const today = '2026-05-01';
    expect(documentState('valid', '2026-04-30', today)).toEqual({ status: 'expired', reviewStatus: 'valid', expiresSoon: false });
    expect(documentState('pending', '2026-05-31', today)).toEqual({ status: 'pending', reviewStatus: 'pending', expiresSoon: true });
    expect(documentState('pending', '2026-06-01', today)).toEqual({ status: 'pending', reviewStatus: 'pending', expiresSoon: false });
    expect(documentState('declined', '2020-01-01', today)).toEqual({ status: 'declined', reviewStatus: 'declined', expiresSoon: false });
    expect(documentState('expired', null, today)).toEqual({ status: 'expired', reviewStatus: 'pending', expiresSoon: false });
  });

  it('checks the junior age on the creation day', () => {
    const base = {
      guardianName: 'G',
      guardianPhone: '+1 555 0100 000',
      guardianEmail: 'g@x.test',
      guardianConsentAt: '2026-01-01T00:00:00Z',
    };
    const now = new Date('2026-05-01T12:00:00Z');
    expect(juniorProblems('junior', { ...base, dateOfBirth: '2018-05-01' }, '2026-05-01', now)).toEqual([]);
    expect(juniorProblems('junior', { ...base, dateOfBirth: '2018-05-02' }, '2026-05-01', now).map((p) => p.field)).toEqual([
      'dateOfBirth',
    ]);
    expect(juniorProblems('junior', { ...base, dateOfBirth: '2008-05-02' }, '2026-05-01', now)).toEqual([]);
    expect(juniorProblems('junior', { ...base, dateOfBirth: '2008-05-01' }, '2026-05-01', now).map((p) => p.field)).toEqual([
      'dateOfBirth',
    ]);
    expect(juniorProblems('market', { school: 'X' }, '2026-05-01', now).map((p) => p.field)).toEqual(['school']);
  });
});
