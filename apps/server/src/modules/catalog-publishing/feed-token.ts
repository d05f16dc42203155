import { createHash, timingSafeEqual } from 'node:crypto';

// A channel's feed token (decision 021): random, shown once, kept as its sha256 like the auth module's refresh
// tokens, and compared in constant time.

export const hashFeedToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export function feedTokenMatches(token: string, storedHash: string | null): boolean {
  // Both sides are 64 hex characters whatever the token was, so the comparison's length says nothing.
  const given = Buffer.from(hashFeedToken(token), 'hex');
  const want = Buffer.from(storedHash ?? '0'.repeat(64), 'hex');
  return want.length === given.length && timingSafeEqual(given, want) && storedHash !== null;
}
