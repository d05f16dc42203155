import type { Readable } from 'node:stream';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { blobStoreFromConfig, type BlobStore } from '../../lib/blob-store.js';
import * as repo from './storage.repository.js';
import { signObjectToken } from './storage.tokens.js';

// Other modules reach storage through index.ts; tests still import these re-exports from here.
export { ensureOrgBuckets, orgBucketIds } from './storage.access.js';
export type { ObjectRow, BucketRow } from './storage.repository.js';
export { signObjectToken } from './storage.tokens.js';

const stores = new WeakMap<AppContext, BlobStore>();

/** The blob store of an app (one per app). */
export function blobStoreFor(ctx: AppContext): BlobStore {
  let store = stores.get(ctx);
  if (!store) {
    store = blobStoreFromConfig(ctx.config);
    stores.set(ctx, store);
  }
  return store;
}

/** The object stored at path in bucketId, or null. Callers check that the bucket is one of their organization's. */
export async function findObject(db: DbOrTx, bucketId: string, objectPath: string): Promise<repo.ObjectRow | null> {
  return repo.findObject(db, bucketId, objectPath);
}

/** The bytes of an object, or null when its blob is missing. */
export async function openObjectStream(
  ctx: AppContext,
  row: Pick<repo.ObjectRow, 'blobKey'>,
): Promise<{ stream: Readable; size: number } | null> {
  return blobStoreFor(ctx).get(row.blobKey);
}

/** The MIME type stored for an object (sniffed from its content at upload). */
export const mimetypeOf = (row: Pick<repo.ObjectRow, 'metadata'>): string =>
  typeof row.metadata.mimetype === 'string' ? row.metadata.mimetype : 'application/octet-stream';

/**
 * A site-relative signed download URL for one object, as storage-js's createSignedUrl gives it (path
 * segments encoded). The caller decides who may have it; storage only checks the signature and expiry.
 */
export async function signedObjectUrl(ctx: AppContext, bucketId: string, objectPath: string, expiresIn: number): Promise<string> {
  const token = await signObjectToken(ctx.config.jwtSecret, { url: `${bucketId}/${objectPath}`, purpose: 'download' }, expiresIn);
  const encoded = [bucketId, ...objectPath.split('/')].map(encodeURIComponent).join('/');
  return `/storage/v1/object/sign/${encoded}?token=${token}`;
}
