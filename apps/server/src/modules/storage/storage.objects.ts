import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { BlobMissingError, newBlobKey } from '../../lib/blob-store.js';
import { isUniqueViolation } from '../../lib/errors.js';
import { recordAudit, recordAudits } from '../audit/index.js';
import { duplicate, objectNotFound } from './storage.errors.js';
import type { Accepted } from './storage.intake.js';
import * as repo from './storage.repository.js';
import { blobStoreFor } from './storage.service.js';

/** Who a write is recorded against: a user (null for the service key) and the request address. */
export interface Actor {
  userId: string | null;
  ip: string | null;
}

const summary = (o: Pick<repo.ObjectRow, 'bucketId' | 'name' | 'metadata'>) => ({
  bucketId: o.bucketId,
  name: o.name,
  size: o.metadata.size ?? null,
  mimetype: o.metadata.mimetype ?? null,
});

/** A new object's row: the actor owns it, it belongs to the bucket's organization, and it is created, changed and read `now`. */
const newObject = (
  bucket: Pick<repo.BucketRow, 'id' | 'orgId'>,
  name: string,
  actor: Actor,
  content: Pick<repo.ObjectRow, 'metadata' | 'userMetadata' | 'blobKey'>,
  now: Date,
) => ({
  bucketId: bucket.id,
  orgId: bucket.orgId,
  name,
  owner: actor.userId,
  ...content,
  createdAt: now,
  updatedAt: now,
  lastAccessedAt: now,
});

/** Metadata as Supabase Storage keeps it (storage-js reads it in list entries). */
export function systemMetadata(
  file: Pick<Accepted, 'md5' | 'size' | 'mimetype'>,
  cacheControl: string,
  now: Date,
): Record<string, unknown> {
  return {
    eTag: `"${file.md5}"`,
    size: file.size,
    mimetype: file.mimetype,
    cacheControl,
    lastModified: now.toISOString(),
    contentLength: file.size,
    httpStatusCode: 200,
  };
}

export type WriteMode = 'create' | 'upsert' | 'update';

/**
 * Stores an accepted file at bucket/key. The bytes go under a new blob key first; the row then
 * points at them in one transaction with its audit entry; the previous bytes are removed only after
 * the commit, so a failure at any point leaves the old version whole.
 */
export async function writeObject(
  ctx: AppContext,
  actor: Actor,
  bucket: repo.BucketRow,
  key: string,
  file: Accepted,
  o: { mode: WriteMode; cacheControl: string; metadata: Record<string, unknown> | null },
): Promise<repo.ObjectRow> {
  const store = blobStoreFor(ctx);
  const blobKey = newBlobKey();
  try {
    await store.put(blobKey, file.file);
  } catch (err) {
    await rm(file.file, { force: true });
    throw err;
  }
  let oldBlob: string | null = null;
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const existing = await repo.lockObject(tx, bucket.id, key);
      const now = new Date();
      const metadata = systemMetadata(file, o.cacheControl, now);
      if (existing) {
        if (o.mode === 'create') throw duplicate();
        oldBlob = existing.blobKey;
        const updated = await repo.updateObject(tx, existing.id, {
          metadata,
          userMetadata: o.metadata,
          blobKey,
          version: randomUUID(),
          owner: actor.userId,
          updatedAt: now,
          lastAccessedAt: now,
        });
        await recordAudit(
          tx,
          { ...actor, orgId: bucket.orgId },
          {
            action: 'update',
            entityType: 'storage_object',
            entityId: updated.id,
            before: summary(existing),
            after: { ...summary(updated), reencoded: file.reencoded },
          },
        );
        return updated;
      }
      if (o.mode === 'update') throw objectNotFound();
      const created = await repo.insertObject(tx, newObject(bucket, key, actor, { metadata, userMetadata: o.metadata, blobKey }, now));
      await recordAudit(
        tx,
        { ...actor, orgId: bucket.orgId },
        { action: 'upload', entityType: 'storage_object', entityId: created.id, after: { ...summary(created), reencoded: file.reencoded } },
      );
      return created;
    });
    if (oldBlob) await store.delete(oldBlob);
    return row;
  } catch (err) {
    await store.delete(blobKey);
    if (isUniqueViolation(err)) throw duplicate();
    throw err;
  }
}

