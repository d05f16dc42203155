import { STAFF_PERMISSIONS } from '@market/contracts';
import type { DbOrTx } from '../../db/client.js';
import type { AccessContext, Principal } from '../../lib/principal.js';
import * as repo from './api-keys.repository.js';
import { keyMatches, prefixOf } from './api-keys.secret.js';

type Invalid = Extract<Principal, { kind: 'invalid' }>;
type KeyPrincipal = Extract<Principal, { kind: 'apiKey' }>;

const refused = (reason: string): Invalid => ({ kind: 'invalid', reason, expired: false });
const INVALID = refused('invalid API key');

/** When this process last noted a use per key: most requests of a busy key write nothing (decision 023). */
const lastTouch = new Map<string, number>();
const TOUCH_EVERY_MS = 60_000;

async function noteUse(db: DbOrTx, keyId: string, ip: string, now: number): Promise<void> {
  const at = lastTouch.get(keyId);
  if (at !== undefined && now - at < TOUCH_EVERY_MS) return;
  if (lastTouch.size >= 10_000) lastTouch.clear();
  lastTouch.set(keyId, now);
  await repo.touchKey(db, keyId, ip);
}

/**
 * The principal of an `mbo_live_…` bearer key: found by its prefix, compared by hash in constant time, refused
 * when revoked, past its expiry, or when its creator is gone, banned or no longer in the key's organization. Its
 * scopes are narrowed to the permissions the creator still holds, so a key never outgrows the person who made it.
 * `creatorAccess` reads the creator's access through the read cache.
 */
export async function authenticateApiKey(
  db: DbOrTx,
  token: string,
  ip: string,
  creatorAccess: (userId: string) => Promise<AccessContext>,
  now = Date.now(),
): Promise<KeyPrincipal | Invalid> {
  const prefix = prefixOf(token);
  if (!prefix) return INVALID;
  const found = await repo.findKeyByPrefix(db, prefix);
  // The hash is compared even for an unknown prefix, so a wrong prefix costs the same as a wrong secret.
  const matches = keyMatches(token, found?.key.secretHash ?? '0'.repeat(64));
  if (!found || !matches) return INVALID;
  const { key, user } = found;
  if (key.revokedAt) return refused('invalid API key: revoked');
  if (key.expiresAt && key.expiresAt.getTime() <= now) return refused('invalid API key: expired');
  if (!user || user.deletedAt || (user.bannedUntil && user.bannedUntil.getTime() > now))
    return refused('invalid API key: its creator can no longer sign in');
  const access = await creatorAccess(user.id);
  if (access.organization?.id !== key.orgId) return refused("invalid API key: its creator is no longer in the key's organization");
  await noteUse(db, key.id, ip, now);
  const staff = new Set<string>(STAFF_PERMISSIONS);
  return {
    kind: 'apiKey',
    keyId: key.id,
    prefix: key.prefix,
    orgId: key.orgId,
    organization: access.organization,
    scopes: key.scopes.filter(
      (s) => staff.has(s.permission) && access.permissions.includes(s.permission as never),
    ) as KeyPrincipal['scopes'],
    userId: user.id,
    user,
    mfaRequired: false,
  };
}

/** What the route handlers see as the key's access: its scopes' permissions, the lowest staff role, no stored role. */
export function apiKeyAccess(p: KeyPrincipal): AccessContext {
  return {
    userId: p.userId,
    organization: p.organization,
    role: null,
    effectiveRole: 'content',
    permissions: p.scopes.map((s) => s.permission),
  };
}
