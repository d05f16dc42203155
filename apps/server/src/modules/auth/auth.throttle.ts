import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { organizationMemberships, organizationSettings, users } from '../../db/schema/index.js';
import { rateLimited } from './auth.errors.js';
import type { AuthDeps } from './auth.deps.js';
import { clearAttempts, countAttempt, pruneAttempts, refundAttempt, takeRateSlot } from './auth.otp.repository.js';

export const signInKey = (identifier: string, ip: string) => `signin:${identifier}:${ip}`;
export const mfaKey = (factorId: string) => `mfa:${factorId}`;
const sendKey = (address: string, ip: string) => `send:${address}:${ip}`;
const codeKey = (address: string, ip: string) => `code:${address}:${ip}`;
/** Failed sign-ins and wrong e-mail codes of one client address, whatever the account (spraying). */
const clientKey = (ip: string) => `client:${ip}`;

function maybePrune(db: DbOrTx): void {
  if (Math.random() < 0.01) void pruneAttempts(db).catch(() => {});
}

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/**
 * Counts an attempt of this client against all accounts; past the limit it answers 429. Counted before
 * the check, so parallel guesses cannot slip past; a success gives it back (passedClient).
 */
async function gateClient(deps: AuthDeps, ip: string, what: string): Promise<void> {
  const { clientMaxFailures, clientLockSeconds, clientWindowSeconds } = deps.tuning;
  const { retryAfter } = await countAttempt(deps.ctx.db, clientKey(ip), clientMaxFailures, clientLockSeconds, clientWindowSeconds);
  if (retryAfter > 0)
    throw rateLimited(
      'over_request_rate_limit',
      `Too many failed ${what} from this address. Try again in ${minutes(retryAfter)} minutes.`,
      retryAfter,
    );
}

/**
 * Counts a sign-in attempt for this account and client address, and for the client address across
 * accounts; past either limit it answers 429. Only a sign-in that ends in a session resets them
 * (passedSignIn): a wrong password, an unconfirmed account and a banned one all count.
 */
export async function gateSignIn(deps: AuthDeps, key: string, ip: string): Promise<void> {
  const own = await organizationThrottle(deps.ctx.db, key, ip);
  const signInMaxFailures = own?.maxFailures ?? deps.tuning.signInMaxFailures;
  const signInLockSeconds = own?.lockSeconds ?? deps.tuning.signInLockSeconds;
  const { retryAfter } = await countAttempt(deps.ctx.db, key, signInMaxFailures, signInLockSeconds);
  maybePrune(deps.ctx.db);
  if (retryAfter > 0) {
    throw rateLimited(
      'over_request_rate_limit',
      `Too many failed sign-in attempts. Try again in ${minutes(retryAfter)} minutes.`,
      retryAfter,
    );
  }
  await gateClient(deps, ip, 'sign-in attempts');
}

/**
 * The sign-in thresholds of the account's organization (settings security policy), or null for the server's. The
 * same single look-up runs whether or not the account exists, so its cost says nothing about the address.
 */
async function organizationThrottle(db: DbOrTx, key: string, ip: string): Promise<{ maxFailures: number; lockSeconds: number } | null> {
  const suffix = `:${ip}`;
  if (!key.startsWith('signin:') || !key.endsWith(suffix)) return null;
  const identifier = key.slice('signin:'.length, key.length - suffix.length);
  const res = await db.execute(sql`
    select (s.security->>'signInMaxFailures')::int as "max", (s.security->>'signInLockMinutes')::int as "lock"
    from ${users} u
    join ${organizationMemberships} m on m.user_id = u.id
    join ${organizationSettings} s on s.org_id = m.org_id
    where (lower(u.email) = ${identifier} or u.phone = ${identifier}) and u.deleted_at is null
    limit 1`);
  const row = (res as unknown as { rows: { max: number | null; lock: number | null }[] }).rows[0];
  if (!row || row.max == null || row.lock == null) return null;
  return { maxFailures: Number(row.max), lockSeconds: Number(row.lock) * 60 };
}

export async function passedSignIn(db: DbOrTx, key: string, ip: string): Promise<void> {
  await clearAttempts(db, key);
  await refundAttempt(db, clientKey(ip));
}

/**
 * Counts a guess at an e-mailed code for this address and client address, and for the client across
 * addresses, before the code is looked at. A refusal here touches no token, so nobody can burn
 * another person's code or link by guessing from one address.
 */
export async function gateCodeGuess(deps: AuthDeps, address: string, ip: string): Promise<void> {
  const { codeMaxFailures, codeLockSeconds } = deps.tuning;
  const { retryAfter } = await countAttempt(deps.ctx.db, codeKey(address, ip), codeMaxFailures, codeLockSeconds);
  maybePrune(deps.ctx.db);
  if (retryAfter > 0)
    throw rateLimited('over_request_rate_limit', `Too many wrong codes. Try again in ${minutes(retryAfter)} minutes.`, retryAfter);
  await gateClient(deps, ip, 'code checks');
}

export async function passedCodeGuess(db: DbOrTx, address: string, ip: string): Promise<void> {
  await clearAttempts(db, codeKey(address, ip));
  await refundAttempt(db, clientKey(ip));
}

export async function gateMfa(deps: AuthDeps, factorId: string): Promise<void> {
  const { retryAfter } = await countAttempt(deps.ctx.db, mfaKey(factorId), deps.tuning.mfaMaxFailures, deps.tuning.mfaLockSeconds);
  if (retryAfter > 0) throw rateLimited('over_request_rate_limit', 'Too many wrong codes. Try again later.', retryAfter);
}

export async function resetAttempts(db: DbOrTx, key: string): Promise<void> {
  await clearAttempts(db, key);
}

/**
 * At most one e-mail per address and client address per interval, whether or not an account exists,
 * so the limit itself does not reveal which addresses are registered.
 */
export async function gateEmailSend(deps: AuthDeps, address: string, ip: string): Promise<void> {
  const wait = await takeRateSlot(deps.ctx.db, sendKey(address, ip), deps.tuning.emailSendIntervalSeconds);
  maybePrune(deps.ctx.db);
  if (wait > 0)
    throw rateLimited('over_email_send_rate_limit', `For security purposes, you can only request this after ${wait} seconds.`, wait);
}

/** Same slot, but a refusal is silent: used where answering 429 would reveal that the account exists. */
export async function mayEmail(deps: AuthDeps, address: string, ip: string): Promise<boolean> {
  return (await takeRateSlot(deps.ctx.db, sendKey(address, ip), deps.tuning.emailSendIntervalSeconds)) === 0;
}
