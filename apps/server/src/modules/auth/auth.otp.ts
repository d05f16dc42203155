import { randomInt } from 'node:crypto';
import { linkHasPendingFlow } from './auth.flow-state.repository.js';
import type { Tx } from '../../db/client.js';
import { authEmail, type AuthEmailKind } from './auth.emails.js';
import { randomToken, sha256, type AuthDeps, type RequestMeta } from './auth.deps.js';
import { metadataLanguage, recipientLanguage, type EmailLanguage } from '../email/index.js';
import { findUserById, membershipOrgOf, type UserRecord } from './auth.repository.js';
import {
  countFailedAttempt,
  deleteUserTokens,
  insertTokens,
  lockTokenByHash,
  lockTokensForAddress,
  lockTokensForUser,
  type OneTimeTokenRecord,
} from './auth.otp.repository.js';
import { startEmailFlow, type PkceChallenge } from './auth.pkce.js';
import { confirmLink, languageOfUrl, safeRedirect } from './auth.redirect.js';
import { updateUserAudited } from './auth.user-writes.js';

/** What a one-time token proves when it comes back. */
export type TokenType = 'signup' | 'magiclink' | 'recovery' | 'invite' | 'email_change' | 'reauthentication';

const HOUR = 3600_000;
const TTL_MS: Record<TokenType, number> = {
  signup: 24 * HOUR,
  magiclink: HOUR,
  recovery: HOUR,
  invite: 7 * 24 * HOUR,
  email_change: 24 * HOUR,
  reauthentication: 5 * 60_000,
};
const EMAIL: Record<TokenType, AuthEmailKind> = {
  signup: 'confirmation',
  magiclink: 'magic_link',
  recovery: 'recovery',
  invite: 'invite',
  email_change: 'email_change',
  reauthentication: 'reauthentication',
};

const linkHash = (token: string) => sha256(`link:${token}`);
const codeHash = (userId: string, code: string) => sha256(`code:${userId}:${code}`);

/*
 * The link's row and the code's row of one token are told apart by relates_to: the code's holds the
 * address (codes are looked up by it), the link's holds `link:<address>` (a link is looked up by its
 * hash). Wrong codes are counted only against code rows, so guessing codes never burns the link.
 * `:` cannot occur in a normalized address, so the prefix cannot collide with one.
 */
const LINK_PREFIX = 'link:';

/** The address a token was sent to, whichever of its two rows this is. */
export const tokenAddress = (row: OneTimeTokenRecord) =>
  row.relatesTo.startsWith(LINK_PREFIX) ? row.relatesTo.slice(LINK_PREFIX.length) : row.relatesTo;

export interface IssuedToken {
  /** The long token of the link (auth-js calls it token_hash). */
  linkToken: string;
  /** The 6-digit code for verifyOtp({email, token}). */
  code: string;
  actionLink: string;
  redirectTo: string;
}

/**
 * Issues a link token and a 6-digit code for one purpose (replacing earlier ones of that purpose),
 * stored only as hashes, and queues the e-mail in the same transaction unless `send` is false.
 */
export async function issueToken(
  deps: AuthDeps,
  tx: Tx,
  opts: {
    userId: string;
    type: TokenType;
    address: string;
    redirectTo?: string | null;
    send?: boolean;
    newEmail?: string;
    orgId?: string | null;
    /** The recipient's language when the caller knows it (an application's); else the request's, the user's, the organization's. */
    language?: string | null;
    /** The requester's PKCE challenge: the link then ends in a one-time code for the verifier's holder (auth.pkce.ts). */
    pkce?: PkceChallenge | null;
  },
): Promise<IssuedToken> {
  const now = new Date(deps.tuning.now());
  const expiresAt = new Date(now.getTime() + TTL_MS[opts.type]);
  await deleteUserTokens(tx, opts.userId, [opts.type]);
  const linkToken = randomToken();
  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  const base = { userId: opts.userId, tokenType: opts.type, expiresAt, createdAt: now };
  await insertTokens(tx, [
    { ...base, relatesTo: `${LINK_PREFIX}${opts.address}`, tokenHash: linkHash(linkToken) },
    { ...base, relatesTo: opts.address, tokenHash: codeHash(opts.userId, code) },
  ]);
  await startEmailFlow(tx, opts.userId, opts.type, opts.pkce ?? null, expiresAt);
  const redirectTo = safeRedirect(deps.ctx.config, opts.redirectTo);
  // The mail belongs to the tenant of the recipient's membership, if any (an outbox row is tenant data).
  const orgId = opts.orgId !== undefined ? opts.orgId : await membershipOrgOf(tx, opts.userId);
  const lang = await userLanguage(tx, opts.userId, orgId, [opts.language, languageOfUrl(opts.redirectTo)]);
  const actionLink = confirmLink(linkToken, opts.type, redirectTo, { lang, email: opts.address, pkce: Boolean(opts.pkce) });
  if (opts.send !== false) {
    const withLink = opts.type !== 'reauthentication';
    const mail = authEmail(EMAIL[opts.type], { link: withLink ? actionLink : undefined, code, newEmail: opts.newEmail }, lang);
    await deps.ctx.mailer.enqueue(tx, { to: opts.address, orgId, ...mail });
  }
  return { linkToken, code, actionLink, redirectTo };
}

