import { createHmac } from 'node:crypto';
import type { DbOrTx, Tx } from '../../db/client.js';
import { AuthError, badRequest } from './auth.errors.js';
import { randomToken, sha256, type AuthDeps, type RequestMeta } from './auth.deps.js';
import { findUserById, type UserRecord } from './auth.repository.js';
import {
  deleteSession,
  deleteSessionRefreshTokens,
  findRefreshToken,
  findSession,
  insertRefreshToken,
  insertSession,
  lockRefreshToken,
  lockSession,
  revokeRefreshToken,
  updateSession,
  type AmrEntry,
  type SessionRecord,
} from './auth.sessions.repository.js';
import { loadUser, type GoTrueUser } from './auth.user-shape.js';

export interface SessionResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: GoTrueUser;
}

export const isBanned = (u: UserRecord, nowMs: number) => Boolean(u.bannedUntil && u.bannedUntil.getTime() > nowMs);
export const bannedError = () => badRequest('user_banned', 'User is banned');

/**
 * The token that replaces `parent` on rotation. Deriving it (instead of drawing a random one) lets a
 * replay inside the grace window be answered with the very token already issued, although the database
 * keeps only hashes: parallel refreshes of one token all get the same single child.
 */
function childToken(secret: string, parent: string): string {
  return createHmac('sha256', secret).update(`refresh-rotation:${parent}`).digest('base64url');
}

function sortAmr(amr: AmrEntry[]): AmrEntry[] {
  return [...amr].sort((a, b) => b.timestamp - a.timestamp);
}

/** Access token plus the user as GoTrue answers it, for an existing session and refresh token. */
async function respond(
  deps: AuthDeps,
  db: DbOrTx,
  user: UserRecord,
  session: SessionRecord,
  refreshToken: string,
): Promise<SessionResponse> {
  const nowMs = deps.tuning.now();
  const { token, exp } = await deps.ctx.jwt.signAccess(
    {
      sub: user.id,
      session_id: session.id,
      email: user.email ?? '',
      phone: user.phone ?? '',
      aal: session.aal === 'aal2' ? 'aal2' : 'aal1',
      amr: sortAmr(session.amr),
      app_metadata: user.rawAppMetaData,
      user_metadata: user.rawUserMetaData,
      is_anonymous: user.isAnonymous,
    },
    nowMs,
  );
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: deps.ctx.jwt.expirySeconds,
    expires_at: exp,
    refresh_token: refreshToken,
    user: await loadUser(db, user),
  };
}

/** A new aal1 session signed in by `method` (password, otp, recovery, ...). */
export async function createSession(deps: AuthDeps, tx: Tx, user: UserRecord, method: string, meta: RequestMeta): Promise<SessionResponse> {
  const now = new Date(deps.tuning.now());
  const session = await insertSession(tx, {
    userId: user.id,
    aal: 'aal1',
    amr: [{ method, timestamp: Math.floor(now.getTime() / 1000) }],
    ip: meta.ip,
    userAgent: meta.userAgent,
    now,
  });
  const refresh = randomToken();
  await insertRefreshToken(tx, { tokenHash: sha256(refresh), userId: user.id, sessionId: session.id, parentHash: null, now });
  return respond(deps, tx, user, session, refresh);
}

/**
 * Raises a session to aal2 after a TOTP check. Its earlier refresh tokens are dropped (not revoked, so a
 * late aal1 refresh is simply unknown rather than taken for theft) and a fresh one is issued.
 */
export async function elevateSession(
  deps: AuthDeps,
  tx: Tx,
  user: UserRecord,
  sessionId: string,
  factorId: string,
): Promise<SessionResponse> {
  const now = new Date(deps.tuning.now());
  const session = await lockSession(tx, sessionId);
  if (!session) throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
  const amr = [{ method: 'totp', timestamp: Math.floor(now.getTime() / 1000) }, ...session.amr.filter((m) => m.method !== 'totp')];
  const updated = await updateSession(tx, session.id, { aal: 'aal2', factorId, amr, updatedAt: now });
  await deleteSessionRefreshTokens(tx, session.id);
  const refresh = randomToken();
  await insertRefreshToken(tx, { tokenHash: sha256(refresh), userId: user.id, sessionId: session.id, parentHash: null, now });
  return respond(deps, tx, user, updated, refresh);
}

type RefreshOutcome = { kind: 'ok'; response: SessionResponse } | { kind: 'not_found' } | { kind: 'reused' } | { kind: 'banned' };

/** grant_type=refresh_token: rotate once, answer replays in the grace window, treat later replays as theft. */
export async function refreshSession(deps: AuthDeps, raw: string): Promise<SessionResponse> {
  const hash = sha256(raw);
  const secret = deps.ctx.config.jwtSecret;
  const outcome = await deps.ctx.db.transaction(async (tx): Promise<RefreshOutcome> => {
    const nowMs = deps.tuning.now();
    const row = await lockRefreshToken(tx, hash);
    if (!row) return { kind: 'not_found' };
    const session = await findSession(tx, row.sessionId);
    const user = await findUserById(tx, row.userId);
    if (!session || !user) return { kind: 'not_found' };
    if (session.notAfter && session.notAfter.getTime() <= nowMs) {
      await deleteSession(tx, session.id);
      return { kind: 'not_found' };
    }
    if (isBanned(user, nowMs)) return { kind: 'banned' };

    if (!row.revoked) {
      const now = new Date(nowMs);
      const child = childToken(secret, raw);
      await revokeRefreshToken(tx, row.id, now);
      await insertRefreshToken(tx, { tokenHash: sha256(child), userId: user.id, sessionId: session.id, parentHash: hash, now });
      const touched = await updateSession(tx, session.id, { refreshedAt: now, updatedAt: now });
      return { kind: 'ok', response: await respond(deps, tx, user, touched, child) };
    }

    if (nowMs - row.updatedAt.getTime() <= deps.tuning.refreshReuseGraceMs) {
      // Follow the rotation chain to the token that is live now (a client may have rotated again meanwhile).
      let token = raw;
      for (let depth = 0; depth < 10; depth++) {
        token = childToken(secret, token);
        const next = await findRefreshToken(tx, sha256(token));
        if (!next) break;
        if (!next.revoked) return { kind: 'ok', response: await respond(deps, tx, user, session, token) };
      }
    }
    // A rotated token came back after the grace window: someone else holds a copy. End the whole session.
    await deleteSession(tx, session.id);
    return { kind: 'reused' };
  });
  switch (outcome.kind) {
    case 'ok':
      return outcome.response;
    case 'banned':
      throw bannedError();
    case 'reused':
      throw badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
    default:
      throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  }
}
