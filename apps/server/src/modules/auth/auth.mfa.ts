import type { Tx } from '../../db/client.js';
import { isUuid } from '../../lib/jwt.js';
import { generateTotpSecret, matchTotpStep, otpauthUri, TOTP_PERIOD_SECONDS } from '../../lib/totp.js';
import { recordAudit } from '../audit/index.js';
import { AuthError, forbiddenAuth, notFoundAuth, unprocessable, validationFailed } from './auth.errors.js';
import { sha256, type AuthDeps, type RequestMeta } from './auth.deps.js';
import {
  anyStepMarker,
  deleteFactor,
  findUserFactor,
  insertChallenge,
  insertFactor,
  insertStepMarker,
  lockChallenge,
  lockUserFactor,
  markChallengeVerified,
  updateFactor,
} from './auth.mfa.repository.js';
import type { UserPrincipal } from './auth.principal.js';
import { qrSvg } from './auth.qr.js';
import { findFactors, findUserById } from './auth.repository.js';
import { challengeBody, enrollBody, mfaVerifyBody, parse } from './auth.schemas.js';
import { gateMfa, mfaKey, resetAttempts } from './auth.throttle.js';
import { elevateSession, type SessionResponse } from './auth.tokens.js';

const CHALLENGE_TTL_MS = 5 * 60_000;
const MAX_FACTORS = 10;
const ENTITY = 'auth.mfa_factor';

const factorNotFound = () => notFoundAuth('mfa_factor_not_found', 'Factor not found');
const challengeExpired = (id: string) =>
  unprocessable('mfa_challenge_expired', `MFA challenge ${id} has expired, verify against another challenge or create a new factor.`);

async function ownFactor(deps: AuthDeps, p: UserPrincipal, factorId: string) {
  if (!isUuid(factorId)) throw factorNotFound();
  const factor = await findUserFactor(deps.ctx.db, p.userId, factorId);
  if (!factor) throw factorNotFound();
  return factor;
}

