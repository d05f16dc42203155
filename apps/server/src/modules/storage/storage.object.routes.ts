import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { actorOf, authorize, ipOf, resolveCaller, visibleBucket } from './storage.access.js';
import { objectNotFound } from './storage.errors.js';
import { copyObject, moveObject, removeObjects } from './storage.objects.js';
import { checkBucketId, checkObjectKey, normalizePrefix, splitBucketPath } from './storage.paths.js';
import * as repo from './storage.repository.js';
import { listBody, moveCopyBody, parse, removeBody } from './storage.schemas.js';
import { serveObject } from './storage.serve.js';
import { isUpsert, storeUpload } from './storage.upload.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads the request body itself (uploads); it is not parsed as JSON. */
    rawBody?: boolean;
  }
}

export const wildcard = (req: FastifyRequest): string => (req.params as { '*'?: string })['*'] ?? '';
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** An object as the remove endpoint answers it. */
const toFileObject = (r: repo.ObjectRow) => ({
  name: r.name,
  id: r.id,
  bucket_id: r.bucketId,
  owner: r.owner ?? '',
  created_at: iso(r.createdAt),
  updated_at: iso(r.updatedAt),
  last_accessed_at: iso(r.lastAccessedAt),
  metadata: r.metadata,
});

/** GET /object/info: the object's details (FileObjectV2 in storage-js). */
export const toObjectInfo = (r: repo.ObjectRow) => ({
  id: r.id,
  version: r.version,
  name: r.name,
  bucket_id: r.bucketId,
  size: r.metadata.size ?? null,
  content_type: r.metadata.mimetype ?? null,
  cache_control: r.metadata.cacheControl ?? null,
  etag: r.metadata.eTag ?? null,
  metadata: r.userMetadata ?? {},
  last_modified: iso(r.updatedAt),
  created_at: iso(r.createdAt),
  updated_at: iso(r.updatedAt),
});

