import { describe, expect, it } from 'vitest';
import { autoAllocate } from './allocation';
import { basisPointsToPercent, percentToBasisPoints } from './fees/fee-rule-dialog';
import { formatMoney, minorDigits, toMajorInput, toMinor } from './money';

describe('major and minor units', () => {
  it('knows the minor digits of the currency (2 for AED, 3 for KWD and BHD, 0 for JPY)', () => {
    expect(minorDigits('AED')).toBe(2);
    expect(minorDigits('KWD')).toBe(3);
    expect(minorDigits('BHD')).toBe(3);
    expect(minorDigits('JPY')).toBe(0);
    expect(minorDigits(null)).toBe(2);
  });

  it('converts typed amounts with 2 minor digits exactly, without floating point', () => {
    expect(toMinor('12.5', 2)).toBe(1250);
    expect(toMinor('12.50', 2)).toBe(1250);
    expect(toMinor('0.07', 2)).toBe(7);
    // 0.1 + 0.2 style trouble: 1.15 * 100 is 114.99999999999999 in floating point.
    expect(toMinor('1.15', 2)).toBe(115);
    expect(toMinor('1,234.56', 2)).toBe(123456);
    expect(toMinor('7', 2)).toBe(700);
    expect(toMinor('1.234', 2)).toBeNull();
    expect(toMinor('-5', 2)).toBeNull();
    expect(toMinor('abc', 2)).toBeNull();
    expect(toMinor('', 2)).toBeNull();
  });

  it('converts typed amounts with 3 minor digits exactly', () => {
    expect(toMinor('12.5', 3)).toBe(12500);
    expect(toMinor('12.505', 3)).toBe(12505);
    expect(toMinor('0.001', 3)).toBe(1);
    expect(toMinor('4.35', 3)).toBe(4350);
    expect(toMinor('1.2345', 3)).toBeNull();
  });

  it('reads Arabic-Indic digits and separators typed on an Arabic keyboard', () => {
    expect(toMinor('١٢٫٥', 2)).toBe(1250);
    expect(toMinor('١٬٢٣٤٫٥٦٧', 3)).toBe(1234567);
  });

  it('writes minor units back as the input text, for 2 and 3 digits', () => {
    expect(toMajorInput(1250, 2)).toBe('12.50');
    expect(toMajorInput(7, 2)).toBe('0.07');
    expect(toMajorInput(12500, 3)).toBe('12.500');
    expect(toMajorInput(1, 3)).toBe('0.001');
    expect(toMajorInput(500, 0)).toBe('500');
    for (const [minor, digits] of [
      [123456789, 2],
      [987654321, 3],
      [5, 3],
    ] as const) {
      expect(toMinor(toMajorInput(minor, digits), digits)).toBe(minor);
    }
  });

  it('formats amounts with Western digits in Arabic, with the currency', () => {
    const ar = formatMoney(12500, 'KWD', 'ar');
    expect(ar).toContain('12.500');
    expect(ar).not.toMatch(/[\u0660-\u0669]/);
    expect(formatMoney(123456, 'AED', 'en')).toContain('1,234.56');
  });

  it('reads percentages as basis points and back', () => {
    expect(percentToBasisPoints('12.5')).toBe(1250);
    expect(percentToBasisPoints('50')).toBe(5000);
    expect(percentToBasisPoints('0.125')).toBeNull();
    expect(basisPointsToPercent(1250)).toBe('12.5');
    expect(basisPointsToPercent(5000)).toBe('50');
    expect(basisPointsToPercent(0)).toBe('0');
  });
});

describe('autoAllocate', () => {
  const open = [
    { id: 'a', balance: 1000 },
    { id: 'b', balance: 500 },
    { id: 'c', balance: 300 },
  ];
  it('fills the invoice the payment was taken for first, then the others in order, each up to its balance', () => {
    expect([...autoAllocate(1200, open, 'b')]).toEqual([
      ['b', 500],
      ['a', 700],
      ['c', 0],
    ]);
  });
  it('leaves over what no open balance can take', () => {
    const split = autoAllocate(5000, open, 'a');
    expect([...split.values()].reduce((s, n) => s + n, 0)).toBe(1800);
  });
});
