import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { badRequest, notFoundAuth, unprocessable, validationFailed } from './auth.errors.js';
import { sha256, type AuthDeps, type RequestMeta } from './auth.deps.js';
import {
  deletePendingFlows,
  insertFlowState,
  lockFlowByCodeHash,
  lockFlowById,
  lockPendingFlow,
  PENDING_PREFIX,
  updateFlowState,
} from './auth.flow-state.repository.js';
import { lockUserById } from './auth.repository.js';
import { parse } from './auth.schemas.js';
import { bannedError, createSession, isBanned, type SessionResponse } from './auth.tokens.js';

/*
 * The PKCE flow as GoTrue runs it (RFC 7636): a client that sends code_challenge with /signup, /otp,
 * /recover or /authorize gets, once the link or the provider has proven the user, a one-time code instead
 * of a session; only the holder of the verifier turns it into a session (POST /token?grant_type=pkce).
 * The state of each flow is a row of auth.flow_state; codes are stored as hashes.
 */

export interface PkceChallenge {
  challenge: string;
  method: 's256' | 'plain';
}

/** A code is good for this long after the link or provider gave it (GoTrue's FlowStateExpiryDuration). */
export const FLOW_CODE_TTL_MS = 5 * 60_000;

/** The method names GoTrue records in a session's amr for what a flow proved. */
const AMR: Record<string, string> = {
  signup: 'otp',
  magiclink: 'magiclink',
  recovery: 'recovery',
  invite: 'invite',
  email_change: 'email_change',
};

/** code_challenge and code_challenge_method as a request carries them: both or neither (GoTrue's checks and messages). */
export function pkceParams(challenge: string | null | undefined, method: string | null | undefined): PkceChallenge | null {
  if (!challenge && !method) return null;
  if (!challenge || !method) throw validationFailed('PKCE flow requires code_challenge_method and code_challenge');
  if (challenge.length < 43 || challenge.length > 128) throw validationFailed('code challenge has to be between 43 and 128 characters');
  if (!/^[A-Za-z0-9._~-]+$/.test(challenge)) throw validationFailed('code challenge must be made of letters, digits, -, ., _ and ~');
  const m = method.toLowerCase();
  if (m !== 's256' && m !== 'plain') throw validationFailed(`code challenge method not supported: ${method}`);
  return { challenge, method: m };
}

const pendingHash = () => `${PENDING_PREFIX}${randomBytes(24).toString('base64url')}`;

/**
 * Called when an e-mailed link of `method` is issued to a user: a newer link replaces the flow of an
 * earlier one, and with a challenge the link belongs to a new flow.
 */
export async function startEmailFlow(tx: Tx, userId: string, method: string, pkce: PkceChallenge | null, expiresAt: Date): Promise<void> {
  await deletePendingFlows(tx, userId, method);
  if (!pkce) return;
  await insertFlowState(tx, {
    userId,
    authCodeHash: pendingHash(),
    codeChallenge: pkce.challenge,
    codeChallengeMethod: pkce.method,
    authenticationMethod: method,
    providerType: 'email',
    expiresAt,
  });
}

/** A flow started by /authorize?provider=…&code_challenge=…: its user is known only after the callback. */
export async function startProviderFlow(tx: Tx, provider: string, pkce: PkceChallenge, expiresAt: Date): Promise<string> {
  const row = await insertFlowState(tx, {
    userId: null,
    authCodeHash: pendingHash(),
    codeChallenge: pkce.challenge,
    codeChallengeMethod: pkce.method,
    authenticationMethod: 'oauth',
    providerType: provider,
    expiresAt,
  });
  return row.id;
}

/** GoTrue's codes are UUIDs; only their hash is kept. */
async function giveCode(deps: AuthDeps, tx: Tx, flowId: string, userId: string): Promise<string> {
  const code = randomUUID();
  const expiresAt = new Date(deps.tuning.now() + FLOW_CODE_TTL_MS);
  await updateFlowState(tx, flowId, { authCodeHash: sha256(code), userId, expiresAt });
  return code;
}

