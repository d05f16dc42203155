import { otpInvalid, unprocessable, validationFailed } from './auth.errors.js';
import { normalizeEmail, type AuthDeps, type RequestMeta } from './auth.deps.js';
import { consumeCode, consumeLinkToken, linkIsPkce, tokenAddress, type TokenType } from './auth.otp.js';
import { asEmailLanguage } from '../email/index.js';
import { codeForEmailFlow } from './auth.pkce.js';
import { confirmLink, languageOfUrl, safeRedirect, withFragment, withQuery } from './auth.redirect.js';
import { deleteFactorsOf, findUserByEmail, lockUserById, updateIdentityData, type UserPatch, type UserRecord } from './auth.repository.js';
import { deleteUserSessions } from './auth.sessions.repository.js';
import { gateCodeGuess, passedCodeGuess } from './auth.throttle.js';
import { parse, verifyBody, verifyQuery } from './auth.schemas.js';
import { phoneDisabled } from './auth.signup.js';
import { bannedError, createSession, isBanned, type SessionResponse } from './auth.tokens.js';
import { loadUser, type GoTrueUser } from './auth.user-shape.js';
import { updateUserAudited } from './auth.user-writes.js';

/** Which stored token purposes each verifyOtp `type` accepts ('email' is the e-mail code of signInWithOtp). */
const ACCEPTS: Record<string, TokenType[]> = {
  signup: ['signup'],
  invite: ['invite'],
  magiclink: ['magiclink', 'signup'],
  recovery: ['recovery'],
  email_change: ['email_change'],
  email: ['signup', 'magiclink', 'invite'],
};

const AMR: Record<TokenType, string> = {
  signup: 'otp',
  magiclink: 'magiclink',
  recovery: 'recovery',
  invite: 'invite',
  email_change: 'email_change',
  reauthentication: 'otp',
};

type Proof = { kind: 'link'; token: string } | { kind: 'code'; address: string; code: string };
type Outcome =
  | { kind: 'ok'; session: SessionResponse }
  | { kind: 'code'; code: string; user: UserRecord }
  | { kind: 'invalid' }
  | { kind: 'banned' }
  | { kind: 'taken' };

/** What a link sent in the PKCE flow answers: where the page goes next, with the flow's one-time code. */
export interface PkceVerifyResponse {
  redirect_to: string;
  user: GoTrueUser;
}

function acceptedTypes(type: string): TokenType[] {
  if (type === 'sms' || type === 'phone_change') throw phoneDisabled();
  const types = ACCEPTS[type];
  if (!types) throw validationFailed(`Verify requires a verification type: one of ${Object.keys(ACCEPTS).join(', ')}`);
  return types;
}

