import { verifyPassword } from '../../lib/password.js';
import { authEmail } from './auth.emails.js';
import { badRequest, forbiddenAuth, unprocessable, validationFailed } from './auth.errors.js';
import { normalizeEmail, type AuthDeps, type RequestMeta } from './auth.deps.js';
import { consumeUserCode, issueToken, userLanguage } from './auth.otp.js';
import { acceptNewPassword, memberPasswordMinLength, metadataName } from './auth.password.js';
import type { UserPrincipal } from './auth.principal.js';
import { findFactors, findUserByEmail, findUserById, lockUserById, membershipOrgOf, type UserPatch } from './auth.repository.js';
import { deleteSession, deleteUserSessions } from './auth.sessions.repository.js';
import { checkMetadataSize, parse, updateUserBody } from './auth.schemas.js';
import { languageOfUrl } from './auth.redirect.js';
import { pkceParams } from './auth.pkce.js';
import { phoneDisabled } from './auth.signup.js';
import { gateEmailSend } from './auth.throttle.js';
import { loadUser, type GoTrueUser } from './auth.user-shape.js';
import { mergeMetadata, updateUserAudited } from './auth.user-writes.js';

const sessionGone = () => forbiddenAuth('session_not_found', 'Session from session_id claim in JWT does not exist');

export async function getUser(deps: AuthDeps, p: UserPrincipal): Promise<GoTrueUser> {
  const user = await findUserById(deps.ctx.db, p.userId);
  if (!user) throw sessionGone();
  return loadUser(deps.ctx.db, user);
}

/**
 * PUT /user: metadata, password (checked against the policy; every other session of the user ends)
 * and e-mail (confirmed through a link to the new address; the old address is told).
 */
export async function updateUser(deps: AuthDeps, p: UserPrincipal, body: unknown, meta: RequestMeta): Promise<GoTrueUser> {
  const input = parse(updateUserBody, body);
  if (input.phone) throw phoneDisabled();
  // A challenge makes the change link end in a one-time code for the verifier's holder (auth.pkce.ts).
  const pkce = pkceParams(input.code_challenge, input.code_challenge_method);
  const current = await findUserById(deps.ctx.db, p.userId);
  if (!current) throw sessionGone();
  if ((input.password != null || input.email != null) && p.claims.aal !== 'aal2') {
    // With MFA on, the password alone (aal1) must not be enough to take over the account.
    const factors = await findFactors(deps.ctx.db, current.id);
    if (factors.some((f) => f.status === 'verified')) {
      throw forbiddenAuth('insufficient_aal', 'AAL2 session is required to update email or password when MFA is enabled.');
    }
  }

  let newHash: string | undefined;
  if (input.password != null) {
    if (input.current_password != null && !(await verifyPassword(current.encryptedPassword, input.current_password))) {
      throw badRequest('invalid_credentials', 'Current password is incorrect');
    }
    if (current.encryptedPassword && (await verifyPassword(current.encryptedPassword, input.password))) {
      throw unprocessable('same_password', 'New password should be different from the old password.');
    }
    // The organization's security policy may ask for longer passwords than the floor (settings).
    newHash = await acceptNewPassword(input.password, [current.email, metadataName(current.rawUserMetaData)], {
      minLength: await memberPasswordMinLength(deps.ctx.db, current.id),
    });
    if (input.nonce != null) {
      // The nonce is optional (reauthentication is not required here), but a wrong one is refused.
      const nonce = input.nonce.trim();
      const res = await deps.ctx.db.transaction((tx) => consumeUserCode(deps, tx, p.userId, nonce, 'reauthentication'));
      if (!res.ok) throw badRequest('reauthentication_not_valid', 'Verification code is invalid or has expired');
    }
  }

  let newEmail: string | undefined;
  if (input.email != null) {
    const email = normalizeEmail(input.email);
    if (email !== current.email?.toLowerCase()) {
      const holder = await findUserByEmail(deps.ctx.db, email);
      if (holder && holder.id !== current.id)
        throw unprocessable('email_exists', 'A user with this email address has already been registered');
      newEmail = email;
    }
  }

  return deps.ctx.db.transaction(async (tx) => {
    const user = await lockUserById(tx, p.userId);
    if (!user) throw sessionGone();
    const now = new Date(deps.tuning.now());
    const patch: UserPatch = {};
    if (input.data) {
      patch.rawUserMetaData = mergeMetadata(user.rawUserMetaData, input.data);
      checkMetadataSize('data', patch.rawUserMetaData);
    }
    if (newHash) patch.encryptedPassword = newHash;
    if (newEmail) Object.assign(patch, { emailChange: newEmail, emailChangeSentAt: now });
    const action = newHash ? 'auth.password_change' : newEmail ? 'auth.email_change_requested' : 'auth.user_update';
    const updated = await updateUserAudited(tx, user, patch, { action, actorId: user.id, ip: meta.ip }, now);
    if (newHash) await deleteUserSessions(tx, user.id, p.sessionId);
    if (newEmail) {
      await issueToken(deps, tx, { userId: user.id, type: 'email_change', address: newEmail, redirectTo: meta.redirectTo, newEmail, pkce });
      if (user.email) {
        const orgId = await membershipOrgOf(tx, user.id);
        const lang = await userLanguage(tx, user.id, orgId, [languageOfUrl(meta.redirectTo)]);
        await deps.ctx.mailer.enqueue(tx, { to: user.email, orgId, ...authEmail('email_change_notice', { newEmail }, lang) });
      }
    }
    return loadUser(tx, updated);
  });
}

/** GET /reauthenticate: a code to the user's address, to confirm a sensitive change. */
export async function reauthenticate(deps: AuthDeps, p: UserPrincipal, meta: RequestMeta): Promise<Record<string, never>> {
  const current = await findUserById(deps.ctx.db, p.userId);
  if (!current) throw sessionGone();
  if (!current.email) throw validationFailed('Reauthentication requires an email address');
  await gateEmailSend(deps, current.email.toLowerCase(), meta.ip);
  await deps.ctx.db.transaction(async (tx) => {
    const user = await lockUserById(tx, p.userId);
    if (!user?.email) return;
    const now = new Date(deps.tuning.now());
    await updateUserAudited(
      tx,
      user,
      { reauthenticationSentAt: now },
      { action: 'auth.reauthentication_sent', actorId: user.id, ip: meta.ip },
      now,
    );
    await issueToken(deps, tx, { userId: user.id, type: 'reauthentication', address: user.email.toLowerCase() });
  });
  return {};
}

/** POST /logout: local = this session, global = all of the user's, others = all but this one. */
export async function logout(deps: AuthDeps, p: UserPrincipal, scope: 'global' | 'local' | 'others'): Promise<void> {
  await deps.ctx.db.transaction(async (tx) => {
    if (scope === 'local') await deleteSession(tx, p.sessionId);
    else await deleteUserSessions(tx, p.userId, scope === 'others' ? p.sessionId : undefined);
  });
}
