import { describe, expect, it } from 'vitest';
import { dateTimeFormat, formatLocale, formatNumber, numberFormat } from './locale-format';

// Decision 013: every language, Arabic included, writes Western digits. Regional Arabic locales (ar-EG,
// ar-SA) default to Arabic-Indic digits in ICU, so they show what a bare language code would give.
const ARABIC_INDIC = /[\u0660-\u0669\u06f0-\u06f9]/;

describe('formatLocale', () => {
  it('asks for Latin digits in Arabic, as in every language', () => {
    expect(formatLocale('ar')).toBe('ar-u-nu-latn');
    expect(formatLocale('ar-EG')).toBe('ar-EG-u-nu-latn');
    expect(formatLocale('en')).toBe('en-u-nu-latn');
    expect(formatLocale('')).toBe('en-u-nu-latn');
  });

  it('falls back to English for a tag Intl cannot read', () => {
    expect(formatLocale('not a tag!')).toBe('en-u-nu-latn');
  });
});

describe('formatters', () => {
  it('write numbers, amounts, dates and times with Latin digits where the bare locale would not', () => {
    for (const language of ['ar', 'ar-EG', 'ar-SA']) {
      const n = formatNumber(1234.5, language);
      const money = numberFormat(language, { style: 'currency', currency: 'AED' }).format(12.5);
      const date = dateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(Date.UTC(2025, 11, 5));
      const time = dateTimeFormat(language, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(Date.UTC(2025, 0, 1, 9, 30));
      for (const s of [n, money, date, time]) expect(s, `${language}: ${s}`).not.toMatch(ARABIC_INDIC);
      expect(date).toMatch(/5/);
      expect(date).toMatch(/2025/);
      expect(time).toMatch(/9:30/);
    }
    // The regional locale itself writes Arabic-Indic digits: the check above is not vacuous here.
    expect(new Intl.NumberFormat('ar-EG').format(12)).toMatch(ARABIC_INDIC);
  });

  it('keeps the language: Arabic month names stay Arabic', () => {
    expect(dateTimeFormat('ar', { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2025, 10, 1))).toBe('نوفمبر');
  });
});
