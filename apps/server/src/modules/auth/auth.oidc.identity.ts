import { and, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { identities } from '../../db/schema/index.js';
import { isUniqueViolation } from '../../lib/errors.js';
import { badRequest } from './auth.errors.js';
import { normalizeEmail, type AuthDeps, type RequestMeta } from './auth.deps.js';
import type { ProviderClaims } from './auth.oidc.js';
import { deleteFactorsOf, findUserByEmail, insertIdentity, lockUserById, type UserPatch, type UserRecord } from './auth.repository.js';
import { deleteUserSessions } from './auth.sessions.repository.js';
import { bannedError, createSession, isBanned, type SessionResponse } from './auth.tokens.js';
import { createUserAudited, updateUserAudited } from './auth.user-writes.js';

async function lockIdentity(db: DbOrTx, provider: string, sub: string) {
  const rows = await db
    .select()
    .from(identities)
    .where(and(eq(identities.provider, provider), eq(identities.providerId, sub)))
    .limit(1)
    .for('update');
  return rows[0] ?? null;
}

/** What of the provider's claims is kept on the identity (GoTrue's identity_data). */
function identityData(claims: ProviderClaims, email: string | null): Record<string, unknown> {
  return {
    sub: claims.sub,
    iss: claims.iss,
    ...(email ? { email, email_verified: true } : {}),
    ...(typeof claims.name === 'string' ? { name: claims.name.slice(0, 200), full_name: claims.name.slice(0, 200) } : {}),
    provider_id: claims.sub,
  };
}

const verifiedEmail = (claims: ProviderClaims) => claims.email_verified === true || claims.email_verified === 'true';

/**
 * The user a verified ID token stands for: the one already linked to (provider, sub); else the account of
 * the token's e-mail address, which the provider vouches for (email_verified), now linked; else a new user.
 * A provider that vouches for an address proves it as a link would: an unconfirmed account of that address
 * loses what was set up before the proof (its password, sessions and factors; decision 008).
 */
async function resolveUser(
  deps: AuthDeps,
  tx: Tx,
  provider: string,
  claims: ProviderClaims,
  meta: RequestMeta,
  now: Date,
): Promise<UserRecord> {
  const known = await lockIdentity(tx, provider, claims.sub);
  if (known) {
    const user = await lockUserById(tx, known.userId);
    if (!user) throw badRequest('user_not_found', 'The account of this identity no longer exists');
    await tx.update(identities).set({ lastSignInAt: now, updatedAt: now }).where(eq(identities.id, known.id));
    return user;
  }
  if (typeof claims.email !== 'string' || !verifiedEmail(claims)) {
    throw badRequest(
      'provider_email_needs_verification',
      `Provider "${provider}" did not vouch for an e-mail address of this account (email and email_verified are required)`,
    );
  }
  const email = normalizeEmail(claims.email);
  const found = await findUserByEmail(tx, email);
  let user: UserRecord;
  if (found) {
    const locked = await lockUserById(tx, found.id);
    if (!locked) throw badRequest('user_not_found', 'The account of this address no longer exists');
    user = locked;
    if (!user.emailConfirmedAt) {
      await deleteUserSessions(tx, user.id);
      await deleteFactorsOf(tx, user.id);
      user = await updateUserAudited(
        tx,
        user,
        { emailConfirmedAt: now, encryptedPassword: null },
        { action: 'auth.verify.signup', actorId: user.id, ip: meta.ip },
        now,
      );
    }
  } else {
    user = await createUserAudited(
      tx,
      {
        email,
        emailConfirmedAt: now,
        rawUserMetaData: typeof claims.name === 'string' ? { full_name: claims.name.slice(0, 200) } : {},
        rawAppMetaData: { provider, providers: ['email', provider] },
        createdAt: now,
        updatedAt: now,
      },
      { action: 'auth.signup', actorId: null, ip: meta.ip, selfActor: true },
    );
  }
  await insertIdentity(tx, {
    userId: user.id,
    provider,
    providerId: claims.sub,
    identityData: identityData(claims, email),
    lastSignInAt: now,
    createdAt: now,
    updatedAt: now,
  });
  const providers = Array.isArray(user.rawAppMetaData.providers) ? (user.rawAppMetaData.providers as unknown[]) : [];
  if (!providers.includes(provider)) {
    const patch: UserPatch = { rawAppMetaData: { ...user.rawAppMetaData, providers: [...providers, provider] } };
    user = await updateUserAudited(tx, user, patch, { action: 'auth.user_update', actorId: user.id, ip: meta.ip }, now);
  }
  return user;
}

/** Signs in the user of verified provider claims (id_token grant and the authorization code callback), or hands back the user for a PKCE code. */
export async function signInWithClaims(
  deps: AuthDeps,
  provider: string,
  claims: ProviderClaims,
  meta: RequestMeta,
  then: (tx: Tx, user: UserRecord) => Promise<SessionResponse | string | null> = (tx, user) => createSession(deps, tx, user, 'oauth', meta),
): Promise<SessionResponse | string | null> {
  const run = () =>
    deps.ctx.db.transaction(async (tx) => {
      const nowMs = deps.tuning.now();
      const now = new Date(nowMs);
      const resolved = await resolveUser(deps, tx, provider, claims, meta, now);
      if (isBanned(resolved, nowMs)) throw bannedError();
      const user = await updateUserAudited(
        tx,
        resolved,
        { lastSignInAt: now },
        { action: 'auth.sign_in', actorId: resolved.id, ip: meta.ip },
        now,
      );
      return then(tx, user);
    });
  try {
    return await run();
  } catch (err) {
    // Two first sign-ins of one account at once: the loser finds what the winner created.
    if (!isUniqueViolation(err)) throw err;
    return run();
  }
}
