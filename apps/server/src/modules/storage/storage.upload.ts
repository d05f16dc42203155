import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { duplicate } from './storage.errors.js';
import { acceptStaged, DEFAULT_FILE_SIZE_LIMIT, MAX_FILE_SIZE_LIMIT } from './storage.intake.js';
import { writeObject, type Actor, type WriteMode } from './storage.objects.js';
import { receiveUpload } from './storage.receive.js';
import * as repo from './storage.repository.js';
import { blobStoreFor } from './storage.service.js';

/** The largest file a bucket takes: its own limit, or 10 MB, never more than 50 MB. */
export const sizeLimitOf = (bucket: repo.BucketRow): number =>
  Math.min(bucket.fileSizeLimit ?? DEFAULT_FILE_SIZE_LIMIT, MAX_FILE_SIZE_LIMIT);

/**
 * Receives, checks and stores one uploaded file at bucket/key: the body is read only after the
 * caller and the bucket are known, typed by content, re-encoded when it is an image, then written.
 */
export async function storeUpload(
  ctx: AppContext,
  req: FastifyRequest,
  bucket: repo.BucketRow,
  key: string,
  o: { mode: WriteMode; actor: Actor },
): Promise<repo.ObjectRow> {
  // A plain create onto an existing name fails before the body is read.
  if (o.mode === 'create' && (await repo.findObject(ctx.db, bucket.id, key))) throw duplicate();
  const store = blobStoreFor(ctx);
  const received = await receiveUpload(req, store, sizeLimitOf(bucket));
  const accepted = await acceptStaged(store, received.staged, {
    key,
    declared: received.declared,
    allowedMimeTypes: bucket.allowedMimeTypes,
  });
  return writeObject(ctx, o.actor, bucket, key, accepted, {
    mode: o.mode,
    cacheControl: received.cacheControl,
    metadata: received.metadata,
  });
}

export const isUpsert = (req: FastifyRequest): boolean => String(req.headers['x-upsert'] ?? '').toLowerCase() === 'true';
