import { describe, expect, it } from 'vitest';
import { matchesFilter, parseFilter, type RowFilter } from './realtime.filters.js';

const parsed = (text: string): RowFilter => {
  const f = parseFilter(text);
  if ('error' in f) throw new Error(f.error);
  return f;
};
const match = (text: string, row: Record<string, unknown>) => matchesFilter(parsed(text), row);

describe('realtime filters', () => {
  it('parses column=op.value and in lists with quotes', () => {
    expect(parsed('language=eq.ar')).toEqual({ column: 'language', op: 'eq', values: ['ar'] });
    expect(parsed('key=eq.a.b=c')).toEqual({ column: 'key', op: 'eq', values: ['a.b=c'] });
    expect(parsed('language=in.(ar,en, "fr,be")')).toEqual({ column: 'language', op: 'in', values: ['ar', 'en', 'fr,be'] });
  });

  it('rejects malformed filters with a message', () => {
    for (const bad of [
      'language',
      'language=like.ar',
      'Language=eq.ar',
      'language=in.ar',
      'language=in.()',
      '=eq.x',
      `a=eq.${'x'.repeat(2000)}`,
    ]) {
      expect(parseFilter(bad)).toHaveProperty('error');
    }
  });

  it('matches text, numbers and booleans like PostgreSQL', () => {
    expect(match('language=eq.ar', { language: 'ar' })).toBe(true);
    expect(match('language=eq.ar', { language: 'en' })).toBe(false);
    expect(match('language=neq.ar', { language: 'en' })).toBe(true);
    expect(match('sort_order=eq.2', { sort_order: 2 })).toBe(true);
    expect(match('sort_order=eq.2.0', { sort_order: 2 })).toBe(true);
    expect(match('sort_order=gt.10', { sort_order: 9 })).toBe(false); // numeric, not text, order
    expect(match('sort_order=lte.10', { sort_order: 9 })).toBe(true);
    expect(match('sort_order=gte.10', { sort_order: 10 })).toBe(true);
    expect(match('sort_order=lt.x', { sort_order: 1 })).toBe(false);
    expect(match('is_active=eq.true', { is_active: true })).toBe(true);
    expect(match('is_active=eq.false', { is_active: true })).toBe(false);
    expect(match('created_at=gt.2026-01-01', { created_at: '2026-02-01T00:00:00Z' })).toBe(true);
    expect(match('language=in.(ar,fr)', { language: 'fr' })).toBe(true);
    expect(match('language=in.(ar,fr)', { language: 'en' })).toBe(false);
  });

  it('never matches a NULL or missing cell, not even with neq', () => {
    expect(match('language=neq.ar', { language: null })).toBe(false);
    expect(match('language=eq.ar', {})).toBe(false);
  });
});
