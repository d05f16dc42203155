import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { isUniqueViolation } from '../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import {
  actorOf,
  forgetEnsured,
  ipOf,
  listableBucketIds,
  orgBucketIds,
  readableBucket,
  requireBucketAdmin,
  resolveCaller,
  scopeOf,
  STANDARD_SUFFIXES,
  visibleBucket,
  type StorageCaller,
} from './storage.access.js';
import { duplicate, invalidBucketName, invalidRequest, StorageError } from './storage.errors.js';
import { MAX_FILE_SIZE_LIMIT } from './storage.intake.js';
import { emptyBucket } from './storage.objects.js';
import { checkBucketId } from './storage.paths.js';
import * as repo from './storage.repository.js';
import { bucketCreateBody, bucketListQuery, bucketUpdateBody, parse } from './storage.schemas.js';

/** A bucket as Supabase Storage answers it (snake_case). */
export const toBucket = (b: repo.BucketRow) => ({
  id: b.id,
  name: b.name,
  owner: b.owner ?? '',
  public: b.public,
  type: 'STANDARD',
  file_size_limit: b.fileSizeLimit,
  allowed_mime_types: b.allowedMimeTypes,
  created_at: b.createdAt.toISOString(),
  updated_at: b.updatedAt.toISOString(),
});

/** Members cannot create names with the standard suffixes, so an organization's bucket with one is standard. */
const isStandard = (b: repo.BucketRow) => b.orgId !== null && STANDARD_SUFFIXES.some((s) => b.id.endsWith(s));

function checkSizeLimit(v: number | null | undefined): void {
  if (typeof v === 'number' && v > MAX_FILE_SIZE_LIMIT) {
    throw invalidRequest(`file_size_limit: must be at most ${MAX_FILE_SIZE_LIMIT} bytes (${MAX_FILE_SIZE_LIMIT / 1024 / 1024} MB)`);
  }
}

/** A member names new buckets inside their organization's namespace, and never like a standard bucket. */
function checkNewBucketName(caller: StorageCaller, id: string): void {
  if (caller.kind === 'service') return;
  const own = orgBucketIds(caller.slug);
  if (id === own.documents || id === own.public) throw duplicate();
  if (!id.startsWith(`${caller.slug}-`)) throw invalidBucketName(`bucket ids of your organization start with "${caller.slug}-"`);
  if (STANDARD_SUFFIXES.some((s) => id.endsWith(s))) throw invalidBucketName('names ending with -documents or -public are reserved');
}

export function registerBucketRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.db;

  app.get('/bucket', async (req) => {
    const caller = await resolveCaller(req, db);
    const q = parse(bucketListQuery, req.query);
    const rows = await repo.listBuckets(
      db,
      scopeOf(caller),
      {
        limit: q.limit ?? 1000,
        offset: q.offset ?? 0,
        search: q.search,
        sortColumn: q.sortColumn ?? 'name',
        sortOrder: q.sortOrder ?? 'asc',
      },
      listableBucketIds(caller),
    );
    return rows.map(toBucket);
  });

  app.get<{ Params: { id: string } }>('/bucket/:id', async (req) => {
    const caller = await resolveCaller(req, db);
    return toBucket(await readableBucket(db, caller, checkBucketId(req.params.id)));
  });

  app.post('/bucket', async (req) => {
    const caller = await resolveCaller(req, db);
    requireBucketAdmin(caller);
    const body = parse(bucketCreateBody, req.body);
    const id = checkBucketId(body.id);
    if (body.name !== undefined && body.name !== id) throw invalidBucketName('name must be the same as id');
    if (body.type === 'ANALYTICS') throw invalidRequest('type: analytics buckets are not supported');
    checkSizeLimit(body.file_size_limit);
    checkNewBucketName(caller, id);
    try {
      await db.transaction(async (tx) => {
        const row = await repo.insertBucket(tx, {
          id,
          name: id,
          orgId: caller.kind === 'member' ? caller.orgId : null,
          owner: actorOf(caller),
          public: body.public ?? false,
          fileSizeLimit: body.file_size_limit ?? null,
          allowedMimeTypes: body.allowed_mime_types ?? null,
        });
        await recordAudit(
          tx,
          { userId: actorOf(caller), orgId: row.orgId, ip: ipOf(caller, req) },
          { action: 'create', entityType: 'storage_bucket', entityId: id, after: toBucket(row) },
        );
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw duplicate();
      throw err;
    }
    return { name: id };
  });

  app.put<{ Params: { id: string } }>('/bucket/:id', async (req) => {
    const caller = await resolveCaller(req, db);
    requireBucketAdmin(caller);
    const bucket = await visibleBucket(db, caller, checkBucketId(req.params.id));
    const body = parse(bucketUpdateBody, req.body);
    if (body.id !== undefined && body.id !== bucket.id) throw invalidRequest('id: must be the id of the bucket in the path');
    checkSizeLimit(body.file_size_limit);
    if (caller.kind === 'member' && isStandard(bucket) && body.public !== undefined && body.public !== bucket.public) {
      throw invalidRequest('public: the standard buckets keep their visibility (documents private, public images public)');
    }
    await db.transaction(async (tx) => {
      const row = await repo.updateBucket(tx, bucket.id, {
        ...(body.public !== undefined ? { public: body.public } : {}),
        ...(body.file_size_limit !== undefined ? { fileSizeLimit: body.file_size_limit } : {}),
        ...(body.allowed_mime_types !== undefined ? { allowedMimeTypes: body.allowed_mime_types } : {}),
      });
      await recordAudit(
        tx,
        { userId: actorOf(caller), orgId: bucket.orgId, ip: ipOf(caller, req) },
        {
          action: 'update',
          entityType: 'storage_bucket',
          entityId: bucket.id,
          before: toBucket(bucket),
          after: row ? toBucket(row) : null,
        },
      );
    });
    return { message: 'Successfully updated' };
  });

  app.post<{ Params: { id: string } }>('/bucket/:id/empty', async (req) => {
    const caller = await resolveCaller(req, db);
    requireBucketAdmin(caller);
    const bucket = await visibleBucket(db, caller, checkBucketId(req.params.id));
    await emptyBucket(ctx, { userId: actorOf(caller), ip: ipOf(caller, req) }, bucket);
    return { message: 'Successfully emptied' };
  });

  app.delete<{ Params: { id: string } }>('/bucket/:id', async (req) => {
    const caller = await resolveCaller(req, db);
    requireBucketAdmin(caller);
    const bucket = await visibleBucket(db, caller, checkBucketId(req.params.id));
    if (caller.kind === 'member' && isStandard(bucket)) throw invalidRequest('The standard buckets of an organization cannot be deleted');
    const notEmpty = new StorageError(409, 'InvalidRequest', 'InvalidRequest', 'The bucket you tried to delete is not empty');
    if (await repo.bucketHasObjects(db, bucket.id)) throw notEmpty;
    try {
      await db.transaction(async (tx) => {
        await repo.deleteBucket(tx, bucket.id);
        await recordAudit(
          tx,
          { userId: actorOf(caller), orgId: bucket.orgId, ip: ipOf(caller, req) },
          { action: 'delete', entityType: 'storage_bucket', entityId: bucket.id, before: toBucket(bucket) },
        );
      });
    } catch (err) {
      const code = (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
      if (code === '23503') throw notEmpty;
      throw err;
    }
    forgetEnsured(db, bucket.orgId);
    return { message: 'Successfully deleted' };
  });
}
