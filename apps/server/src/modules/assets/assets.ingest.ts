import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import type { Db } from '../../db/client.js';
import { newBlobKey, type BlobStore } from '../../lib/blob-store.js';
import { AppError, invalid, isUniqueViolation } from '../../lib/errors.js';
import { IMAGE_TYPES, normalizeDeclared } from '../../lib/file-sniff.js';
import { recordAudit } from '../audit/index.js';
import {
  acceptStaged,
  type BucketRow,
  DEFAULT_CACHE_CONTROL,
  DEFAULT_FILE_SIZE_LIMIT,
  ensureOrgBuckets,
  findBucket,
  insertObject,
  MAX_FILE_SIZE_LIMIT,
  orgBucketIds,
  type Staged,
  stageUpload,
  StorageError,
  systemMetadata,
} from '../storage/index.js';
import * as repo from './assets.repository.js';
import { checkFileName, checkFolder, joinPath, THUMBNAIL_FOLDER } from './assets.paths.js';

export interface IngestInput {
  orgId: string;
  orgSlug: string;
  userId: string | null;
  /** "" for the top level, otherwise "a/b" (no leading or trailing slash). */
  folder: string;
  fileName: string;
  bytes: Buffer;
  altEn?: string;
  altAr?: string;
  tags?: string[];
  /** The Content-Type the client declared (checked against the content); generic when omitted. */
  declaredType?: string;
  /** Request address for the audit entry. */
  ip?: string | null;
}

export type IngestedAsset = repo.AssetRow;

export const THUMBNAIL_MAX_SIDE = 320;

/**
 * Adds one file to an organization's asset library: the bytes are checked exactly like a storage
 * upload (type from the content, size and pixel limits, images re-encoded without metadata), a WebP
 * thumbnail is made for images, and the object, the thumbnail object and the asset row are written
 * in one transaction. The bytes go to fresh blob keys first and are removed again when anything fails,
 * so a failure leaves nothing behind. A name already used in the folder gets a "-2", "-3"... suffix.
 */
export async function ingestAsset(db: Db, store: BlobStore, input: IngestInput): Promise<IngestedAsset> {
  const bucket = await publicBucketOf(db, input);
  const limit = sizeLimit(bucket);
  const staged = await asAppError(() => stageUpload(store, Readable.from([input.bytes]), limit));
  return ingestStaged(db, store, { ...input, bucket, staged, declared: normalizeDeclared(input.declaredType) });
}

export interface StagedIngest extends Omit<IngestInput, 'bytes'> {
  bucket: BucketRow;
  staged: Staged;
  declared: string;
}

/** The organization's public bucket (created when missing). */
export async function publicBucketOf(db: Db, o: { orgId: string; orgSlug: string }): Promise<BucketRow> {
  await ensureOrgBuckets(db, { id: o.orgId, slug: o.orgSlug });
  const bucket = await findBucket(db, orgBucketIds(o.orgSlug).public, { orgId: o.orgId });
  if (!bucket) throw new Error(`Public bucket of organization ${o.orgSlug} is missing`);
  return bucket;
}

export const sizeLimit = (bucket: BucketRow): number => Math.min(bucket.fileSizeLimit ?? DEFAULT_FILE_SIZE_LIMIT, MAX_FILE_SIZE_LIMIT);

