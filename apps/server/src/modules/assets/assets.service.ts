import type { assetsRoutes } from '@market/contracts';
import {
  blobStoreFor,
  DEFAULT_CACHE_CONTROL,
  deleteObjects,
  findObject,
  insertObject,
  publicObjectUrl,
  systemMetadata,
  updateObject,
} from '../storage/index.js';
import { writeFile } from 'node:fs/promises';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { lockKey } from '../../db/advisory-lock.js';
import { newBlobKey, type BlobStore } from '../../lib/blob-store.js';
import { assertUnchanged } from '../../lib/concurrency.js';
import { conflict, invalid, isUniqueViolation, notFound } from '../../lib/errors.js';
import { extensionOf, typeForExtension } from '../../lib/file-sniff.js';
import { recordAudit } from '../audit/index.js';
import { normalizeTags, publicBucketOf } from './assets.ingest.js';
import { checkFileName, checkFolder, isReservedFolder, joinPath } from './assets.paths.js';
import * as repo from './assets.repository.js';
import { syncLibrary } from './assets.sync.js';

export interface Who {
  orgId: string;
  orgSlug: string;
  userId: string | null;
  ip: string | null;
  /** The API key the request came through, named in the audit. */
  apiKey?: { id: string } | null;
}

type Asset = assetsRoutes.Asset;
type AssetDetail = assetsRoutes.AssetDetail;
type AssetFolder = assetsRoutes.AssetFolder;
type AssetUpdate = assetsRoutes.AssetUpdate;

export function toAsset(r: repo.AssetRow): Asset {
  return {
    id: r.id,
    bucketId: r.bucketId,
    path: r.path,
    folder: r.folder,
    fileName: r.fileName,
    mimeType: r.mimeType,
    sizeBytes: r.sizeBytes,
    width: r.width,
    height: r.height,
    checksum: r.checksum,
    url: publicObjectUrl(r.bucketId, r.path),
    thumbnailUrl: r.thumbnailPath ? publicObjectUrl(r.bucketId, r.thumbnailPath) : null,
    altEn: r.altEn,
    altAr: r.altAr,
    tags: r.tags,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export async function listAssets(ctx: AppContext, who: Who, o: Omit<repo.ListOptions, 'orgId'>) {
  await syncLibrary(ctx.db, blobStoreFor(ctx), who);
  const { rows, total } = await repo.listAssets(ctx.db, { ...o, orgId: who.orgId });
  return { items: rows.map(toAsset), total, page: Math.floor(o.offset / o.limit) + 1, limit: o.limit };
}

export async function getAsset(ctx: AppContext, who: Who, id: string): Promise<AssetDetail> {
  const bucket = await publicBucketOf(ctx.db, who);
  await repo.refreshFromObjects(ctx.db, who.orgId, bucket.id);
  const row = await repo.findAsset(ctx.db, who.orgId, id);
  if (!row) throw notFound('Asset');
  const uses = await repo.usageOf(ctx.db, who.orgId, id);
  return {
    ...toAsset(row),
    usedBy: uses.map((u) => ({
      productId: u.productId,
      sku: u.sku,
      nameEn: u.nameEn,
      nameAr: u.nameAr,
      usedAs: [...(u.media ? (['media'] as const) : []), ...(u.attribute ? (['attribute'] as const) : [])],
    })),
  };
}

const sameType = (a: string, b: string) => a === b || (a.startsWith('text/') && b.startsWith('text/'));

export async function updateAsset(ctx: AppContext, who: Who, id: string, body: AssetUpdate): Promise<Asset> {
  const tags = body.tags === undefined ? undefined : normalizeTags(body.tags);
  const folder = body.folder === undefined ? undefined : checkFolder(body.folder);
  const fileName = body.fileName === undefined ? undefined : checkFileName(body.fileName);
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const before = await repo.findAsset(tx, who.orgId, id, true);
      // A row adopted from a reserved folder before it was reserved is not the library's to change.
      if (!before || isReservedFolder(before.folder)) throw notFound('Asset');
      // The row is locked (findAsset forUpdate): an edit based on an older version of it is refused.
      assertUnchanged(before.updatedAt, body.expectedUpdatedAt);
      const nextFolder = folder ?? before.folder;
      const nextName = fileName ?? before.fileName;
      const patch: Partial<repo.NewAsset> = {};
      if (body.altEn !== undefined) patch.altEn = body.altEn;
      if (body.altAr !== undefined) patch.altAr = body.altAr;
      if (tags !== undefined) patch.tags = tags;
      const nextPath = joinPath(nextFolder, nextName);
      if (nextPath !== before.path) {
        const ext = extensionOf(nextName);
        const extType = ext === null ? null : typeForExtension(ext);
        if (ext !== null && (extType === null || !sameType(extType, before.mimeType))) {
          throw invalid('fileName', `the extension must stay one of a ${before.mimeType} file`);
        }
        if (await findObject(tx, before.bucketId, nextPath))
          throw conflict(`A file named ${nextName} is already in that folder`, [
            { field: 'fileName', message: 'is already used in that folder' },
          ]);
        await updateObject(tx, before.objectId, { name: nextPath, updatedAt: new Date() });
        Object.assign(patch, { path: nextPath, folder: nextFolder, fileName: nextName });
      }
      const after = await repo.updateAsset(tx, id, patch);
      await recordAudit(tx, who, { action: 'update', entityType: 'asset', entityId: id, before: pick(before), after: pick(after) });
      return after;
    });
    return toAsset(row);
  } catch (err) {
    if (isUniqueViolation(err))
      throw conflict('A file with that name is already in that folder', [{ field: 'fileName', message: 'is already used in that folder' }]);
    throw err;
  }
}

