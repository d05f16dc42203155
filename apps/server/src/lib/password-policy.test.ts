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
    expect((await checkPassword('kT9#vq2Lm!')).ok).toBe(true);
    expect('kT9#vq2Lm!'.length).toBe(MIN_PASSWORD_LENGTH);
    expect((await checkPassword('Sh0rt!')).reasons).toEqual(['length']);
    expect((await checkPassword('QwertyUiop')).reasons).toEqual(['pwned']);
    const both = await checkPassword('dragon');
    expect(both.reasons).toEqual(['length', 'pwned']);
    expect(both.message).toMatch(/at least 10 characters.*weak and easy to guess/);
  });

  it('refuses long but guessable passwords with the strength reason and says why', async () => {
    for (const weak of ['aaaaaaaaaaaaaaaa', 'qwertyuiopasdfgh', 'abcdefghijklmnop', '1234567890123', 'zxcvbnmasdfghjkl', 'Password2026!']) {
      const v = await checkPassword(weak);
      expect(v.ok, weak).toBe(false);
      expect(v.reasons, weak).toEqual(weak.length >= MIN_PASSWORD_LENGTH && v.reasons.includes('pwned') ? ['pwned'] : ['strength']);
    }
    const v = await checkPassword('aaaaaaaaaaaaaaaa');
    expect(v.message).toMatch(/too easy to guess.*Repeated characters/);
    expect((await checkPassword('Demo-Market-2026')).ok).toBe(true);
    expect((await checkPassword('correcthorsebatterystaple')).ok).toBe(true);
  });

  it("counts the user's own e-mail and name as known words", async () => {
    expect((await checkPassword('alsayedmarket')).ok).toBe(true);
    expect((await checkPassword('alsayedmarket', ['fatima.alsayed@example.com', 'Fatima Alsayed'])).reasons).toEqual(['strength']);
  });
});
