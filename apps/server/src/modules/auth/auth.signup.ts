import { randomUUID } from 'node:crypto';
import { isUniqueViolation } from '../../lib/errors.js';
import { unprocessable, validationFailed } from './auth.errors.js';
import { afterAnswer } from './auth.deferred.js';
import { normalizeEmail, type AuthDeps, type RequestMeta } from './auth.deps.js';
import { issueToken, sendLinkEmail } from './auth.otp.js';
import { acceptNewPassword, metadataName } from './auth.password.js';
import { pkceParams, type PkceChallenge } from './auth.pkce.js';
import { findUserByEmail, lockUserById } from './auth.repository.js';
import { parse, signupBody } from './auth.schemas.js';
import { mayEmail } from './auth.throttle.js';
import { pendingUser, type GoTrueUser } from './auth.user-shape.js';
import { createUserAudited } from './auth.user-writes.js';

export const phoneDisabled = () => unprocessable('phone_provider_disabled', 'Phone signups are disabled: no SMS provider is configured');

interface Registration {
  id: string;
  email: string;
  hash: string;
  data: Record<string, unknown>;
  now: Date;
  pkce: PkceChallenge | null;
}

/**
 * POST /signup. E-mail addresses must be confirmed, so the answer is a user without a session.
 * A new, an unconfirmed and a confirmed address get the same answer (a new unconfirmed user) in the
 * same time: the password is hashed for all, and the account work runs after the answer (decision 008).
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
  const pkce = pkceParams(input.code_challenge, input.code_challenge_method);
  const hash = await acceptNewPassword(input.password, [email, metadataName(input.data)]);
  const reg: Registration = { id: randomUUID(), email, hash, data: input.data ?? {}, now: new Date(deps.tuning.now()), pkce };
  await afterAnswer(deps.ctx, () => register(deps, reg, meta));
  return pendingUser(reg);
}

/**
 * A new address gets its account (with the id already answered) and a confirmation e-mail. An
 * unconfirmed one gets its confirmation e-mail again without any change to the account: the
 * caller's claim is unproven, and confirming will ask the mailbox owner for a password anyway.
 * A confirmed one gets nothing.
 */
async function register(deps: AuthDeps, reg: Registration, meta: RequestMeta): Promise<void> {
  const firstMail = await mayEmail(deps, reg.email, meta.ip);
  const { email, now } = reg;
  try {
    await deps.ctx.db.transaction(async (tx) => {
      const existing = await findUserByEmail(tx, email);
      if (existing) {
        if (existing.emailConfirmedAt || !firstMail) return;
        const locked = (await lockUserById(tx, existing.id)) ?? existing;
        await sendLinkEmail(deps, tx, locked, 'signup', email, meta, now, reg.pkce);
        return;
      }
      const user = await createUserAudited(
        tx,
        {
          id: reg.id,
          email,
          encryptedPassword: reg.hash,
          rawUserMetaData: reg.data,
          confirmationSentAt: now,
          createdAt: now,
          updatedAt: now,
        },
        { action: 'auth.signup', actorId: null, ip: meta.ip, selfActor: true },
      );
      await issueToken(deps, tx, { userId: user.id, type: 'signup', address: email, redirectTo: meta.redirectTo, pkce: reg.pkce });
    });
  } catch (err) {
    // Two sign-ups of one address at once: the loser's account is the winner's.
    if (!isUniqueViolation(err)) throw err;
  }
}
