import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, generateTotpSecret, hotp, matchTotpStep, otpauthUri, timeStep, totpAt } from './totp.js';

// RFC 6238 appendix B, SHA-1 seed "12345678901234567890"; authenticator apps show the last 6 digits.
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890'));
const VECTORS: [number, string][] = [
  [59, '287082'],
  [1111111109, '081804'],
  [1111111111, '050471'],
  [1234567890, '005924'],
  [2000000000, '279037'],
  [20000000000, '353130'],
];

describe('TOTP (RFC 6238)', () => {
  it('matches the RFC test vectors', () => {
    for (const [seconds, code] of VECTORS) expect(totpAt(RFC_SECRET, seconds * 1000)).toBe(code);
  });

  it('matches the RFC 4226 HOTP vectors', () => {
    const secret = Buffer.from('12345678901234567890');
    expect([0, 1, 2, 9].map((c) => hotp(secret, c))).toEqual(['755224', '287082', '359152', '520489']);
  });

  it('round-trips base32 and makes 160-bit secrets', () => {
    const bytes = Buffer.from([0, 1, 2, 253, 254, 255, 7]);
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    const s = generateTotpSecret();
    expect(s).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(s)).toHaveLength(20);
    expect(generateTotpSecret()).not.toBe(s);
  });

  it('accepts one step of drift either side and nothing further', () => {
    const now = 1_700_000_000_000;
    const step = timeStep(now);
    expect(matchTotpStep(RFC_SECRET, totpAt(RFC_SECRET, now), now)).toBe(step);
    expect(matchTotpStep(RFC_SECRET, totpAt(RFC_SECRET, now - 30_000), now)).toBe(step - 1);
    expect(matchTotpStep(RFC_SECRET, totpAt(RFC_SECRET, now + 30_000), now)).toBe(step + 1);
    expect(matchTotpStep(RFC_SECRET, totpAt(RFC_SECRET, now - 90_000), now)).toBeNull();
    expect(matchTotpStep(RFC_SECRET, '12345', now)).toBeNull();
    expect(matchTotpStep(RFC_SECRET, 'abcdef', now)).toBeNull();
  });

  it('builds an otpauth URI authenticator apps read', () => {
    const uri = otpauthUri({ secret: 'ABC', issuer: 'Market', account: 'a@b.co' });
    expect(uri).toBe('otpauth://totp/Market:a%40b.co?secret=ABC&issuer=Market&algorithm=SHA1&digits=6&period=30');
  });
});