/** POST /factors: a new, unverified TOTP factor with its secret, otpauth URI and QR code. */
export async function enroll(deps: AuthDeps, p: UserPrincipal, body: unknown, meta: RequestMeta) {
  const input = parse(enrollBody, body);
  if (input.factor_type === 'phone') throw unprocessable('mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
  if (input.factor_type === 'webauthn') throw unprocessable('mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
  if (input.factor_type !== 'totp') throw validationFailed('factor_type needs to be totp, phone or webauthn');
  const user = await findUserById(deps.ctx.db, p.userId);
  if (!user) throw forbiddenAuth('session_not_found', 'Session from session_id claim in JWT does not exist');
  const factors = await findFactors(deps.ctx.db, user.id);
  if (factors.some((f) => f.status === 'verified') && p.claims.aal !== 'aal2') {
    throw forbiddenAuth('insufficient_aal', 'AAL2 required to enroll a new factor');
  }
  const name = input.friendly_name?.trim() || null;
  if (name && factors.some((f) => f.friendlyName === name)) {
    throw unprocessable('mfa_factor_name_conflict', `A factor with the friendly name "${name}" for this user already exists`);
  }
  if (factors.length >= MAX_FACTORS)
    throw unprocessable('too_many_enrolled_mfa_factors', 'Maximum number of enrolled factors reached, unenroll to continue');

  const secret = generateTotpSecret();
  const issuer = input.issuer?.trim() || new URL(deps.ctx.config.publicUrl).host;
  const uri = otpauthUri({ secret, issuer, account: user.email || user.phone || user.id });
  const factor = await deps.ctx.db.transaction(async (tx) => {
    const f = await insertFactor(tx, { userId: user.id, friendlyName: name, secret, now: new Date(deps.tuning.now()) });
    await recordAudit(
      tx,
      { userId: user.id, orgId: null, ip: meta.ip },
      { action: 'auth.mfa.enroll', entityType: ENTITY, entityId: f.id, after: { factor_type: 'totp', friendly_name: name } },
    );
    return f;
  });
  return { id: factor.id, type: 'totp' as const, friendly_name: name ?? undefined, totp: { qr_code: qrSvg(uri), secret, uri } };
}

/** POST /factors/:id/challenge */
export async function challenge(deps: AuthDeps, p: UserPrincipal, factorId: string, body: unknown, meta: RequestMeta) {
  parse(challengeBody, body);
  const factor = await ownFactor(deps, p, factorId);
  if (factor.factorType !== 'totp') throw unprocessable('mfa_phone_verify_not_enabled', 'Only TOTP factors can be challenged');
  const now = new Date(deps.tuning.now());
  const ch = await deps.ctx.db.transaction(async (tx) => {
    const row = await insertChallenge(tx, { factorId: factor.id, ip: meta.ip, now });
    await updateFactor(tx, factor.id, { lastChallengedAt: now });
    return row;
  });
  return { id: ch.id, type: 'totp' as const, expires_at: Math.floor((now.getTime() + CHALLENGE_TTL_MS) / 1000) };
}

const stepMarker = (factorId: string, step: number) => sha256(`totp-step:${factorId}:${step}`);

/** Whether this step or a later one was already accepted: a TOTP code works once (RFC 6238 section 5.2). */
function stepAlreadyUsed(tx: Tx, factorId: string, step: number, nowMs: number): Promise<boolean> {
  const sameOrLater = [step, step + 1, step + 2].map((s) => stepMarker(factorId, s));
  return anyStepMarker(tx, factorId, sameOrLater, new Date(nowMs));
}

type VerifyOutcome = { kind: 'ok'; session: SessionResponse } | { kind: 'wrong'; reused: boolean } | { kind: 'error'; error: AuthError };

/** POST /factors/:id/verify: a right code verifies the factor and raises the session to aal2 (new tokens). */
export async function verifyFactor(
  deps: AuthDeps,
  p: UserPrincipal,
  factorId: string,
  body: unknown,
  meta: RequestMeta,
): Promise<SessionResponse> {
  const input = parse(mfaVerifyBody, body);
  const factor = await ownFactor(deps, p, factorId);
  if (!isUuid(input.challenge_id)) throw challengeExpired('given');
  await gateMfa(deps, factor.id);
  const outcome = await deps.ctx.db.transaction(async (tx): Promise<VerifyOutcome> => {
    // The factor row lock serialises verifications, so one code cannot be accepted twice in parallel.
    const f = await lockUserFactor(tx, p.userId, factor.id);
    if (!f?.secret) return { kind: 'error', error: factorNotFound() };
    const nowMs = deps.tuning.now();
    const ch = await lockChallenge(tx, f.id, input.challenge_id);
    if (!ch || ch.verifiedAt || ch.createdAt.getTime() + CHALLENGE_TTL_MS < nowMs)
      return { kind: 'error', error: challengeExpired(input.challenge_id) };
    if (ch.ipAddress && ch.ipAddress !== meta.ip) {
      return { kind: 'error', error: unprocessable('mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch') };
    }
    const step = matchTotpStep(f.secret, input.code.trim(), nowMs);
    if (step === null) return { kind: 'wrong', reused: false };
    if (await stepAlreadyUsed(tx, f.id, step, nowMs)) return { kind: 'wrong', reused: true };
    const now = new Date(nowMs);
    await insertStepMarker(tx, {
      userId: p.userId,
      factorId: f.id,
      hash: stepMarker(f.id, step),
      expiresAt: new Date((step + 3) * TOTP_PERIOD_SECONDS * 1000),
      now,
    });
    await markChallengeVerified(tx, ch.id, now);
    if (f.status !== 'verified') await updateFactor(tx, f.id, { status: 'verified', updatedAt: now });
    await recordAudit(
      tx,
      { userId: p.userId, orgId: null, ip: meta.ip },
      { action: 'auth.mfa.verify', entityType: ENTITY, entityId: f.id, after: { status: 'verified' } },
    );
    const user = await findUserById(tx, p.userId);
    if (!user) return { kind: 'error', error: forbiddenAuth('session_not_found', 'Session from session_id claim in JWT does not exist') };
    return { kind: 'ok', session: await elevateSession(deps, tx, user, p.sessionId, f.id) };
  });
  if (outcome.kind === 'error') throw outcome.error;
  if (outcome.kind === 'wrong') {
    throw unprocessable(
      'mfa_verification_failed',
      outcome.reused ? 'This TOTP code was already used, wait for the next one' : 'Invalid TOTP code entered',
    );
  }
  await resetAttempts(deps.ctx.db, mfaKey(factor.id));
  return outcome.session;
}

/** DELETE /factors/:id: a verified factor can only be removed from an aal2 session. */
export async function unenroll(deps: AuthDeps, p: UserPrincipal, factorId: string, meta: RequestMeta): Promise<{ id: string }> {
  const factor = await ownFactor(deps, p, factorId);
  if (factor.status === 'verified' && p.claims.aal !== 'aal2')
    throw forbiddenAuth('insufficient_aal', 'AAL2 required to unenroll verified factor');
  await deps.ctx.db.transaction(async (tx) => {
    await deleteFactor(tx, factor.id);
    await recordAudit(
      tx,
      { userId: p.userId, orgId: null, ip: meta.ip },
      {
        action: 'auth.mfa.unenroll',
        entityType: ENTITY,
        entityId: factor.id,
        before: { status: factor.status, friendly_name: factor.friendlyName },
      },
    );
  });
  return { id: factor.id };
}
