import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { actorOf, authorize, mayRead, readableBucket, resolveCaller, visibleBucket } from './storage.access.js';
import { duplicate, objectNotFound, StorageError } from './storage.errors.js';
import { wildcard } from './storage.object.routes.js';
import { checkBucketId, checkObjectKey, splitBucketPath } from './storage.paths.js';
import * as repo from './storage.repository.js';
import { parse, signBody, signManyBody } from './storage.schemas.js';
import { serveObject } from './storage.serve.js';
import { signObjectToken, verifyObjectToken } from './storage.tokens.js';
import { isUpsert, storeUpload } from './storage.upload.js';

/** Signed upload URLs last two hours, as Supabase's do. */
const UPLOAD_TOKEN_SECONDS = 2 * 3600;

const tokenOf = (req: FastifyRequest): unknown => (req.query as Record<string, unknown> | undefined)?.token;

export function registerSignRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.db;
  const secret = ctx.config.jwtSecret;
  const signedPath = async (bucketId: string, key: string, expiresIn: number) =>
    `/object/sign/${bucketId}/${key}?token=${await signObjectToken(secret, { url: `${bucketId}/${key}`, purpose: 'download' }, expiresIn)}`;

  // POST /object/sign/{bucket}/{path} signs one object; POST /object/sign/{bucket} with {paths} signs several.
  app.post('/object/sign/*', async (req) => {
    const caller = await resolveCaller(req, db);
    const path = wildcard(req);
    if (!path.includes('/')) {
      const bucket = await readableBucket(db, caller, checkBucketId(path));
      const body = parse(signManyBody, req.body);
      return Promise.all(
        body.paths.map(async (p) => {
          let key: string;
          try {
            key = checkObjectKey(p);
          } catch (err) {
            if (err instanceof StorageError) return { error: err.message, path: p, signedURL: null };
            throw err;
          }
          // A path the caller may not read is answered like a missing one.
          const row = mayRead(caller, bucket, key) ? await repo.findObject(db, bucket.id, key) : null;
          if (!row) return { error: 'Either the object does not exist or you do not have access to it', path: p, signedURL: null };
          return { error: null, path: p, signedURL: await signedPath(bucket.id, key, body.expiresIn) };
        }),
      );
    }
    const { bucketId, key } = splitBucketPath(path);
    const bucket = await visibleBucket(db, caller, bucketId);
    authorize(caller, bucket, key, 'read');
    const body = parse(signBody, req.body);
    if (!(await repo.findObject(db, bucket.id, key))) throw objectNotFound();
    return { signedURL: await signedPath(bucket.id, key, body.expiresIn) };
  });

  // The holder of a signed URL reads that one object until the token expires; no sign-in.
  app.get('/object/sign/*', { compress: false }, async (req, reply) => {
    const { bucketId, key } = splitBucketPath(wildcard(req));
    await verifyObjectToken(secret, tokenOf(req), `${bucketId}/${key}`, 'download');
    const row = await repo.findObject(db, bucketId, key);
    if (!row) throw objectNotFound();
    return serveObject(ctx, req, reply, row);
  });

  app.post('/object/upload/sign/*', async (req) => {
    const caller = await resolveCaller(req, db);
    const { bucketId, key } = splitBucketPath(wildcard(req));
    const bucket = await visibleBucket(db, caller, bucketId);
    // The token is the write: whoever holds it uploads without signing in, so the rule is checked now.
    authorize(caller, bucket, key, 'write');
    const upsert = isUpsert(req);
    if (!upsert && (await repo.findObject(db, bucket.id, key))) throw duplicate();
    const token = await signObjectToken(
      secret,
      { url: `${bucket.id}/${key}`, purpose: 'upload', upsert, owner: actorOf(caller) },
      UPLOAD_TOKEN_SECONDS,
    );
    return { url: `/object/upload/sign/${bucket.id}/${key}?token=${token}`, token };
  });

  app.put('/object/upload/sign/*', { config: { rawBody: true } }, async (req) => {
    const { bucketId, key } = splitBucketPath(wildcard(req));
    const claims = await verifyObjectToken(secret, tokenOf(req), `${bucketId}/${key}`, 'upload');
    const bucket = await repo.findBucketById(db, bucketId);
    if (!bucket) throw objectNotFound();
    const row = await storeUpload(ctx, req, bucket, key, {
      mode: claims.upsert ? 'upsert' : 'create',
      actor: { userId: claims.owner ?? null, ip: req.ip },
    });
    return { Key: `${bucket.id}/${key}`, Id: row.id };
  });
}
