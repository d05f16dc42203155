import { describe, expect, it } from 'vitest';
import { visualPieces } from './bidi.js';

const drawn = (text: string, base: 'ltr' | 'rtl') => visualPieces(text, base).map((p) => `${p.face[0]}:${p.text}`);

describe('visual order of a mixed line', () => {
  it('keeps an English line as it is, one Latin piece', () => {
    expect(drawn('Opening balance 12.50', 'ltr')).toEqual(['l:Opening balance 12.50']);
  });

  it('lays Arabic words out from the right, each word a piece the shaper joins, spaces in the Latin face', () => {
    expect(drawn('كشف الحساب', 'rtl')).toEqual(['a:الحساب', 'l: ', 'a:كشف']);
  });

  it('keeps numbers and document codes left to right inside an Arabic line', () => {
    expect(drawn('فاتورة INV-2026-0001 مدفوعة', 'rtl')).toEqual(['a:مدفوعة', 'l: ', 'l:INV-2026-0001', 'l: ', 'a:فاتورة']);
    expect(drawn('من 01/11/2026 إلى اليوم', 'rtl')).toEqual(['a:اليوم', 'l: ', 'a:إلى', 'l: ', 'l:01/11/2026', 'l: ', 'a:من']);
  });

  it('keeps an Arabic name inside an English line in place, its words from the right', () => {
    expect(drawn('Vendor زيت الزيتون Co', 'ltr')).toEqual(['l:Vendor ', 'a:الزيتون', 'l: ', 'a:زيت', 'l: Co']);
  });

  it('drops directional marks the fonts have no glyph for', () => {
    expect(drawn('\u200F12.50\u00A0د.إ.\u200F', 'rtl').join('')).not.toMatch(/[\u200E\u200F\u061C]/);
  });
});