/** After a link of `method` was spent: the code of its flow, or null when the link was sent without PKCE. */
export async function codeForEmailFlow(deps: AuthDeps, tx: Tx, userId: string, method: string): Promise<string | null> {
  const flow = await lockPendingFlow(tx, userId, method);
  if (!flow || flow.expiresAt.getTime() <= deps.tuning.now()) return null;
  return giveCode(deps, tx, flow.id, userId);
}

/** After the provider proved the user of a flow /authorize started: its code, or null when that flow is gone. */
export async function codeForProviderFlow(deps: AuthDeps, tx: Tx, flowId: string, userId: string): Promise<string | null> {
  const flow = await lockFlowById(tx, flowId);
  if (!flow || flow.usedAt || flow.userId || !flow.authCodeHash.startsWith(PENDING_PREFIX)) return null;
  if (flow.expiresAt.getTime() <= deps.tuning.now()) return null;
  return giveCode(deps, tx, flow.id, userId);
}

/** Does the verifier answer the challenge? (S256: BASE64URL(SHA256(verifier)) == challenge.) */
export function verifierMatches(verifier: string, challenge: string, method: string): boolean {
  const expected = method === 's256' ? createHash('sha256').update(verifier).digest('base64url') : method === 'plain' ? verifier : null;
  if (expected === null) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(challenge);
  return a.length === b.length && timingSafeEqual(a, b);
}

const pkceGrantBody = z.object({
  auth_code: z.string().max(512).nullish(),
  code_verifier: z.string().max(512).nullish(),
});

type Outcome =
  { kind: 'ok'; session: SessionResponse } | { kind: 'not_found' } | { kind: 'expired' } | { kind: 'bad_verifier' } | { kind: 'banned' };

/**
 * POST /token?grant_type=pkce {auth_code, code_verifier}: the code is spent once, within its lifetime,
 * by the holder of the verifier. GoTrue's answers: 404 flow_state_not_found (unknown or spent),
 * 422 flow_state_expired, 400 bad_code_verifier. A wrong verifier does not spend the code (as GoTrue).
 */
export async function exchangeCode(deps: AuthDeps, body: unknown, meta: RequestMeta): Promise<SessionResponse> {
  const input = parse(pkceGrantBody, body);
  if (!input.auth_code || !input.code_verifier) {
    throw validationFailed('invalid request: both auth code and code verifier should be non-empty');
  }
  const code = input.auth_code;
  const verifier = input.code_verifier;
  const outcome = await deps.ctx.db.transaction(async (tx): Promise<Outcome> => {
    const flow = await lockFlowByCodeHash(tx, sha256(code));
    if (!flow || !flow.userId || flow.usedAt) return { kind: 'not_found' };
    const nowMs = deps.tuning.now();
    if (flow.expiresAt.getTime() <= nowMs) return { kind: 'expired' };
    if (!verifierMatches(verifier, flow.codeChallenge, flow.codeChallengeMethod)) return { kind: 'bad_verifier' };
    const user = await lockUserById(tx, flow.userId);
    if (!user) return { kind: 'not_found' };
    if (isBanned(user, nowMs)) return { kind: 'banned' };
    await updateFlowState(tx, flow.id, { usedAt: new Date(nowMs) });
    const method = AMR[flow.authenticationMethod] ?? 'oauth';
    return { kind: 'ok', session: await createSession(deps, tx, user, method, meta) };
  });
  switch (outcome.kind) {
    case 'ok':
      return outcome.session;
    case 'expired':
      throw unprocessable('flow_state_expired', 'invalid flow state, flow state has expired');
    case 'bad_verifier':
      throw badRequest('bad_code_verifier', 'code challenge does not match previously saved code verifier');
    case 'banned':
      throw bannedError();
    default:
      throw notFoundAuth('flow_state_not_found', 'invalid flow state, no valid flow state found');
  }
}