/**
 * The language of a user's e-mails (issue 14, item 8): what the caller names (an application's language,
 * the language of the page the request came from), else the one in the user's metadata, else the
 * organization's default, else English.
 */
export async function userLanguage(tx: Tx, userId: string, orgId: string | null, explicit: unknown[]): Promise<EmailLanguage> {
  const user = await findUserById(tx, userId);
  return recipientLanguage(tx, [...explicit, metadataLanguage(user?.rawUserMetaData)], orgId);
}

/**
 * Sends a sign-up confirmation, magic link or recovery e-mail to a locked user: notes when it went out
 * (audited) and issues its link and code.
 */
export async function sendLinkEmail(
  deps: AuthDeps,
  tx: Tx,
  user: UserRecord,
  type: 'signup' | 'magiclink' | 'recovery',
  address: string,
  meta: RequestMeta,
  now: Date,
  pkce: PkceChallenge | null = null,
): Promise<void> {
  const sentAt = type === 'signup' ? { confirmationSentAt: now } : { recoverySentAt: now };
  const action = type === 'signup' ? 'auth.confirmation_sent' : `auth.${type}_sent`;
  const updated = await updateUserAudited(tx, user, sentAt, { action, actorId: null, ip: meta.ip }, now);
  await issueToken(deps, tx, { userId: updated.id, type, address, redirectTo: meta.redirectTo, pkce });
}

/** Whether a live link token was sent in the PKCE flow; reads only, spends nothing. */
export async function linkIsPkce(deps: AuthDeps, token: string): Promise<boolean> {
  return linkHasPendingFlow(deps.ctx.db, linkHash(token), new Date(deps.tuning.now()));
}

/** A token from a link; on success every token of that purpose for that user is spent. */
export async function consumeLinkToken(deps: AuthDeps, tx: Tx, token: string, types: TokenType[]): Promise<OneTimeTokenRecord | null> {
  const row = await lockTokenByHash(tx, linkHash(token), new Date(deps.tuning.now()));
  if (!row || !types.includes(row.tokenType as TokenType)) return null;
  await deleteUserTokens(tx, row.userId, [row.tokenType]);
  return row;
}

export type CodeResult = { ok: true; row: OneTimeTokenRecord } | { ok: false };

/**
 * A 6-digit code sent to `address`. A wrong code counts against every live code it could have
 * matched (never against a link), and codes that used up their tries are deleted: the caller must
 * commit that, then answer.
 */
export async function consumeCode(deps: AuthDeps, tx: Tx, address: string, code: string, types: TokenType[]): Promise<CodeResult> {
  const rows = await lockTokensForAddress(tx, address, types, new Date(deps.tuning.now()));
  return settleCode(deps, tx, rows, code);
}

/** The reauthentication nonce of a signed-in user. */
export async function consumeUserCode(deps: AuthDeps, tx: Tx, userId: string, code: string, type: TokenType): Promise<CodeResult> {
  const rows = await lockTokensForUser(tx, userId, [type], new Date(deps.tuning.now()));
  return settleCode(deps, tx, rows, code);
}

async function settleCode(deps: AuthDeps, tx: Tx, found: OneTimeTokenRecord[], code: string): Promise<CodeResult> {
  const rows = found.filter((r) => !r.relatesTo.startsWith(LINK_PREFIX));
  const valid = /^\d{6}$/.test(code);
  const match = valid ? rows.find((r) => r.tokenHash === codeHash(r.userId, code)) : undefined;
  if (match) {
    await deleteUserTokens(tx, match.userId, [match.tokenType]);
    return { ok: true, row: match };
  }
  await countFailedAttempt(
    tx,
    rows.map((r) => r.id),
    deps.tuning.otpMaxAttempts,
  );
  return { ok: false };
}