const pick = (r: repo.AssetRow) => ({ path: r.path, altEn: r.altEn, altAr: r.altAr, tags: r.tags });

/** Removes an unused asset; `only` narrows which assets this caller may remove this way (others are not found). */
export async function deleteAsset(ctx: AppContext, who: Who, id: string, only?: (row: repo.AssetRow) => boolean): Promise<void> {
  const removed = await ctx.db.transaction(async (tx) => {
    const row = await repo.findAsset(tx, who.orgId, id, true);
    if (!row || isReservedFolder(row.folder) || (only && !only(row))) throw notFound('Asset');
    const used = await repo.usageCount(tx, who.orgId, id);
    if (used > 0) throw conflict(`The asset is used by ${used} ${used === 1 ? 'product' : 'products'}; remove it from them first`);
    const names = [row.path, ...(row.thumbnailPath ? [row.thumbnailPath] : [])];
    const objs = await deleteObjects(tx, row.bucketId, names);
    await recordAudit(tx, who, { action: 'delete', entityType: 'asset', entityId: id, before: pick(row) });
    return objs;
  });
  const store = blobStoreFor(ctx);
  for (const o of removed) await store.delete(o.blobKey).catch(() => undefined);
}

// ---------------------------------------------------------------- folders

export async function listFolders(ctx: AppContext, who: Who): Promise<AssetFolder[]> {
  await syncLibrary(ctx.db, blobStoreFor(ctx), who);
  const bucket = await publicBucketOf(ctx.db, who);
  const counts = await repo.folderCounts(ctx.db, who.orgId);
  const empties = await repo.placeholderFolders(ctx.db, bucket.id);
  const direct = new Map<string, number>();
  for (const c of counts) if (c.folder !== '') direct.set(c.folder, c.n);
  const all = new Set<string>();
  for (const f of [...direct.keys(), ...empties]) {
    const segs = f.split('/');
    for (let i = 1; i <= segs.length; i++) all.add(segs.slice(0, i).join('/'));
  }
  return [...all]
    .sort((a, b) => a.localeCompare(b))
    .map((path) => {
      const slash = path.lastIndexOf('/');
      let total = 0;
      for (const [f, n] of direct) if (f === path || f.startsWith(`${path}/`)) total += n;
      return { path, name: path.slice(slash + 1), parent: slash < 0 ? null : path.slice(0, slash), count: direct.get(path) ?? 0, total };
    });
}

async function folderExists(ctx: AppContext | { db: Db }, orgId: string, bucketId: string, folder: string): Promise<boolean> {
  if ((await repo.countInFolder(ctx.db, orgId, folder)) > 0) return true;
  return (await repo.objectsUnder(ctx.db, bucketId, folder)).length > 0;
}

