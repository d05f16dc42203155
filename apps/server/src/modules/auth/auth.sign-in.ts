import { verifyAgainstDummy, verifyPassword } from '../../lib/password.js';
import { badRequest, invalidCredentials, validationFailed } from './auth.errors.js';
import { normalizePhone, type AuthDeps, type RequestMeta } from './auth.deps.js';
import { findUserByEmail, findUserByPhone, lockUserById, touchIdentitySignIn } from './auth.repository.js';
import { parse, passwordGrantBody } from './auth.schemas.js';
import { gateSignIn, passedSignIn, signInKey } from './auth.throttle.js';
import { bannedError, createSession, isBanned, type SessionResponse } from './auth.tokens.js';
import { updateUserAudited } from './auth.user-writes.js';

/**
 * grant_type=password. An unknown account and a wrong password get the same answer in about the same
 * time; the attempt is counted per account and client address, and per client address across
 * accounts, before the password is checked, and given back only when a session is issued.
 */
export async function signInWithPassword(deps: AuthDeps, body: unknown, meta: RequestMeta): Promise<SessionResponse> {
  const input = parse(passwordGrantBody, body);
  if (!input.password) throw validationFailed('Password is required to sign in');
  let identifier: string;
  let byEmail: boolean;
  if (input.email) {
    identifier = input.email.trim().toLowerCase();
    byEmail = true;
  } else if (input.phone) {
    identifier = normalizePhone(input.phone);
    byEmail = false;
  } else {
    throw validationFailed('An email address or a phone number is required to sign in');
  }

  const key = signInKey(identifier, meta.ip);
  await gateSignIn(deps, key, meta.ip);
  const user = byEmail ? await findUserByEmail(deps.ctx.db, identifier) : await findUserByPhone(deps.ctx.db, identifier);
  const ok = user?.encryptedPassword
    ? await verifyPassword(user.encryptedPassword, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !ok) throw invalidCredentials();

  // Only someone who knows the password learns these states of the account; they still count as
  // failures, or an unconfirmed account's password could be guessed without limit.
  if (byEmail && !user.emailConfirmedAt) throw badRequest('email_not_confirmed', 'Email not confirmed');
  if (!byEmail && !user.phoneConfirmedAt) throw badRequest('phone_not_confirmed', 'Phone not confirmed');
  const nowMs = deps.tuning.now();
  if (isBanned(user, nowMs)) throw bannedError();

  const session = await deps.ctx.db.transaction(async (tx) => {
    const locked = await lockUserById(tx, user.id);
    if (!locked) throw invalidCredentials();
    const now = new Date(nowMs);
    const updated = await updateUserAudited(
      tx,
      locked,
      { lastSignInAt: now },
      { action: 'auth.sign_in', actorId: user.id, ip: meta.ip },
      now,
    );
    await touchIdentitySignIn(tx, user.id, byEmail ? 'email' : 'phone', now);
    return createSession(deps, tx, updated, 'password', meta);
  });
  await passedSignIn(deps.ctx.db, key, meta.ip);
  return session;
}
