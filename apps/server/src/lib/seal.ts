import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/** A key for one purpose derived from the server secret, so no two features share key material. */
export function deriveKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'market-back-office', purpose, 32));
}

/** AES-256-GCM: iv.tag.ciphertext, base64url. */
export function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return [iv, c.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

/** The sealed text, or null when it was not sealed with this key or was altered. */
export function unseal(key: Buffer, sealed: string): string | null {
  const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  if (!iv || !tag || !body || iv.length !== 12 || tag.length !== 16) return null;
  try {
    const d = createDecipheriv('aes-256-gcm', key, iv);
    d.setAuthTag(tag);
    return Buffer.concat([d.update(body), d.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** HMAC-SHA256 signature of a payload, base64url: `payload.signature`. */
export function signPayload(key: Buffer, payload: string): string {
  return `${payload}.${createHmac('sha256', key).update(payload).digest('base64url')}`;
}

/** The payload of a signed value, or null when the signature does not match. */
export function verifyPayload(key: Buffer, signed: string): string | null {
  const i = signed.lastIndexOf('.');
  if (i <= 0) return null;
  const payload = signed.slice(0, i);
  const given = Buffer.from(signed.slice(i + 1), 'base64url');
  const want = createHmac('sha256', key).update(payload).digest();
  return given.length === want.length && timingSafeEqual(given, want) ? payload : null;
}

export const randomSecret = (bytes = 32): string => randomBytes(bytes).toString('base64url');
export const sha256Hex = (s: string): string => createHash('sha256').update(s).digest('hex');
