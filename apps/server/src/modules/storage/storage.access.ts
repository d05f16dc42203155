import type { FastifyRequest } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.js';
import { accessDenied, bucketNotFound, unauthorized } from './storage.errors.js';
import * as repo from './storage.repository.js';

/** The two buckets every organization has: private documents and public images. */
export function orgBucketIds(slug: string): { documents: string; public: string } {
  return { documents: `${slug}-documents`, public: `${slug}-public` };
}

/** Suffixes of the standard buckets; nobody else may create a bucket ending with them (no squatting another organization's name). */
export const STANDARD_SUFFIXES = ['-documents', '-public'] as const;

const ensured = new WeakMap<object, Set<string>>();

/** Creates the organization's standard buckets when missing (idempotent; one insert per process and organization). */
export async function ensureOrgBuckets(db: DbOrTx, org: { id: string; slug: string }): Promise<void> {
  const seen = ensured.get(db) ?? new Set<string>();
  ensured.set(db, seen);
  if (seen.has(org.id)) return;
  const ids = orgBucketIds(org.slug);
  await repo.insertBuckets(db, [
    { id: ids.documents, name: ids.documents, orgId: org.id, public: false },
    { id: ids.public, name: ids.public, orgId: org.id, public: true },
  ]);
  const rows = await repo.findBucketsByIds(db, [ids.documents, ids.public]);
  if (rows.length !== 2 || rows.some((r) => r.orgId !== org.id)) {
    // Only the service key can create such a name for someone else; refuse to share it.
    throw new Error(`Standard bucket of organization ${org.slug} is held by another organization`);
  }
  seen.add(org.id);
}

/** Forgets the cache entry of an organization whose standard bucket was removed (by the service key). */
export function forgetEnsured(db: DbOrTx, orgId: string | null): void {
  if (orgId) ensured.get(db)?.delete(orgId);
}

export type StorageCaller =
  | { kind: 'service' }
  | { kind: 'member'; userId: string; orgId: string; slug: string; superAdmin: boolean; ip: string };

/** Permissions that give read and write access to the organization's objects. */
const STORAGE_PERMISSIONS = ['vendor_management', 'assets'] as const;

/**
 * Who is calling an authenticated storage route: the service key, or a signed-in member of an
 * organization with a storage permission. Anyone else is refused before anything is looked up.
 */
export async function resolveCaller(req: FastifyRequest, db: Db): Promise<StorageCaller> {
  const p = await req.principal();
  if (p.kind === 'service') return { kind: 'service' };
  if (p.kind === 'invalid') throw unauthorized(p.reason);
  if (p.kind === 'anonymous') throw unauthorized();
  if (p.mfaRequired) throw accessDenied('Finish signing in: enter the code from your authenticator app');
  const access = (await req.access())!;
  if (!access.organization) throw accessDenied('You are not a member of an organization');
  if (!STORAGE_PERMISSIONS.some((k) => access.permissions.includes(k))) {
    throw accessDenied('Storage needs the vendor_management or assets permission');
  }
  await ensureOrgBuckets(db, access.organization);
  return {
    kind: 'member',
    userId: p.userId,
    orgId: access.organization.id,
    slug: access.organization.slug,
    superAdmin: access.effectiveRole === 'super_admin',
    ip: req.ip,
  };
}

export const scopeOf = (c: StorageCaller): repo.Scope => (c.kind === 'service' ? null : { orgId: c.orgId });

/** A bucket the caller can see; another organization's bucket is answered exactly like a missing one. */
export async function visibleBucket(db: DbOrTx, caller: StorageCaller, id: string): Promise<repo.BucketRow> {
  const b = await repo.findBucket(db, id, scopeOf(caller));
  if (!b) throw bucketNotFound();
  return b;
}

/** Creating, changing and deleting buckets: super admins of the organization and the service key. */
export function requireBucketAdmin(caller: StorageCaller): void {
  if (caller.kind === 'member' && !caller.superAdmin) throw accessDenied('Only a super admin can create, change or delete buckets');
}

export const actorOf = (c: StorageCaller) => (c.kind === 'member' ? c.userId : null);
export const ipOf = (c: StorageCaller, req: FastifyRequest) => (c.kind === 'member' ? c.ip : req.ip);