/** Deletes the named objects of a bucket (names that do not exist are skipped, as Supabase does). */
export function removeObjects(ctx: AppContext, actor: Actor, bucket: repo.BucketRow, names: string[]): Promise<repo.ObjectRow[]> {
  return deleteRows(ctx, actor, bucket, (tx) => repo.deleteObjects(tx, bucket.id, [...new Set(names)]));
}

export async function emptyBucket(ctx: AppContext, actor: Actor, bucket: repo.BucketRow): Promise<number> {
  return (await deleteRows(ctx, actor, bucket, (tx) => repo.deleteAllObjects(tx, bucket.id))).length;
}

/** Deletes rows with their audit entries in one transaction, then (after the commit) their bytes. */
async function deleteRows(
  ctx: AppContext,
  actor: Actor,
  bucket: repo.BucketRow,
  remove: (tx: DbOrTx) => Promise<repo.ObjectRow[]>,
): Promise<repo.ObjectRow[]> {
  const removed = await ctx.db.transaction(async (tx) => {
    const rows = await remove(tx);
    await recordAudits(
      tx,
      { ...actor, orgId: bucket.orgId },
      rows.map((r) => ({ action: 'delete', entityType: 'storage_object', entityId: r.id, before: summary(r) })),
    );
    return rows;
  });
  await deleteBlobs(ctx, removed);
  return removed;
}

async function deleteBlobs(ctx: AppContext, rows: repo.ObjectRow[]): Promise<void> {
  const store = blobStoreFor(ctx);
  for (const r of rows) await store.delete(r.blobKey);
}

/** Renames an object, possibly into another bucket of the same owner; the bytes stay where they are. */
export async function moveObject(
  ctx: AppContext,
  actor: Actor,
  from: repo.BucketRow,
  fromKey: string,
  to: repo.BucketRow,
  toKey: string,
): Promise<void> {
  try {
    await ctx.db.transaction(async (tx) => {
      const src = await repo.lockObject(tx, from.id, fromKey);
      if (!src) throw objectNotFound();
      if (from.id === to.id && fromKey === toKey) return;
      if (await repo.findObject(tx, to.id, toKey)) throw duplicate();
      const moved = await repo.updateObject(tx, src.id, { bucketId: to.id, orgId: to.orgId, name: toKey, updatedAt: new Date() });
      await recordAudit(
        tx,
        { ...actor, orgId: to.orgId },
        { action: 'move', entityType: 'storage_object', entityId: moved.id, before: summary(src), after: summary(moved) },
      );
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate();
    throw err;
  }
}

/** Copies an object under a new key with its own copy of the bytes. */
export async function copyObject(
  ctx: AppContext,
  actor: Actor,
  from: repo.BucketRow,
  fromKey: string,
  to: repo.BucketRow,
  toKey: string,
): Promise<repo.ObjectRow> {
  const src = await repo.findObject(ctx.db, from.id, fromKey);
  if (!src) throw objectNotFound();
  if (await repo.findObject(ctx.db, to.id, toKey)) throw duplicate();
  const store = blobStoreFor(ctx);
  const blobKey = newBlobKey();
  try {
    await store.copy(src.blobKey, blobKey);
  } catch (err) {
    if (err instanceof BlobMissingError) throw objectNotFound();
    throw err;
  }
  try {
    return await ctx.db.transaction(async (tx) => {
      const now = new Date();
      const metadata = { ...src.metadata, lastModified: now.toISOString() };
      const created = await repo.insertObject(tx, newObject(to, toKey, actor, { metadata, userMetadata: src.userMetadata, blobKey }, now));
      await recordAudit(
        tx,
        { ...actor, orgId: to.orgId },
        { action: 'copy', entityType: 'storage_object', entityId: created.id, before: summary(src), after: summary(created) },
      );
      return created;
    });
  } catch (err) {
    await store.delete(blobKey);
    if (isUniqueViolation(err)) throw duplicate();
    throw err;
  }
}
