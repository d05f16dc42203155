import type { integrationsRoutes as c } from '@market/contracts';
import type { ApiKeyStatus } from '@market/contracts/plain';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/api-route.js';
import { AppError, conflict, invalid, notFound, type FieldError } from '../../lib/errors.js';
import type { ApiKeyGrant } from '../../lib/principal.js';
import { recordAudit } from '../audit/index.js';
import * as repo from './api-keys.repository.js';
import { generateApiKey } from './api-keys.secret.js';

// API keys (decision 023): made with the scopes their maker holds, the secret handed out once, rolled with an
// overlap, revoked at once.

const ENTITY = 'api_key';
const HOUR_MS = 3_600_000;

function statusOf(r: repo.ApiKeyListRow, now: number): ApiKeyStatus {
  if (r.revokedAt) return 'revoked';
  if (r.expiresAt && r.expiresAt.getTime() <= now) return 'expired';
  return r.replacedById ? 'rolling' : 'active';
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toApiKey(r: repo.ApiKeyListRow, now = Date.now()): c.ApiKey {
  return {
    id: r.id,
    name: r.name,
    prefix: r.prefix,
    scopes: r.scopes as c.ApiKeyScope[],
    status: statusOf(r, now),
    expiresAt: iso(r.expiresAt),
    lastUsedAt: iso(r.lastUsedAt),
    lastUsedIp: r.lastUsedIp,
    revokedAt: iso(r.revokedAt),
    rolledFromId: r.rolledFromId,
    replacedById: r.replacedById,
    createdBy: r.createdBy,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The audit snapshot: everything but the hash. */
const audited = ({ secretHash: _hash, ...rest }: repo.ApiKeyRow | repo.ApiKeyListRow) => rest;

/**
 * What the caller may grant: a signed-in user every permission it holds, with write; an API key its own scopes
 * at their own level. A key therefore never makes a key wider than itself.
 */
function grantable(caller: Caller): Map<string, 'read' | 'write'> {
  if (caller.apiKey) return new Map(caller.apiKey.scopes.map((s) => [s.permission, s.access]));
  return new Map(caller.access.permissions.map((p) => [p, 'write' as const]));
}

function assertGrantable(caller: Caller, scopes: readonly ApiKeyGrant[]): void {
  const held = grantable(caller);
  const fields: FieldError[] = [];
  scopes.forEach((s, i) => {
    const level = held.get(s.permission);
    if (!level || (s.access === 'write' && level !== 'write'))
      fields.push({ field: `scopes.${i}`, message: `you cannot grant ${s.permission} with ${s.access} access: you do not hold it` });
  });
  if (fields.length) throw new AppError(403, 'forbidden', 'A key can only get scopes you hold yourself', fields);
}

export async function listApiKeys(db: Db, caller: Caller): Promise<c.ApiKey[]> {
  const now = Date.now();
  return (await repo.listKeys(db, caller.orgId)).map((r) => toApiKey(r, now));
}

export async function createApiKey(db: Db, caller: Caller, input: c.ApiKeyCreate): Promise<c.ApiKeyIssued> {
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= Date.now()) throw invalid('expiresAt', 'must be in the future');
  assertGrantable(caller, input.scopes);
  const { prefix, key, hash } = generateApiKey();
  return db.transaction(async (tx) => {
    const row = await repo.insertKey(tx, {
      orgId: caller.orgId,
      name: input.name,
      prefix,
      secretHash: hash,
      scopes: input.scopes,
      expiresAt,
      createdBy: caller.userId,
    });
    await recordAudit(tx, caller, { action: 'create', entityType: ENTITY, entityId: row.id, after: audited(row) });
    return { key: toApiKey({ ...row, replacedById: null }), secret: key };
  });
}

/**
 * A new secret for the same name, scopes and expiry; the old key keeps working until now + overlap (or its own
 * expiry, if sooner). The replacement's maker must hold its scopes, as for a new key.
 */
export async function rollApiKey(db: Db, caller: Caller, id: string, input: c.ApiKeyRoll, now = Date.now()): Promise<c.ApiKeyRolled> {
  return db.transaction(async (tx) => {
    const old = await repo.findKey(tx, caller.orgId, id, true);
    if (!old) throw notFound('API key');
    const status = statusOf(old, now);
    if (status === 'revoked' || status === 'expired') throw conflict(`This key is ${status}: make a new key instead`);
    if (status === 'rolling') throw conflict('This key was already rolled: roll its replacement instead');
    assertGrantable(caller, old.scopes as ApiKeyGrant[]);
    const overlapEnd = new Date(now + input.overlapHours * HOUR_MS);
    const ends = old.expiresAt && old.expiresAt < overlapEnd ? old.expiresAt : overlapEnd;
    const { prefix, key, hash } = generateApiKey();
    const next = await repo.insertKey(tx, {
      orgId: caller.orgId,
      name: old.name,
      prefix,
      secretHash: hash,
      scopes: old.scopes,
      expiresAt: old.expiresAt,
      rolledFromId: old.id,
      createdBy: caller.userId,
    });
    const previous = await repo.updateKey(tx, caller.orgId, old.id, { expiresAt: ends });
    await recordAudit(tx, caller, {
      action: 'roll',
      entityType: ENTITY,
      entityId: old.id,
      before: audited(old),
      after: { ...audited(previous), replacedById: next.id },
    });
    await recordAudit(tx, caller, { action: 'create', entityType: ENTITY, entityId: next.id, after: audited(next) });
    return {
      key: toApiKey({ ...next, replacedById: null }, now),
      secret: key,
      previous: toApiKey({ ...previous, replacedById: next.id }, now),
    };
  });
}

/** Refused from the next request on; revoking a revoked key changes nothing. */
export async function revokeApiKey(db: Db, caller: Caller, id: string): Promise<c.ApiKey> {
  return db.transaction(async (tx) => {
    const old = await repo.findKey(tx, caller.orgId, id, true);
    if (!old) throw notFound('API key');
    if (old.revokedAt) return toApiKey(old);
    const row = await repo.updateKey(tx, caller.orgId, id, { revokedAt: new Date() });
    await recordAudit(tx, caller, { action: 'revoke', entityType: ENTITY, entityId: id, before: audited(old), after: audited(row) });
    return toApiKey({ ...row, replacedById: old.replacedById });
  });
}
