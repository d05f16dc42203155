import { describe, expect, it } from 'vitest';
import { checkPassword, commonPasswords, MIN_PASSWORD_LENGTH } from './password-policy.js';

describe('password policy', () => {
  it('loads a common-password list of at least 10,000 entries, once', async () => {
    const list = await commonPasswords();
    expect(list.size).toBeGreaterThanOrEqual(10_000);
    expect(await commonPasswords()).toBe(list);
    expect(list.has('password')).toBe(true);
  });

  it('gives GoTrue reasons: length, pwned, or both', async () => {
    expect(await checkPassword('Tr0ub4dor&3-horse-staple')).toEqual({ ok: true, reasons: [], message: '' });
    expect((await checkPassword('a'.repeat(MIN_PASSWORD_LENGTH - 1) + '!')).ok).toBe(true);
    expect((await checkPassword('Sh0rt!')).reasons).toEqual(['length']);
    expect((await checkPassword('QwertyUiop')).reasons).toEqual(['pwned']);
    const both = await checkPassword('dragon');
    expect(both.reasons).toEqual(['length', 'pwned']);
    expect(both.message).toMatch(/at least 10 characters.*weak and easy to guess/);
  });
});
