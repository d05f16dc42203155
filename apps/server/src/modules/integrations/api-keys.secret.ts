import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { API_KEY_PATTERN, API_KEY_PREFIX } from '@market/contracts/plain';

// The key itself (decision 023): `mbo_live_<8 characters>_<40 characters>`, about 238 bits of secret. The
// prefix is stored plainly to find the row and to show it; the whole key only as its SHA-256 hash.

const LOWER = 'abcdefghijklmnopqrstuvwxyz0123456789';
const MIXED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Uniform characters from a CSPRNG (randomInt rejects the biased tail, unlike a byte modulo). */
const randomText = (alphabet: string, length: number) => Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');

export const hashApiKey = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

/** A fresh key: its shown prefix, the whole value (handed out once) and the hash that is stored. */
export function generateApiKey(): { prefix: string; key: string; hash: string } {
  const prefix = `${API_KEY_PREFIX}${randomText(LOWER, 8)}`;
  const key = `${prefix}_${randomText(MIXED, 40)}`;
  return { prefix, key, hash: hashApiKey(key) };
}

/** The stored prefix of a well-formed key, or null for anything else. */
export function prefixOf(key: string): string | null {
  const m = API_KEY_PATTERN.exec(key);
  return m ? `${API_KEY_PREFIX}${m[1]}` : null;
}

/** Compares the presented key's hash with the stored one in constant time. */
export function keyMatches(key: string, storedHash: string): boolean {
  const a = Buffer.from(hashApiKey(key), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