export async function createFolder(ctx: AppContext, who: Who, path: string): Promise<AssetFolder> {
  const folder = checkFolder(path);
  if (folder === '') throw invalid('path', 'is required');
  const bucket = await publicBucketOf(ctx.db, who);
  const store = blobStoreFor(ctx);
  const staged = await store.stagingFile();
  await writeFile(staged, '');
  const blobKey = newBlobKey();
  await store.put(blobKey, staged);
  try {
    await ctx.db.transaction(async (tx) => {
      await lockKey(tx, `assets-folders:${who.orgId}`);
      if (await folderExists({ db: tx as unknown as Db }, who.orgId, bucket.id, folder))
        throw conflict('The folder already exists', [{ field: 'path', message: 'already exists' }]);
      const now = new Date();
      await insertObject(tx, {
        bucketId: bucket.id,
        orgId: who.orgId,
        name: `${folder}/${repo.PLACEHOLDER}`,
        owner: who.userId,
        metadata: systemMetadata({ md5: 'd41d8cd98f00b204e9800998ecf8427e', size: 0, mimetype: 'text/plain' }, DEFAULT_CACHE_CONTROL, now),
        blobKey,
        createdAt: now,
        updatedAt: now,
        lastAccessedAt: now,
      });
      await recordAudit(tx, who, { action: 'create_folder', entityType: 'asset', entityId: null, after: { folder } });
    });
  } catch (err) {
    await store.delete(blobKey);
    if (isUniqueViolation(err)) throw conflict('The folder already exists', [{ field: 'path', message: 'already exists' }]);
    throw err;
  }
  const slash = folder.lastIndexOf('/');
  return { path: folder, name: folder.slice(slash + 1), parent: slash < 0 ? null : folder.slice(0, slash), count: 0, total: 0 };
}

export async function moveFolder(ctx: AppContext, who: Who, fromRaw: string, toRaw: string): Promise<void> {
  const from = checkFolder(fromRaw);
  const to = checkFolder(toRaw);
  if (from === '') throw invalid('from', 'is required');
  if (to === '') throw invalid('to', 'is required');
  if (to === from || to.startsWith(`${from}/`)) throw invalid('to', 'must not be the folder itself or inside it');
  const bucket = await publicBucketOf(ctx.db, who);
  await syncLibrary(ctx.db, blobStoreFor(ctx), who);
  try {
    await ctx.db.transaction(async (tx) => {
      await lockKey(tx, `assets-folders:${who.orgId}`);
      const collisions = await repo.moveCollisions(tx, bucket.id, from, to);
      if (collisions > 0)
        throw conflict(`${collisions} ${collisions === 1 ? 'file is' : 'files are'} already at the new place`, [
          { field: 'to', message: 'holds files of the same names' },
        ]);
      const moved = await repo.moveFolder(tx, who.orgId, bucket.id, from, to);
      if (moved === 0) throw notFound('Folder');
      await recordAudit(tx, who, {
        action: 'move_folder',
        entityType: 'asset',
        entityId: null,
        before: { folder: from },
        after: { folder: to, objects: moved },
      });
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw conflict('Files of the same names are already at the new place', [{ field: 'to', message: 'holds files of the same names' }]);
    throw err;
  }
}

export async function deleteFolder(ctx: AppContext, who: Who, path: string): Promise<void> {
  const folder = checkFolder(path);
  if (folder === '') throw invalid('path', 'is required');
  const bucket = await publicBucketOf(ctx.db, who);
  await syncLibrary(ctx.db, blobStoreFor(ctx), who);
  const removed = await ctx.db.transaction(async (tx) => {
    await lockKey(tx, `assets-folders:${who.orgId}`);
    const n = await repo.countInFolder(tx, who.orgId, folder);
    if (n > 0) throw conflict(`The folder holds ${n} ${n === 1 ? 'asset' : 'assets'}; move or delete them first`);
    const under = await repo.objectsUnder(tx, bucket.id, folder);
    if (under.length === 0) throw notFound('Folder');
    const others = under.filter((o) => !o.name.endsWith(`/${repo.PLACEHOLDER}`));
    if (others.length > 0) throw conflict(`The folder holds ${others.length} other files; remove them first`);
    const rows = await deleteObjects(
      tx,
      bucket.id,
      under.map((o) => o.name),
    );
    await recordAudit(tx, who, { action: 'delete_folder', entityType: 'asset', entityId: null, before: { folder } });
    return rows;
  });
  const store: BlobStore = blobStoreFor(ctx);
  for (const o of removed) await store.delete(o.blobKey).catch(() => undefined);
}

export async function listTags(ctx: AppContext, who: Who) {
  return repo.tagCounts(ctx.db, who.orgId);
}
