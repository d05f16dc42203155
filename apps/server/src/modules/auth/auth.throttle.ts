import type { DbOrTx } from '../../db/client.js';
import { rateLimited } from './auth.errors.js';
import type { AuthDeps } from './auth.deps.js';
import { clearAttempts, countAttempt, pruneAttempts, takeRateSlot } from './auth.otp.repository.js';

export const signInKey = (identifier: string, ip: string) => `signin:${identifier}:${ip}`;
export const mfaKey = (factorId: string) => `mfa:${factorId}`;
const sendKey = (address: string, ip: string) => `send:${address}:${ip}`;

function maybePrune(db: DbOrTx): void {
  if (Math.random() < 0.01) void pruneAttempts(db).catch(() => {});
}

/** Counts a sign-in attempt for this account and client address; past the limit it answers 429. */
export async function gateSignIn(deps: AuthDeps, key: string): Promise<void> {
  const { signInMaxFailures, signInLockSeconds } = deps.tuning;
  const { retryAfter } = await countAttempt(deps.ctx.db, key, signInMaxFailures, signInLockSeconds);
  maybePrune(deps.ctx.db);
  if (retryAfter > 0) {
    throw rateLimited('over_request_rate_limit', `Too many failed sign-in attempts. Try again in ${Math.ceil(retryAfter / 60)} minutes.`, retryAfter);
  }
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
  if (wait > 0) throw rateLimited('over_email_send_rate_limit', `For security purposes, you can only request this after ${wait} seconds.`, wait);
}

/** Same slot, but a refusal is silent: used where answering 429 would reveal that the account exists. */
export async function mayEmail(deps: AuthDeps, address: string, ip: string): Promise<boolean> {
  return (await takeRateSlot(deps.ctx.db, sendKey(address, ip), deps.tuning.emailSendIntervalSeconds)) === 0;
}