/** Spends the token, applies what it proves (confirmation, e-mail change) and signs the user in. */
async function complete(
  deps: AuthDeps,
  proof: Proof,
  types: TokenType[],
  meta: RequestMeta,
): Promise<SessionResponse | { code: string; user: UserRecord }> {
  const outcome = await deps.ctx.db.transaction(async (tx): Promise<Outcome> => {
    let row;
    if (proof.kind === 'link') {
      row = await consumeLinkToken(deps, tx, proof.token, types);
    } else {
      const res = await consumeCode(deps, tx, proof.address, proof.code, types);
      row = res.ok ? res.row : null;
    }
    // Returning (not throwing) keeps the counted failed attempt: the transaction commits.
    if (!row) return { kind: 'invalid' };
    const user = await lockUserById(tx, row.userId);
    if (!user) return { kind: 'invalid' };
    const nowMs = deps.tuning.now();
    if (isBanned(user, nowMs)) return { kind: 'banned' };
    const now = new Date(nowMs);
    const patch: UserPatch = { lastSignInAt: now };
    const address = tokenAddress(row);
    if (row.tokenType === 'email_change') {
      if (!user.emailChange || user.emailChange.toLowerCase() !== address) return { kind: 'invalid' };
      const holder = await findUserByEmail(tx, address);
      if (holder && holder.id !== user.id) return { kind: 'taken' };
      Object.assign(patch, { email: address, emailChange: null, emailChangeSentAt: null, emailConfirmedAt: now });
      await updateIdentityData(tx, user.id, 'email', { email: address, email_verified: true }, now);
    } else if (!user.emailConfirmedAt) {
      // A link or code that reached the mailbox proves the address, whatever its purpose. Whatever
      // was set up before that proof may be someone else's (a pre-registered account): the password
      // is dropped, so the mailbox owner chooses one, and every session and factor ends (decision 008).
      Object.assign(patch, { emailConfirmedAt: now, encryptedPassword: null });
      await updateIdentityData(tx, user.id, 'email', { email_verified: true }, now);
      await deleteUserSessions(tx, user.id);
      await deleteFactorsOf(tx, user.id);
    }
    const updated = await updateUserAudited(
      tx,
      user,
      patch,
      { action: `auth.verify.${row.tokenType}`, actorId: user.id, ip: meta.ip },
      now,
    );
    // A link sent in the PKCE flow signs no one in here: its one-time code goes to the verifier's holder
    // (POST /token?grant_type=pkce), as GoTrue's link redirects with ?code=. A typed code is entered in
    // the app that asked for it, so it answers a session as GoTrue's POST /verify does.
    if (proof.kind === 'link') {
      const code = await codeForEmailFlow(deps, tx, user.id, row.tokenType);
      if (code) return { kind: 'code', code, user: updated };
    }
    return { kind: 'ok', session: await createSession(deps, tx, updated, AMR[row.tokenType as TokenType] ?? 'otp', meta) };
  });
  if (outcome.kind === 'ok') return outcome.session;
  if (outcome.kind === 'code') return { code: outcome.code, user: outcome.user };
  if (outcome.kind === 'banned') throw bannedError();
  if (outcome.kind === 'taken') throw unprocessable('email_exists', 'A user with this email address has already been registered');
  throw otpInvalid();
}

/** POST /verify: verifyOtp({token_hash, type}) or verifyOtp({email, token, type}). */
export async function verifyPost(deps: AuthDeps, body: unknown, meta: RequestMeta): Promise<SessionResponse | PkceVerifyResponse> {
  const input = parse(verifyBody, body);
  const types = acceptedTypes(input.type);
  if (input.token_hash) {
    const result = await complete(deps, { kind: 'link', token: input.token_hash }, types, meta);
    if (!('code' in result)) return result;
    const target = safeRedirect(deps.ctx.config, input.redirect_to ?? meta.redirectTo);
    return { redirect_to: withQuery(target, { code: result.code }), user: await loadUser(deps.ctx.db, result.user) };
  }
  if (input.token && input.email) {
    const address = normalizeEmail(input.email);
    await gateCodeGuess(deps, address, meta.ip);
    const session = await complete(deps, { kind: 'code', address, code: input.token.trim() }, types, meta);
    await passedCodeGuess(deps.ctx.db, address, meta.ip);
    if ('code' in session) throw otpInvalid();
    return session;
  }
  if (input.token && input.phone) throw phoneDisabled();
  throw validationFailed('Verify requires either a token with an email address, or a token hash');
}

/**
 * GET /verify: the link GoTrue puts in its e-mails (and ours did before issue 14, item 9). It spends
 * nothing: a mail scanner may open it any number of times. It sends the browser (303) to the page that
 * confirms with a button (`confirmLink`); a link without a token or with an unknown type goes to
 * redirect_to (same origin only) with the error in the fragment, as GoTrue does.
 */
export async function verifyLinkRedirect(deps: AuthDeps, query: unknown): Promise<string> {
  const raw = (query ?? {}) as Record<string, unknown>;
  const requested = typeof raw.redirect_to === 'string' ? raw.redirect_to : undefined;
  const target = safeRedirect(deps.ctx.config, requested);
  const q = verifyQuery.safeParse(query);
  const type = q.success ? q.data.type : undefined;
  if (!q.success || !q.data.token || !type || !ACCEPTS[type]) {
    return withFragment(target, {
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: 'Email link is invalid or has expired',
    });
  }
  const lang = asEmailLanguage(raw.lang) ?? asEmailLanguage(languageOfUrl(requested));
  return confirmLink(q.data.token, type, target, { lang, pkce: await linkIsPkce(deps, q.data.token) });
}
