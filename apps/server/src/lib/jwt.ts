import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (v: unknown): v is string => typeof v === 'string' && UUID_RE.test(v);

export interface AccessClaims {
  sub: string;
  session_id: string;
  aud: string;
  exp: number;
  iat: number;
  iss: string;
  role: 'authenticated';
  email: string;
  phone: string;
  aal: 'aal1' | 'aal2';
  amr: { method: string; timestamp: number }[];
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  is_anonymous: boolean;
}

export type ApiKeyRole = 'anon' | 'service_role';

export class TokenError extends Error {
  constructor(
    message: string,
    readonly expired = false,
  ) {
    super(message);
  }
}

/** Signs and verifies the server's JWTs. HS256 only: the algorithm is pinned, never read from the token. */
export class JwtService {
  private readonly key: Uint8Array;
  constructor(
    secret: string,
    readonly issuer: string,
    readonly expirySeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async signAccess(
    claims: Omit<AccessClaims, 'exp' | 'iat' | 'iss' | 'aud' | 'role'>,
    now = Date.now(),
  ): Promise<{ token: string; exp: number }> {
    const iat = Math.floor(now / 1000);
    const exp = iat + this.expirySeconds;
    const token = await new SignJWT({ ...claims, role: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(this.issuer)
      .setAudience('authenticated')
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(this.key);
    return { token, exp };
  }

  /** Long-lived keys for the SPA (anon) and for server-to-server admin calls (service_role), like Supabase's. */
  async signApiKey(role: ApiKeyRole): Promise<string> {
    const iat = Math.floor(Date.UTC(2026, 0, 1) / 1000);
    return new SignJWT({ role })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('market-backoffice')
      .setIssuedAt(iat)
      .setExpirationTime(iat + 10 * 365 * 24 * 3600)
      .sign(this.key);
  }

  /** Verifies a user access token strictly: HS256, signature, exp, aud, issuer, UUID sub and session_id. */
  async verifyAccess(token: string): Promise<AccessClaims> {
    if (!/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token)) {
      throw new TokenError('invalid JWT: unable to parse or verify signature, token is malformed');
    }
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        audience: 'authenticated',
        issuer: this.issuer,
        requiredClaims: ['exp', 'iat', 'sub', 'session_id'],
        typ: 'JWT',
      }));
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) throw new TokenError('invalid JWT: token is expired', true);
      throw new TokenError('invalid JWT: unable to parse or verify signature');
    }
    if (payload.role !== 'authenticated') throw new TokenError('invalid JWT: wrong role');
    if (!isUuid(payload.sub)) throw new TokenError('invalid JWT: sub claim must be a UUID');
    if (!isUuid(payload.session_id)) throw new TokenError('invalid JWT: session_id claim must be a UUID');
    return payload as unknown as AccessClaims;
  }

  /** Verifies an anon or service_role key. */
  async verifyApiKey(token: string): Promise<ApiKeyRole> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], issuer: 'market-backoffice', requiredClaims: ['exp'] });
      if (payload.role === 'anon' || payload.role === 'service_role') return payload.role;
    } catch {
      /* fall through */
    }
    throw new TokenError('invalid API key');
  }
}
