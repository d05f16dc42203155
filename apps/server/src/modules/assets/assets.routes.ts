import fastifyMultipart from '@fastify/multipart';
import { assetsRoutes as r, productsRoutes as p } from '@market/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { bindRoute, type Caller } from '../../lib/api-route.js';
import { blobStoreFor } from '../storage/index.js';
import { ingestStaged, publicBucketOf, sizeLimit } from './assets.ingest.js';
import * as service from './assets.service.js';
import { receiveFile } from './assets.upload.js';

const who = (c: Caller): service.Who => ({
  orgId: c.orgId,
  orgSlug: c.access.organization!.slug,
  userId: c.userId,
  ip: c.ip,
  apiKey: c.apiKey ?? null,
});

/** Folder of the files uploaded from a product's media section. */
const PRODUCT_UPLOAD_FOLDER = 'products';

/** The asset library, and the two product routes that read and feed it. */
export async function assetsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  bindRoute(app, r.listAssets, ({ caller, query }) => {
    const limit = query.limit ?? 60;
    return service.listAssets(ctx, who(caller), {
      q: query.q || undefined,
      folder: query.folder,
      subfolders: query.subfolders ?? false,
      tag: query.tag,
      type: query.type,
      sort: query.sort ?? 'created_desc',
      limit,
      offset: ((query.page ?? 1) - 1) * limit,
    });
  });
  bindRoute(app, r.listAssetFolders, ({ caller }) => service.listFolders(ctx, who(caller)));
  bindRoute(app, r.listAssetTags, ({ caller }) => service.listTags(ctx, who(caller)));
  bindRoute(app, r.createAssetFolder, ({ caller, body }) => service.createFolder(ctx, who(caller), body.path));
  bindRoute(app, r.moveAssetFolder, async ({ caller, body }) => {
    await service.moveFolder(ctx, who(caller), body.from, body.to);
    return { ok: true as const };
  });
  bindRoute(app, r.deleteAssetFolder, async ({ caller, query }) => {
    await service.deleteFolder(ctx, who(caller), query.path);
    return { ok: true as const };
  });
  bindRoute(app, r.getAsset, ({ caller, params }) => service.getAsset(ctx, who(caller), params.id));
  bindRoute(app, r.updateAsset, ({ caller, params, body }) => service.updateAsset(ctx, who(caller), params.id, body));
  bindRoute(app, r.deleteAsset, async ({ caller, params }) => {
    await service.deleteAsset(ctx, who(caller), params.id);
    return { ok: true as const };
  });

  // An upload from a product's media section that was never saved: the uploader's own, from that folder, unused.
  bindRoute(app, p.discardProductMediaUpload, async ({ caller, params }) => {
    await service.deleteAsset(
      ctx,
      who(caller),
      params.id,
      (row) => row.folder === PRODUCT_UPLOAD_FOLDER && !!caller.userId && row.createdBy === caller.userId,
    );
    return { ok: true as const };
  });

  bindRoute(app, p.listProductAssetOptions, async ({ caller, query }) => {
    const page = await service.listAssets(ctx, who(caller), {
      q: query.q || undefined,
      subfolders: true,
      sort: 'created_desc',
      limit: query.limit ?? 50,
      offset: 0,
    });
    return page.items.map((a) => ({
      id: a.id,
      fileName: a.fileName,
      mimeType: a.mimeType,
      altEn: a.altEn,
      altAr: a.altAr,
      thumbnailUrl: a.thumbnailUrl,
    }));
  });

  // Multipart parsing only where a file is expected; every other route keeps refusing form bodies.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { throwFileSizeLimit: true });
    const upload = async (caller: Caller, req: Parameters<typeof receiveFile>[0], folder: string) => {
      const w = who(caller);
      const store = blobStoreFor(ctx);
      const bucket = await publicBucketOf(ctx.db, w);
      const { staged, declared, fileName } = await receiveFile(req, store, sizeLimit(bucket));
      const row = await ingestStaged(ctx.db, store, { ...w, folder, fileName, bucket, staged, declared });
      return service.toAsset(row);
    };
    bindRoute(scope, r.uploadAsset, ({ caller, query, req }) => upload(caller, req, query.folder ?? ''));
    bindRoute(scope, p.uploadProductMedia, async ({ caller, req }) => {
      const a = await upload(caller, req, PRODUCT_UPLOAD_FOLDER);
      return { id: a.id, fileName: a.fileName, mimeType: a.mimeType, altEn: a.altEn, altAr: a.altAr, thumbnailUrl: a.thumbnailUrl };
    });
  });
}