/** Same as ingestAsset for bytes already streamed into a staging file (the upload routes); the staged file is consumed. */
export async function ingestStaged(db: Db, store: BlobStore, input: StagedIngest): Promise<IngestedAsset> {
  let folder: string;
  let fileName: string;
  try {
    folder = checkFolder(input.folder);
    fileName = checkFileName(input.fileName);
  } catch (err) {
    await rm(input.staged.file, { force: true });
    throw err;
  }
  const accepted = await asAppError(() =>
    acceptStaged(store, input.staged, { key: fileName, declared: input.declared, allowedMimeTypes: input.bucket.allowedMimeTypes }),
  );
  const blobKey = newBlobKey();
  const thumbKey = newBlobKey();
  let thumbFile: string | null = null;
  let stored = false;
  let thumbStored = false;
  try {
    const checksum = await sha256File(accepted.file);
    let width: number | null = null;
    let height: number | null = null;
    let thumb: { size: number; md5: string } | null = null;
    if (IMAGE_TYPES.includes(accepted.mimetype)) {
      const meta = await sharp(accepted.file).metadata();
      width = meta.width ?? null;
      height = meta.pageHeight ?? meta.height ?? null;
      thumbFile = await store.stagingFile();
      const data = await sharp(accepted.file, { pages: 1 })
        .resize({ width: THUMBNAIL_MAX_SIDE, height: THUMBNAIL_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
      await writeFile(thumbFile, data, { flag: 'wx' });
      thumb = { size: data.length, md5: createHash('md5').update(data).digest('hex') };
    }
    await store.put(blobKey, accepted.file);
    stored = true;
    if (thumbFile) {
      await store.put(thumbKey, thumbFile);
      thumbStored = true;
      thumbFile = null;
    }
    const assetId = randomUUID();
    const tags = normalizeTags(input.tags ?? []);
    for (let attempt = 0; ; attempt++) {
      try {
        return await db.transaction(async (tx) => {
          const now = new Date();
          const name = await repo.freeName(tx, input.bucket.id, folder, fileName);
          const path = joinPath(folder, name);
          const object = await insertObject(tx, {
            bucketId: input.bucket.id,
            orgId: input.orgId,
            name: path,
            owner: input.userId,
            metadata: systemMetadata(accepted, DEFAULT_CACHE_CONTROL, now),
            userMetadata: null,
            blobKey,
            createdAt: now,
            updatedAt: now,
            lastAccessedAt: now,
          });
          let thumbnailPath: string | null = null;
          if (thumb) {
            thumbnailPath = `${THUMBNAIL_FOLDER}/${assetId}.webp`;
            await insertObject(tx, {
              bucketId: input.bucket.id,
              orgId: input.orgId,
              name: thumbnailPath,
              owner: input.userId,
              metadata: systemMetadata({ ...thumb, mimetype: 'image/webp' }, DEFAULT_CACHE_CONTROL, now),
              userMetadata: null,
              blobKey: thumbKey,
              createdAt: now,
              updatedAt: now,
              lastAccessedAt: now,
            });
          }
          const asset = await repo.insertAsset(tx, {
            id: assetId,
            orgId: input.orgId,
            objectId: object.id,
            bucketId: input.bucket.id,
            path,
            folder,
            fileName: name,
            mimeType: accepted.mimetype,
            sizeBytes: accepted.size,
            width,
            height,
            checksum,
            thumbnailPath,
            altEn: (input.altEn ?? '').trim(),
            altAr: (input.altAr ?? '').trim(),
            tags,
            createdBy: input.userId,
            createdAt: now,
            updatedAt: now,
          });
          await recordAudit(
            tx,
            { userId: input.userId, orgId: input.orgId, ip: input.ip ?? null },
            {
              action: 'create',
              entityType: 'asset',
              entityId: asset.id,
              after: { path, mimeType: accepted.mimetype, sizeBytes: accepted.size, reencoded: accepted.reencoded },
            },
          );
          return asset;
        });
      } catch (err) {
        // Two uploads of the same name at once: the loser picks the next free name.
        if (isUniqueViolation(err) && attempt < 3) continue;
        throw err;
      }
    }
  } catch (err) {
    if (stored) await store.delete(blobKey).catch(() => undefined);
    else await rm(accepted.file, { force: true });
    if (thumbStored) await store.delete(thumbKey).catch(() => undefined);
    if (thumbFile) await rm(thumbFile, { force: true });
    throw err;
  }
}

/** Lower-cased, trimmed, unique; at most 20 tags of at most 40 characters. */
export function normalizeTags(tags: string[]): string[] {
  const out = [...new Set(tags.map((t) => t.trim().toLowerCase()).filter((t) => t !== ''))];
  if (out.length > 20) throw invalid('tags', 'at most 20 tags');
  const long = out.find((t) => t.length > 40);
  if (long) throw invalid('tags', 'each tag at most 40 characters');
  return out;
}

async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Storage's checks answer in Supabase's format; the asset routes answer in the /api/v1 envelope. */
export function toAppError(err: unknown): unknown {
  if (!(err instanceof StorageError)) return err;
  if (err.status === 413) return new AppError(413, 'payload_too_large', err.message, [{ field: 'file', message: err.message }]);
  if (err.status === 415) return new AppError(415, 'unsupported_media_type', err.message, [{ field: 'file', message: err.message }]);
  if (err.status === 422) return new AppError(422, 'validation_failed', `file: ${err.message}`, [{ field: 'file', message: err.message }]);
  if (err.status === 409) return new AppError(409, 'conflict', err.message);
  if (err.status === 404) return new AppError(404, 'not_found', err.message);
  return new AppError(400, 'bad_request', err.message, [{ field: 'file', message: err.message }]);
}

export async function asAppError<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw toAppError(err);
  }
}
