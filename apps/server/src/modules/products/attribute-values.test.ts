import { describe, expect, it } from 'vitest';
import { validateAttributeValue, type AttributeForValue } from './attribute-values.js';

const attr = (over: Partial<AttributeForValue>): AttributeForValue => ({
  type: 'text',
  localizable: false,
  validation: {},
  options: [],
  ...over,
});

describe('validateAttributeValue', () => {
  it('leaves a missing value to the family (required is judged there)', () => {
    expect(validateAttributeValue(attr({ validation: { minLength: 3 } }), null)).toEqual([]);
    expect(validateAttributeValue(attr({ type: 'number' }), undefined)).toEqual([]);
  });

  it('text: length and pattern, counting characters not bytes', () => {
    const a = attr({ validation: { minLength: 2, maxLength: 4, pattern: '^[a-zأ-ي]+$' } });
    expect(validateAttributeValue(a, 'abc')).toEqual([]);
    expect(validateAttributeValue(a, 'عربي')).toEqual([]);
    expect(validateAttributeValue(a, 'a')).toEqual(['must have at least 2 characters']);
    expect(validateAttributeValue(a, 'abcde')).toEqual(['must have at most 4 characters']);
    expect(validateAttributeValue(a, 'AB')).toEqual(['does not match the pattern ^[a-zأ-ي]+$']);
    expect(validateAttributeValue(a, 12)).toEqual(['must be text']);
  });

  it('localisable long text: one text per language, each checked', () => {
    const a = attr({ type: 'long_text', localizable: true, validation: { maxLength: 3 } });
    expect(validateAttributeValue(a, { en: 'abc', ar: 'أبج' })).toEqual([]);
    expect(validateAttributeValue(a, { en: 'abcd' })).toEqual(['English text must have at most 3 characters']);
    expect(validateAttributeValue(a, { fr: 'x' })).toEqual(['has unknown languages: fr']);
    expect(validateAttributeValue(a, 'plain')[0]).toMatch(/per language/);
  });

  it('number, price and measurement: range and decimals', () => {
    for (const type of ['number', 'price', 'measurement'] as const) {
      const a = attr({ type, validation: { min: 0, max: 10, decimals: 2 } });
      expect(validateAttributeValue(a, 9.99)).toEqual([]);
      expect(validateAttributeValue(a, -1)).toEqual(['must be at least 0']);
      expect(validateAttributeValue(a, 11)).toEqual(['must be at most 10']);
      expect(validateAttributeValue(a, 1.234)).toEqual(['must have at most 2 decimals']);
      expect(validateAttributeValue(a, '5')).toEqual(['must be a number']);
    }
    expect(validateAttributeValue(attr({ type: 'number', validation: { decimals: 0 } }), 1.5)).toEqual(['must be a whole number']);
  });

  it('boolean, date and media', () => {
    expect(validateAttributeValue(attr({ type: 'boolean' }), false)).toEqual([]);
    expect(validateAttributeValue(attr({ type: 'boolean' }), 'yes')).toEqual(['must be true or false']);
    const d = attr({ type: 'date', validation: { min: '2026-01-01', max: '2026-12-31' } });
    expect(validateAttributeValue(d, '2026-06-01')).toEqual([]);
    expect(validateAttributeValue(d, '2025-12-31')).toEqual(['must be on or after 2026-01-01']);
    expect(validateAttributeValue(d, '2027-01-01')).toEqual(['must be on or before 2026-12-31']);
    expect(validateAttributeValue(d, '01/06/2026')).toEqual(['must be a date such as 2026-05-31']);
    expect(validateAttributeValue(attr({ type: 'media' }), 'org/img.png')).toEqual([]);
    expect(validateAttributeValue(attr({ type: 'media' }), ' ')).toEqual(['must be a reference to a stored file']);
  });

  it('single and multi select: known option codes and the number of choices', () => {
    const options = [{ code: 'red' }, { code: 'blue' }, { code: 'green' }];
    const s = attr({ type: 'single_select', options });
    expect(validateAttributeValue(s, 'RED')).toEqual([]);
    expect(validateAttributeValue(s, 'pink')).toEqual(['"pink" is not one of the options']);
    expect(validateAttributeValue(s, ['red'])).toEqual(['must be the code of one option']);
    const m = attr({ type: 'multi_select', options, validation: { minChoices: 1, maxChoices: 2 } });
    expect(validateAttributeValue(m, ['red', 'blue'])).toEqual([]);
    expect(validateAttributeValue(m, [])).toEqual(['must choose at least 1']);
    expect(validateAttributeValue(m, ['red', 'blue', 'green'])).toEqual(['must choose at most 2']);
    expect(validateAttributeValue(m, ['red', 'pink'])).toEqual(['"pink" is not one of the options']);
    expect(validateAttributeValue(m, ['red', 'Red'])).toEqual(['names an option twice']);
    expect(validateAttributeValue(m, 'red')).toEqual(['must be a list of option codes']);
  });
});
