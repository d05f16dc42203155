import type { Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../lib/errors.js';
import { unprocessable, userNotFound, validationFailed } from './auth.errors.js';
import { normalizeEmail, type AuthDeps, type RequestMeta } from './auth.deps.js';
import { issueToken, type TokenType } from './auth.otp.js';
import { acceptNewPassword } from './auth.password.js';
import { deleteFactorsOf, findUserByEmail, lockUserById, type UserRecord } from './auth.repository.js';
import { deleteUserSessions } from './auth.sessions.repository.js';
import { generateLinkBody, inviteBody, parse } from './auth.schemas.js';
import { loadUser, type GoTrueUser } from './auth.user-shape.js';
import { createUserAudited, updateUserAudited } from './auth.user-writes.js';

const emailTaken = () => unprocessable('email_exists', 'A user with this email address has already been registered');

/**
 * The invited user, created (unconfirmed, no password) or found; a confirmed account cannot be invited
 * unless `confirmedToo`. A found account loses its password, sessions and factors: only the holder of
 * the invitation link gets in, and chooses the password (decision 008).
 */
async function invitee(
  deps: AuthDeps,
  tx: Tx,
  email: string,
  data: Record<string, unknown> | null | undefined,
  meta: RequestMeta,
  confirmedToo = false,
): Promise<UserRecord> {
  const now = new Date(deps.tuning.now());
  const found = await findUserByEmail(tx, email);
  if (found?.emailConfirmedAt && !confirmedToo) throw emailTaken();
  const audit = { action: 'auth.admin.invite', actorId: null, ip: meta.ip };
  if (!found) return createUserAudited(tx, { email, invitedAt: now, rawUserMetaData: data ?? {}, createdAt: now, updatedAt: now }, audit);
  const locked = (await lockUserById(tx, found.id)) ?? found;
  const updated = await updateUserAudited(tx, locked, { invitedAt: now, encryptedPassword: null }, audit, now);
  await deleteUserSessions(tx, locked.id);
  await deleteFactorsOf(tx, locked.id);
  return updated;
}

function uniqueAsTaken(err: unknown): never {
  if (isUniqueViolation(err)) throw emailTaken();
  throw err;
}

/** POST /invite (service key): an invitation e-mail; verifying it signs the user in to choose a password. */
export async function inviteUser(deps: AuthDeps, body: unknown, meta: RequestMeta): Promise<GoTrueUser> {
  const input = parse(inviteBody, body);
  const email = normalizeEmail(input.email);
  return deps.ctx.db
    .transaction(async (tx) => {
      const user = await invitee(deps, tx, email, input.data, meta);
      await issueToken(deps, tx, { userId: user.id, type: 'invite', address: email, redirectTo: meta.redirectTo });
      return loadUser(tx, user);
    })
    .catch(uniqueAsTaken);
}

/**
 * POST /admin/generate_link (service key): the link and code an e-mail would carry, without sending it,
 * so a server can deliver it itself.
 */
export async function generateLink(deps: AuthDeps, body: unknown, meta: RequestMeta) {
  const input = parse(generateLinkBody, body);
  const email = normalizeEmail(input.email);
  let hash: string | undefined;
  if (input.type === 'signup') {
    if (!input.password) throw validationFailed('Signup requires a valid password');
    hash = await acceptNewPassword(input.password);
  }
  const newEmail = input.type.startsWith('email_change') ? normalizeEmail(input.new_email ?? '') : undefined;
  const redirectTo = input.redirect_to ?? meta.redirectTo;

  const result = await deps.ctx.db
    .transaction(async (tx) => {
      const now = new Date(deps.tuning.now());
      let user: UserRecord;
      let type: TokenType;
      let address = email;
      if (input.type === 'invite') {
        user = await invitee(deps, tx, email, input.data, meta);
        type = 'invite';
      } else if (input.type === 'signup') {
        const found = await findUserByEmail(tx, email);
        if (found?.emailConfirmedAt) throw emailTaken();
        user =
          found ??
          (await createUserAudited(
            tx,
            { email, encryptedPassword: hash, rawUserMetaData: input.data ?? {}, confirmationSentAt: now, createdAt: now, updatedAt: now },
            { action: 'auth.admin.generate_signup', actorId: null, ip: meta.ip },
          ));
        type = 'signup';
      } else {
        const found = await findUserByEmail(tx, email);
        const locked = found && (await lockUserById(tx, found.id));
        if (!locked) throw userNotFound();
        user = locked;
        type = input.type === 'magiclink' ? 'magiclink' : input.type === 'recovery' ? 'recovery' : 'email_change';
        if (newEmail) {
          const holder = await findUserByEmail(tx, newEmail);
          if (holder && holder.id !== user.id) throw emailTaken();
          user = await updateUserAudited(
            tx,
            user,
            { emailChange: newEmail, emailChangeSentAt: now },
            { action: 'auth.admin.email_change', actorId: null, ip: meta.ip },
            now,
          );
          address = newEmail;
        }
      }
      const token = await issueToken(deps, tx, { userId: user.id, type, address, redirectTo, send: false });
      return { user: await loadUser(tx, user), token };
    })
    .catch(uniqueAsTaken);

  return {
    ...result.user,
    action_link: result.token.actionLink,
    email_otp: result.token.code,
    hashed_token: result.token.linkToken,
    redirect_to: result.token.redirectTo,
    verification_type: input.type,
  };
}

/**
 * An invitation issued inside the caller's own transaction, so whatever else that transaction writes
 * (approving an application creates a vendor and its user) lands together with the invited user and
 * the queued e-mail, or none of it does. Unlike POST /invite, an existing confirmed account is invited
 * too: it loses its password, sessions and factors first, so the account is handed over only to whoever
 * proves the address by following the invitation.
 */
export async function inviteInTransaction(
  deps: AuthDeps,
  tx: Tx,
  email: string,
  data: Record<string, unknown> | null,
  opts: { redirectTo: string; ip: string; orgId: string; language?: string | null },
): Promise<UserRecord> {
  const address = normalizeEmail(email);
  const user = await invitee(deps, tx, address, data, { ip: opts.ip, userAgent: null, redirectTo: opts.redirectTo }, true);
  await issueToken(deps, tx, {
    userId: user.id,
    type: 'invite',
    address,
    redirectTo: opts.redirectTo,
    orgId: opts.orgId,
    language: opts.language,
  });
  return user;
}
