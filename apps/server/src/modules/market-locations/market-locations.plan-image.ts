import type { DbOrTx } from '../../db/client.js';
import { invalid } from '../../lib/errors.js';
import { findObject, orgBucketIds, publicObjectUrl } from '../storage/index.js';

/** Site-relative public URL of a plan image, in the form storage-js `getPublicUrl` builds. */
export function planImageUrl(slug: string, path: string | null): string | null {
  if (!path) return null;
  return publicObjectUrl(orgBucketIds(slug).public, path);
}

/** A plan background must be an image already uploaded to the organization's public bucket (where its URL needs no signature). */
export async function assertPlanImage(db: DbOrTx, slug: string, path: string): Promise<void> {
  const obj = await findObject(db, orgBucketIds(slug).public, path);
  if (!obj) throw invalid('planImagePath', 'no uploaded file has this path in the organization public bucket');
  const mime = typeof obj.metadata.mimetype === 'string' ? obj.metadata.mimetype : '';
  if (!mime.startsWith('image/')) throw invalid('planImagePath', 'must be an image (PNG, JPEG or WebP)');
}
