import type { PermissionKey } from '@market/contracts';

/**
 * Who may read and write what in an organization's buckets: one rule per bucket and path prefix, tied
 * to the permission keys (docs/decisions/004-storage.md, "Who may do what"). Pure: the access layer
 * feeds it the caller and the bucket, the routes name the verb.
 */

/** read: download, info, exists (HEAD), list, sign a download URL. write: upload, upsert, delete, move, copy into, sign an upload URL. */
export type StorageVerb = 'read' | 'write';

/** The organization's private documents bucket, its public bucket (asset library), or any other bucket a super admin made. */
export type BucketKind = 'documents' | 'public' | 'other';

/** Holders of a permission, super admins, or the vendor account acting for the vendor whose folder it is. */
export type Grant = PermissionKey | 'super_admin' | 'own_vendor';

export interface StorageRule {
  bucket: BucketKind;
  /** Key prefix the rule covers; "vendors/{vendor}/" is any vendor's folder, "" the rest of the bucket. */
  prefix: string;
  read: readonly Grant[];
  write: readonly Grant[];
}

/** The member side of a storage caller, as the rules need it. */
export interface RuleSubject {
  permissions: readonly string[];
  superAdmin: boolean;
  /** The vendor the account acts for (vendor_users), when it holds vendor_profile; otherwise null. */
  vendorId: string | null;
}

const VENDOR_FOLDER = 'vendors/{vendor}/';
/** Site plans of market locations, in the public bucket but not part of the asset library. */
export const SITE_PLAN_FOLDER = 'market-locations';

/** First match wins, so the more specific prefixes come first in each bucket. */
export const STORAGE_RULES: readonly StorageRule[] = [
  // Vendors' documents (vendors/<vendorId>/..., uploaded from the vendor page): staff with vendor_management;
  // the vendor itself may read its own folder (there is no upload flow for vendors).
  { bucket: 'documents', prefix: VENDOR_FOLDER, read: ['vendor_management', 'own_vendor'], write: ['vendor_management'] },
  // Applicants' uploads (applications/uploads/<id>/...) and anything else in the documents bucket.
  { bucket: 'documents', prefix: '', read: ['vendor_management'], write: ['vendor_management'] },
  // Site plans behind the slot plan: written by whoever may change a location (super admins).
  { bucket: 'public', prefix: `${SITE_PLAN_FOLDER}/`, read: ['assets', 'vendor_management'], write: ['super_admin'] },
  // The asset library (and its thumbnails).
  { bucket: 'public', prefix: '', read: ['assets'], write: ['assets'] },
  // A bucket no product flow uses: whoever made it, i.e. super admins.
  { bucket: 'other', prefix: '', read: ['super_admin'], write: ['super_admin'] },
];

/** The kind of one of the organization's buckets. */
export function bucketKind(bucketId: string, slug: string): BucketKind {
  if (bucketId === `${slug}-documents`) return 'documents';
  if (bucketId === `${slug}-public`) return 'public';
  return 'other';
}

/**
 * The rule covering a path: an object key, or a folder ("a/b/", "" for the top level) whose every
 * key it must cover. Returns the vendor id of a vendor folder too.
 */
export function ruleFor(kind: BucketKind, path: string): { rule: StorageRule; vendor: string | null } {
  for (const rule of STORAGE_RULES) {
    if (rule.bucket !== kind) continue;
    if (rule.prefix === VENDOR_FOLDER) {
      const m = /^vendors\/([^/]+)\//.exec(path);
      if (m) return { rule, vendor: m[1]! };
      continue;
    }
    if (path.startsWith(rule.prefix)) return { rule, vendor: null };
  }
  throw new Error(`No storage rule for a ${kind} bucket`);
}

function holds(s: RuleSubject, g: Grant, vendor: string | null): boolean {
  if (g === 'super_admin') return s.superAdmin;
  if (g === 'own_vendor') return vendor !== null && s.vendorId === vendor && s.permissions.includes('vendor_profile');
  return s.permissions.includes(g);
}

/** Whether the subject may do verb on path (a key or a folder) of a bucket of this kind; with the grants it would need. */
export function check(s: RuleSubject, kind: BucketKind, path: string, verb: StorageVerb): { ok: boolean; needs: readonly Grant[] } {
  const { rule, vendor } = ruleFor(kind, path);
  const grants = rule[verb];
  return { ok: grants.some((g) => holds(s, g, vendor)), needs: grants };
}

/** Whether any rule of the bucket lets the subject read something in it (to see the bucket at all). */
export function canSeeBucket(s: RuleSubject, kind: BucketKind): boolean {
  return STORAGE_RULES.some(
    (r) =>
      r.bucket === kind &&
      r.read.some((g) => (g === 'own_vendor' ? s.vendorId !== null && s.permissions.includes('vendor_profile') : holds(s, g, null))),
  );
}

/** "the vendor_management permission, or the vendor account of this folder", for refusals. */
export function describeGrants(grants: readonly Grant[]): string {
  const words = grants.map((g) =>
    g === 'super_admin' ? 'a super admin' : g === 'own_vendor' ? 'the vendor account of this folder' : `the ${g} permission`,
  );
  return words.join(', or ');
}
