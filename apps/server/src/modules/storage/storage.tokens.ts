import { createHmac } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { invalidSignature } from './storage.errors.js';

/**
 * Signed URL tokens: HS256 JWTs under a key derived from the server secret for this one purpose, so
 * a signed-URL token can never pass as a session or API key and the other way round.
 */
const ISSUER = 'market-storage';
const AUDIENCE = 'storage-signed-url';

export type TokenPurpose = 'download' | 'upload';

export interface SignedClaims {
  /** "<bucket>/<path>" the token is valid for, and nothing else. */
  url: string;
  purpose: TokenPurpose;
  /** Upload tokens: whether an existing object may be replaced, and who created the token (audited as the actor). */
  upsert?: boolean;
  owner?: string | null;
}

const keys = new Map<string, Uint8Array>();
function keyFor(secret: string): Uint8Array {
  let k = keys.get(secret);
  if (!k) {
    k = new Uint8Array(createHmac('sha256', secret).update('storage-signed-url-v1').digest());
    keys.set(secret, k);
  }
  return k;
}

export async function signObjectToken(secret: string, claims: SignedClaims, expiresIn: number, now = Date.now()): Promise<string> {
  const iat = Math.floor(now / 1000);
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + expiresIn)
    .sign(keyFor(secret));
}

/** Verifies a token strictly (algorithm pinned, issuer, audience, expiry) and that it was made for this object and purpose. */
export async function verifyObjectToken(secret: string, token: unknown, url: string, purpose: TokenPurpose): Promise<SignedClaims> {
  if (typeof token !== 'string' || !/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token)) {
    throw invalidSignature('The signed URL has no valid token');
  }
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, keyFor(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      typ: 'JWT',
      requiredClaims: ['exp', 'iat', 'url', 'purpose'],
    }));
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw invalidSignature('jwt expired');
    throw invalidSignature('The signed URL is not valid');
  }
  if (payload.url !== url || payload.purpose !== purpose) throw invalidSignature('The signed URL was made for another object');
  return {
    url,
    purpose,
    upsert: payload.upsert === true,
    owner: typeof payload.owner === 'string' ? payload.owner : null,
  };
}
