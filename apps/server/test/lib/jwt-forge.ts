import { createHmac } from 'node:crypto';

/** Builds JWTs by hand, so a test can write any header, payload or signature a forger would. */
export const b64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

export function decodePart(token: string, index: 0 | 1): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[index]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** header.payload.signature with an HMAC of the given hash (sha256 for HS256, sha512 for HS512...). */
export function hmacToken(header: object | string, payload: object | string, secret: string, hash = 'sha256'): string {
  const enc = (v: object | string) => b64url(typeof v === 'string' ? v : JSON.stringify(v));
  const input = `${enc(header)}.${enc(payload)}`;
  return `${input}.${createHmac(hash, secret).update(input).digest('base64url')}`;
}

/** The same token with one character of one part changed (a flipped bit after decoding). */
export function flipChar(token: string, part: 0 | 1 | 2, at: 'start' | 'middle' | 'end'): string {
  const parts = token.split('.');
  const p = parts[part]!;
  const i = at === 'start' ? 0 : at === 'middle' ? Math.floor(p.length / 2) : p.length - 2;
  const c = p[i]!;
  parts[part] = p.slice(0, i) + (c === 'A' ? 'B' : 'A') + p.slice(i + 1);
  return parts.join('.');
}
