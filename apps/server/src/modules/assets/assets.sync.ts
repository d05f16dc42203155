import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import type { Db } from '../../db/client.js';
import { newBlobKey, type BlobStore } from '../../lib/blob-store.js';
import { isUniqueViolation } from '../../lib/errors.js';
import { IMAGE_TYPES, isAllowedType } from '../../lib/file-sniff.js';
import { recordAudit } from '../audit/index.js';
import { type BucketRow, DEFAULT_CACHE_CONTROL, insertObject, type ObjectRow, systemMetadata } from '../storage/index.js';
import { publicBucketOf, THUMBNAIL_MAX_SIDE } from './assets.ingest.js';
import { splitPath, THUMBNAIL_FOLDER } from './assets.paths.js';
import * as repo from './assets.repository.js';

/** Objects adopted per call: the first list after a large supabase-js import catches up over a few calls. */
const BATCH = 25;

/**
 * Keeps the library in step with the organization's public bucket: files uploaded, renamed or
 * overwritten straight through /storage/v1 (supabase-js) are adopted when the library is listed.
 * Their bytes were already checked and re-encoded by the storage upload; here they only get a
 * checksum, dimensions and a thumbnail.
 */
export async function syncLibrary(db: Db, store: BlobStore, who: { orgId: string; orgSlug: string }): Promise<number> {
  const bucket = await publicBucketOf(db, who);
  await repo.refreshFromObjects(db, who.orgId, bucket.id);
  const pending = await repo.unsyncedObjects(db, bucket.id, BATCH);
  let adopted = 0;
  for (const o of pending) {
    if (await adopt(db, store, bucket, o)) adopted++;
  }
  return adopted;
}

async function adopt(db: Db, store: BlobStore, bucket: BucketRow, o: ObjectRow): Promise<boolean> {
  const mime = typeof o.metadata.mimetype === 'string' ? o.metadata.mimetype : 'application/octet-stream';
  if (!isAllowedType(mime)) return false;
  const blob = await store.get(o.blobKey);
  if (!blob) return false;
  const file = await store.stagingFile();
  const thumbKey = newBlobKey();
  let thumbStored = false;
  try {
    await pipeline(blob.stream, createWriteStream(file));
    const bytes = await readFile(file);
    const checksum = createHash('sha256').update(bytes).digest('hex');
    let width: number | null = null;
    let height: number | null = null;
    let thumb: { size: number; md5: string } | null = null;
    const assetId = randomUUID();
    if (IMAGE_TYPES.includes(mime as never)) {
      try {
        const meta = await sharp(bytes).metadata();
        width = meta.width ?? null;
        height = meta.pageHeight ?? meta.height ?? null;
        const data = await sharp(bytes, { pages: 1 })
          .resize({ width: THUMBNAIL_MAX_SIDE, height: THUMBNAIL_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer();
        const tfile = await store.stagingFile();
        await writeFile(tfile, data);
        await store.put(thumbKey, tfile);
        thumbStored = true;
        thumb = { size: data.length, md5: createHash('md5').update(data).digest('hex') };
      } catch {
        thumb = null;
      }
    }
    const { folder, fileName } = splitPath(o.name);
    await db.transaction(async (tx) => {
      const now = new Date();
      const thumbnailPath = thumb ? `${THUMBNAIL_FOLDER}/${assetId}.webp` : null;
      if (thumb && thumbnailPath) {
        await insertObject(tx, {
          bucketId: bucket.id,
          orgId: bucket.orgId,
          name: thumbnailPath,
          owner: o.owner,
          metadata: systemMetadata({ ...thumb, mimetype: 'image/webp' }, DEFAULT_CACHE_CONTROL, now),
          blobKey: thumbKey,
          createdAt: now,
          updatedAt: now,
          lastAccessedAt: now,
        });
      }
      await repo.insertAsset(tx, {
        id: assetId,
        orgId: bucket.orgId!,
        objectId: o.id,
        bucketId: bucket.id,
        path: o.name,
        folder,
        fileName,
        mimeType: mime,
        sizeBytes: bytes.length,
        width,
        height,
        checksum,
        thumbnailPath,
        createdBy: o.owner,
        createdAt: o.createdAt,
        updatedAt: now,
      });
      await recordAudit(
        tx,
        { userId: null, orgId: bucket.orgId },
        { action: 'adopt', entityType: 'asset', entityId: assetId, after: { path: o.name } },
      );
    });
    return true;
  } catch (err) {
    if (thumbStored) await store.delete(thumbKey).catch(() => undefined);
    // Another request adopted it at the same time, or the object went away meanwhile.
    if (isUniqueViolation(err) || (err as { code?: string; cause?: { code?: string } }).cause?.code === '23503') return false;
    throw err;
  } finally {
    await rm(file, { force: true });
  }
}
