import { isUniqueViolation } from '../../lib/errors.js';
import { unprocessable, validationFailed } from './auth.errors.js';
import { normalizeEmail, type AuthDeps, type RequestMeta } from './auth.deps.js';
import { issueToken } from './auth.otp.js';
import { acceptNewPassword } from './auth.password.js';
import { findUserByEmail, lockUserById, type UserRecord } from './auth.repository.js';
import { parse, signupBody } from './auth.schemas.js';
import { mayEmail } from './auth.throttle.js';
import { loadUser, obfuscatedUser, type GoTrueUser } from './auth.user-shape.js';
import { createUserAudited, updateUserAudited } from './auth.user-writes.js';

export const phoneDisabled = () => unprocessable('phone_provider_disabled', 'Phone signups are disabled: no SMS provider is configured');

type Outcome = { kind: 'exists' } | { kind: 'unconfirmed'; user: UserRecord } | { kind: 'created'; user: GoTrueUser };

/**
 * POST /signup. E-mail addresses must be confirmed, so the answer is a user without a session.
 * An address with a confirmed account gets a made-up user (GoTrue's answer); an unconfirmed one
 * gets its confirmation e-mail again, without changing the account (the caller's claim is unproven).
 */
export async function signUp(deps: AuthDeps, body: unknown, meta: RequestMeta): Promise<GoTrueUser> {
  const input = parse(signupBody, body);
  if (!input.email && !input.phone) {
    if (!input.password) throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
    throw validationFailed('To signup, please provide your email or phone number');
  }
  if (!input.email) throw phoneDisabled();
  const email = normalizeEmail(input.email);
  if (!input.password) throw validationFailed('Signup requires a valid password');
  // Hashed whether or not the account exists, so both answers take the same time.
  const hash = await acceptNewPassword(input.password);
  const data = input.data ?? {};
  const now = new Date(deps.tuning.now());
  const firstMail = await mayEmail(deps, email, meta.ip);

  let outcome: Outcome;
  try {
    outcome = await deps.ctx.db.transaction(async (tx): Promise<Outcome> => {
      const existing = await findUserByEmail(tx, email);
      if (existing) return existing.emailConfirmedAt ? { kind: 'exists' } : { kind: 'unconfirmed', user: existing };
      const user = await createUserAudited(
        tx,
        { email, encryptedPassword: hash, rawUserMetaData: data, confirmationSentAt: now, createdAt: now, updatedAt: now },
        { action: 'auth.signup', actorId: null, ip: meta.ip, selfActor: true },
      );
      await issueToken(deps, tx, { userId: user.id, type: 'signup', address: email, redirectTo: meta.redirectTo });
      return { kind: 'created', user: await loadUser(tx, user) };
    });
  } catch (err) {
    // Two sign-ups of one address at once: the loser answers like any existing address.
    if (!isUniqueViolation(err)) throw err;
    outcome = { kind: 'exists' };
  }

  if (outcome.kind === 'created') return outcome.user;
  if (outcome.kind === 'exists') return obfuscatedUser({ email, data, now });
  const pending = outcome.user;
  return deps.ctx.db.transaction(async (tx) => {
    const locked = (await lockUserById(tx, pending.id)) ?? pending;
    if (!firstMail) return loadUser(tx, locked);
    const updated = await updateUserAudited(tx, locked, { confirmationSentAt: now }, { action: 'auth.confirmation_sent', actorId: null, ip: meta.ip }, now);
    await issueToken(deps, tx, { userId: updated.id, type: 'signup', address: email, redirectTo: meta.redirectTo });
    return loadUser(tx, updated);
  });
}
