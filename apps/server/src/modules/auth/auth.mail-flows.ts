import type { Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../lib/errors.js';
import { validationFailed } from './auth.errors.js';
import { afterAnswer } from './auth.deferred.js';
import { normalizeEmail, type AuthDeps, type RequestMeta } from './auth.deps.js';
import { issueToken, sendLinkEmail } from './auth.otp.js';
import { pkceParams, type PkceChallenge } from './auth.pkce.js';
import { findUserByEmail, findUserByPendingEmail, lockUserById, type UserRecord } from './auth.repository.js';
import { emailOnlyBody, otpBody, parse, resendBody } from './auth.schemas.js';
import { phoneDisabled } from './auth.signup.js';
import { gateEmailSend } from './auth.throttle.js';
import { isBanned } from './auth.tokens.js';
import { createUserAudited, updateUserAudited } from './auth.user-writes.js';

/*
 * /otp, /recover and /resend answer `{}` whether or not the address has an account, and are limited
 * per address and client address before the account is looked up, so neither reveals one. The
 * lookup and what follows run after the answer (auth.deferred.ts), so the time does not reveal it either.
 */

async function sendConfirmation(
  deps: AuthDeps,
  tx: Tx,
  user: UserRecord,
  meta: RequestMeta,
  pkce: PkceChallenge | null = null,
): Promise<void> {
  await sendLinkEmail(deps, tx, user, 'signup', user.email!, meta, new Date(deps.tuning.now()), pkce);
}

/** POST /otp: a magic link and e-mail code; a new address gets an account (unless create_user is false). */
export async function sendMagicLink(deps: AuthDeps, body: unknown, meta: RequestMeta): Promise<Record<string, never>> {
  const input = parse(otpBody, body);
  if (!input.email) throw input.phone ? phoneDisabled() : validationFailed('An email address is required');
  const email = normalizeEmail(input.email);
  const pkce = pkceParams(input.code_challenge, input.code_challenge_method);
  await gateEmailSend(deps, email, meta.ip);
  await afterAnswer(deps.ctx, () => magicLinkWork(deps, email, input.create_user !== false, input.data ?? {}, meta, pkce));
  return {};
}

async function magicLinkWork(
  deps: AuthDeps,
  email: string,
  createUser: boolean,
  data: Record<string, unknown>,
  meta: RequestMeta,
  pkce: PkceChallenge | null,
): Promise<void> {
  try {
    await deps.ctx.db.transaction(async (tx) => {
      const found = await findUserByEmail(tx, email);
      const now = new Date(deps.tuning.now());
      if (!found) {
        if (!createUser) return;
        const user = await createUserAudited(
          tx,
          { email, rawUserMetaData: data, confirmationSentAt: now, createdAt: now, updatedAt: now },
          { action: 'auth.signup', actorId: null, ip: meta.ip, selfActor: true },
        );
        await issueToken(deps, tx, { userId: user.id, type: 'signup', address: email, redirectTo: meta.redirectTo, pkce });
        return;
      }
      const user = await lockUserById(tx, found.id);
      if (!user || isBanned(user, now.getTime())) return;
      if (!user.emailConfirmedAt) return sendConfirmation(deps, tx, user, meta, pkce);
      await sendLinkEmail(deps, tx, user, 'magiclink', email, meta, now, pkce);
    });
  } catch (err) {
    // Someone created the account at the same moment: nothing more to send.
    if (!isUniqueViolation(err)) throw err;
  }
}

/** POST /recover: a password-reset link and code, if the address has an account. */
export async function sendRecovery(deps: AuthDeps, body: unknown, meta: RequestMeta): Promise<Record<string, never>> {
  const input = parse(emailOnlyBody, body);
  if (!input.email) throw validationFailed('Password recovery requires an email');
  const email = normalizeEmail(input.email);
  const pkce = pkceParams(input.code_challenge, input.code_challenge_method);
  await gateEmailSend(deps, email, meta.ip);
  await afterAnswer(deps.ctx, () =>
    deps.ctx.db.transaction(async (tx) => {
      const found = await findUserByEmail(tx, email);
      const user = found && (await lockUserById(tx, found.id));
      const now = new Date(deps.tuning.now());
      if (!user || isBanned(user, now.getTime())) return;
      await sendLinkEmail(deps, tx, user, 'recovery', email, meta, now, pkce);
    }),
  );
  return {};
}

/** POST /resend: the sign-up confirmation or the e-mail-change confirmation again. */
export async function resend(deps: AuthDeps, body: unknown, meta: RequestMeta): Promise<Record<string, never>> {
  const input = parse(resendBody, body);
  if (input.type === 'sms' || input.type === 'phone_change') throw phoneDisabled();
  if (input.type !== 'signup' && input.type !== 'email_change')
    throw validationFailed('Missing one of these types: signup, email_change, sms, phone_change');
  if (!input.email) throw validationFailed('An email address is required');
  const email = normalizeEmail(input.email);
  const pkce = pkceParams(input.code_challenge, input.code_challenge_method);
  await gateEmailSend(deps, email, meta.ip);
  const type = input.type;
  await afterAnswer(deps.ctx, () => resendWork(deps, email, type, meta, pkce));
  return {};
}

async function resendWork(
  deps: AuthDeps,
  email: string,
  type: 'signup' | 'email_change',
  meta: RequestMeta,
  pkce: PkceChallenge | null,
): Promise<void> {
  await deps.ctx.db.transaction(async (tx) => {
    const now = new Date(deps.tuning.now());
    if (type === 'signup') {
      const found = await findUserByEmail(tx, email);
      const user = found && (await lockUserById(tx, found.id));
      if (user && !user.emailConfirmedAt) await sendConfirmation(deps, tx, user, meta, pkce);
      return;
    }
    const found = (await findUserByPendingEmail(tx, email)) ?? (await findUserByEmail(tx, email));
    const user = found && (await lockUserById(tx, found.id));
    if (!user?.emailChange) return;
    const updated = await updateUserAudited(
      tx,
      user,
      { emailChangeSentAt: now },
      { action: 'auth.email_change_sent', actorId: null, ip: meta.ip },
      now,
    );
    await issueToken(deps, tx, {
      userId: updated.id,
      type: 'email_change',
      address: updated.emailChange!,
      redirectTo: meta.redirectTo,
      newEmail: updated.emailChange!,
      pkce,
    });
  });
}
