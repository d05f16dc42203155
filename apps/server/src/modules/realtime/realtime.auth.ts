import type { Db } from '../../db/client.js';
import type { JwtService } from '../../lib/jwt.js';
import { resolvePrincipal } from '../../plugins/auth-context.js';
import { loadAccess } from '../access/index.js';
import type { Viewer } from './realtime.policies.js';

export type ViewerResult =
  | { ok: true; viewer: Viewer; /** ms since epoch; Infinity for API keys */ expiresAt: number }
  /** transient: the database could not be asked; keep what was known and try again later. */
  | { ok: false; reason: string; transient: boolean };

const ANONYMOUS: Viewer = { kind: 'anonymous', userId: null, orgId: null };
const SERVICE: Viewer = { kind: 'service', userId: null, orgId: null };
const MAX_TOKEN_LENGTH = 8192;

/**
 * Verifies access tokens for realtime channels. Results are shared by every channel holding the same token and
 * kept for at most ttlMs, so a revoked session or a changed membership is noticed within that time.
 */
export class ViewerResolver {
  private readonly cache = new Map<string, { at: number; result: Promise<ViewerResult> }>();

  constructor(
    private readonly db: Db,
    private readonly jwt: JwtService,
    readonly ttlMs = 25_000,
    private readonly maxEntries = 10_000,
  ) {}

  resolve(token: string, now = Date.now()): Promise<ViewerResult> {
    const hit = this.cache.get(token);
    if (hit && now - hit.at < this.ttlMs) return hit.result;
    if (hit) this.cache.delete(token);
    const result = this.verify(token);
    if (this.cache.size >= this.maxEntries) {
      const oldest = this.cache.keys().next();
      if (!oldest.done) this.cache.delete(oldest.value);
    }
    this.cache.set(token, { at: now, result });
    // A transient failure must not be remembered: the next channel or sweep asks again.
    void result.then((r) => {
      if (!r.ok && r.transient && this.cache.get(token)?.result === result) this.cache.delete(token);
    });
    return result;
  }

  /** Forgets every result: a write to the auth tables (membership, role, session) may have changed any of them. */
  clear(): void {
    this.cache.clear();
  }

  /** Drops entries past their lifetime; Map order is insertion order, so stop at the first fresh one. */
  prune(now = Date.now()): void {
    for (const [token, entry] of this.cache) {
      if (now - entry.at < this.ttlMs) break;
      this.cache.delete(token);
    }
  }

  private async verify(token: string): Promise<ViewerResult> {
    if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) return { ok: false, reason: 'Invalid token', transient: false };
    try {
      const p = await resolvePrincipal(this.db, this.jwt, token);
      switch (p.kind) {
        case 'invalid':
          return { ok: false, reason: p.expired ? 'Token has expired' : `Invalid token: ${p.reason}`, transient: false };
        case 'anonymous':
          return { ok: true, viewer: ANONYMOUS, expiresAt: Infinity };
        case 'service':
          return { ok: true, viewer: SERVICE, expiresAt: Infinity };
        case 'user': {
          // A session that has not passed its second factor reads only what anonymous visitors read.
          // validUntil is the token's expiry or the session's end, whichever comes first.
          if (p.mfaRequired) return { ok: true, viewer: ANONYMOUS, expiresAt: p.validUntil };
          const access = await loadAccess(this.db, p.userId);
          const viewer: Viewer = { kind: 'user', userId: p.userId, sessionId: p.sessionId, orgId: access.organization?.id ?? null, access };
          return { ok: true, viewer, expiresAt: p.validUntil };
        }
      }
    } catch {
      return { ok: false, reason: 'Realtime could not verify the token, try again', transient: true };
    }
  }
}