export function registerObjectRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.db;

  /** An object of a bucket the signed-in caller can see, or 404. */
  async function authenticatedObject(req: FastifyRequest, path: string) {
    const caller = await resolveCaller(req, db);
    const { bucketId, key } = splitBucketPath(path);
    const bucket = await visibleBucket(db, caller, bucketId);
    authorize(caller, bucket, key, 'read');
    const row = await repo.findObject(db, bucket.id, key);
    if (!row) throw objectNotFound();
    return row;
  }

  /** An object of a public bucket; no sign-in, and a private bucket's object does not exist here. */
  async function publicObject(path: string) {
    const { bucketId, key } = splitBucketPath(path);
    const bucket = await repo.findBucketById(db, bucketId);
    if (!bucket?.public) throw objectNotFound();
    const row = await repo.findObject(db, bucket.id, key);
    if (!row) throw objectNotFound();
    return row;
  }

  async function upload(req: FastifyRequest, mode: 'create' | 'upsert') {
    const caller = await resolveCaller(req, db);
    const { bucketId, key } = splitBucketPath(wildcard(req));
    const bucket = await visibleBucket(db, caller, bucketId);
    authorize(caller, bucket, key, 'write');
    const row = await storeUpload(ctx, req, bucket, key, { mode, actor: { userId: actorOf(caller), ip: ipOf(caller, req) } });
    return { Key: `${bucket.id}/${key}`, Id: row.id };
  }

  app.post('/object/*', { config: { rawBody: true } }, async (req) => upload(req, isUpsert(req) ? 'upsert' : 'create'));
  // Supabase's PUT replaces the object, creating it when missing.
  app.put('/object/*', { config: { rawBody: true } }, async (req) => upload(req, 'upsert'));

  const download = async (req: FastifyRequest, reply: FastifyReply) =>
    serveObject(ctx, req, reply, await authenticatedObject(req, wildcard(req)));
  // Stored bytes go out as stored: their Content-Length and ETag are those of the file, for GET and HEAD alike.
  app.get('/object/authenticated/*', { compress: false }, download);
  app.get('/object/public/*', { compress: false }, async (req, reply) => serveObject(ctx, req, reply, await publicObject(wildcard(req))));
  app.get('/object/info/authenticated/*', async (req) => toObjectInfo(await authenticatedObject(req, wildcard(req))));
  app.get('/object/info/public/*', async (req) => toObjectInfo(await publicObject(wildcard(req))));
  app.get('/object/info/*', async (req) => toObjectInfo(await authenticatedObject(req, wildcard(req))));
  app.get('/object/*', { compress: false }, download);

  app.post<{ Params: { bucket: string } }>('/object/list/:bucket', async (req) => {
    const caller = await resolveCaller(req, db);
    const bucket = await visibleBucket(db, caller, checkBucketId(req.params.bucket));
    const body = parse(listBody, req.body);
    const prefix = normalizePrefix(body.prefix);
    // A level shows names of everything below it, so its whole folder must be readable.
    authorize(caller, bucket, prefix, 'read');
    const entries = await repo.listLevel(db, bucket.id, {
      prefix,
      search: body.search ?? '',
      limit: body.limit ?? 100,
      offset: body.offset ?? 0,
      sortColumn: body.sortBy?.column ?? 'name',
      sortOrder: body.sortBy?.order ?? 'asc',
    });
    return entries.map((e) => ({
      name: e.name,
      id: e.id,
      updated_at: iso(e.updated_at),
      created_at: iso(e.created_at),
      last_accessed_at: iso(e.last_accessed_at),
      metadata: e.metadata,
    }));
  });

  /**
   * Source and destination of a move or copy, both in buckets the caller can see, both ends checked:
   * the source is read (and, for a move, removed), the destination written.
   */
  async function transfer(req: FastifyRequest, op: 'move' | 'copy') {
    const caller = await resolveCaller(req, db);
    const body = parse(moveCopyBody, req.body);
    const from = await visibleBucket(db, caller, checkBucketId(body.bucketId));
    const to = body.destinationBucket ? await visibleBucket(db, caller, checkBucketId(body.destinationBucket)) : from;
    const fromKey = checkObjectKey(body.sourceKey);
    const toKey = checkObjectKey(body.destinationKey);
    authorize(caller, from, fromKey, 'read');
    if (op === 'move') authorize(caller, from, fromKey, 'write');
    authorize(caller, to, toKey, 'write');
    return { actor: { userId: actorOf(caller), ip: ipOf(caller, req) }, from, fromKey, to, toKey };
  }

  app.post('/object/move', async (req) => {
    const t = await transfer(req, 'move');
    await moveObject(ctx, t.actor, t.from, t.fromKey, t.to, t.toKey);
    return { message: 'Successfully moved' };
  });

  app.post('/object/copy', async (req) => {
    const t = await transfer(req, 'copy');
    const row = await copyObject(ctx, t.actor, t.from, t.fromKey, t.to, t.toKey);
    return { Key: `${t.to.id}/${t.toKey}`, Id: row.id };
  });

  app.delete('/object/*', async (req) => {
    const caller = await resolveCaller(req, db);
    const actor = { userId: actorOf(caller), ip: ipOf(caller, req) };
    const path = wildcard(req);
    if (!path.includes('/')) {
      // DELETE /object/{bucket} with {prefixes}: storage-js remove(); the names are exact paths.
      const bucket = await visibleBucket(db, caller, checkBucketId(path));
      const body = parse(removeBody, req.body);
      const names = body.prefixes.map((p) => checkObjectKey(p.replace(/^\/+/, '')));
      // All or nothing: one refused name refuses the request before anything is deleted.
      for (const name of names) authorize(caller, bucket, name, 'write');
      return (await removeObjects(ctx, actor, bucket, names)).map(toFileObject);
    }
    const { bucketId, key } = splitBucketPath(path);
    const bucket = await visibleBucket(db, caller, bucketId);
    authorize(caller, bucket, key, 'write');
    const removed = await removeObjects(ctx, actor, bucket, [key]);
    if (removed.length === 0) throw objectNotFound();
    return { message: 'Successfully deleted' };
  });
}
