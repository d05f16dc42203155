import type { FastifyRequest } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.js';
import { accessDenied, bucketNotFound, unauthorized } from './storage.errors.js';
import * as repo from './storage.repository.js';
import { bucketKind, canSeeBucket, check, describeGrants, type RuleSubject, type StorageVerb } from './storage.rules.js';

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
  { kind: 'service' } | ({ kind: 'member'; userId: string; orgId: string; slug: string; ip: string } & RuleSubject);

/**
 * Who is calling an authenticated storage route: the service key, or a signed-in member of an
 * organization whom at least one rule lets into one of its buckets (vendor_management, assets, a super
 * admin, or a vendor account). Anyone else is refused before anything is looked up.
 */
export async function resolveCaller(req: FastifyRequest, db: Db): Promise<StorageCaller> {
  const p = await req.principal();
  if (p.kind === 'service') return { kind: 'service' };
  if (p.kind === 'invalid') throw unauthorized(p.reason);
  if (p.kind === 'anonymous') throw unauthorized();
  if (p.mfaRequired) throw accessDenied('Finish signing in: enter the code from your authenticator app');
  const access = (await req.access())!;
  if (!access.organization) throw accessDenied('You are not a member of an organization');
  const org = access.organization;
  // Only a vendor account has a vendor folder to read; staff never act for a vendor here.
  const vendorId = access.permissions.includes('vendor_profile') ? await repo.vendorIdOfUser(db, org.id, p.userId) : null;
  const subject: RuleSubject = { permissions: access.permissions, superAdmin: access.effectiveRole === 'super_admin', vendorId };
  if (!(['documents', 'public', 'other'] as const).some((k) => canSeeBucket(subject, k))) {
    throw accessDenied('Storage needs the vendor_management or assets permission, or a vendor account');
  }
  await ensureOrgBuckets(db, org);
  return { kind: 'member', userId: p.userId, orgId: org.id, slug: org.slug, ip: req.ip, ...subject };
}

export const scopeOf = (c: StorageCaller): repo.Scope => (c.kind === 'service' ? null : { orgId: c.orgId });

/** A bucket the caller can see; another organization's bucket is answered exactly like a missing one. */
export async function visibleBucket(db: DbOrTx, caller: StorageCaller, id: string): Promise<repo.BucketRow> {
  const b = await repo.findBucket(db, id, scopeOf(caller));
  if (!b) throw bucketNotFound();
  return b;
}

/**
 * Refuses (403) a verb on a key or a folder ("a/" or "" for the top level) of a bucket of the caller's
 * organization unless its rule allows it. Called before the object is looked up, so a refusal says
 * nothing about whether the object exists.
 */
export function authorize(caller: StorageCaller, bucket: repo.BucketRow, path: string, verb: StorageVerb): void {
  if (caller.kind === 'service') return;
  const r = check(caller, bucketKind(bucket.id, caller.slug), path, verb);
  if (!r.ok) throw accessDenied(`${verb === 'read' ? 'Reading' : 'Writing'} here needs ${describeGrants(r.needs)}`);
}

/** Whether the caller may read the key (signing several URLs answers a refused path like a missing one). */
export function mayRead(caller: StorageCaller, bucket: repo.BucketRow, key: string): boolean {
  return caller.kind === 'service' || check(caller, bucketKind(bucket.id, caller.slug), key, 'read').ok;
}

/** A bucket of the caller's organization whose details it may read: 404 for a foreign one, 403 when no rule lets it in. */
export async function readableBucket(db: DbOrTx, caller: StorageCaller, id: string): Promise<repo.BucketRow> {
  const b = await visibleBucket(db, caller, id);
  if (caller.kind === 'member' && !canSeeBucket(caller, bucketKind(b.id, caller.slug)))
    throw accessDenied('No storage rule lets you into this bucket');
  return b;
}

/** The bucket ids a bucket list may show the caller: null for all of its scope. */
export function listableBucketIds(caller: StorageCaller): string[] | null {
  if (caller.kind === 'service' || canSeeBucket(caller, 'other')) return null;
  const ids = orgBucketIds(caller.slug);
  return [...(canSeeBucket(caller, 'documents') ? [ids.documents] : []), ...(canSeeBucket(caller, 'public') ? [ids.public] : [])];
}

/** Creating, changing and deleting buckets: super admins of the organization and the service key. */
export function requireBucketAdmin(caller: StorageCaller): void {
  if (caller.kind === 'member' && !caller.superAdmin) throw accessDenied('Only a super admin can create, change or delete buckets');
}

export const actorOf = (c: StorageCaller) => (c.kind === 'member' ? c.userId : null);
export const ipOf = (c: StorageCaller, req: FastifyRequest) => (c.kind === 'member' ? c.ip : req.ip);
