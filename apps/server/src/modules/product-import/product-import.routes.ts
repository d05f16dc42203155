import fastifyMultipart from '@fastify/multipart';
import { productImportRoutes as r } from '@market/contracts';
import type { FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import type { AppContext } from '../../app-context.js';
import { bindRoute } from '../../lib/api-route.js';
import { openFile } from './import-file.js';
import { registerImportJobs } from './product-import.jobs.js';
import './product-import.realtime.js';
import * as svc from './product-import.service.js';
import { blobStoreFor } from '../storage/index.js';

const fileName = (s: string) => s.replace(/["\\\r\n]/g, '_');

export async function productImportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerImportJobs(ctx);
  bindRoute(app, r.listImports, ({ caller, query }) => svc.listImports(ctx.db, caller, query));
  bindRoute(app, r.getImport, ({ caller, params }) => svc.getImport(ctx.db, caller, params.id));
  bindRoute(app, r.updateImport, ({ caller, params, body }) => svc.updateImport(ctx, caller, params.id, body));
  bindRoute(app, r.dryRunImport, ({ caller, params, body }) => svc.startDryRun(ctx, caller, params.id, body.expectedUpdatedAt));
  bindRoute(app, r.runImport, ({ caller, params, body }) => svc.startRun(ctx, caller, params.id, body.expectedUpdatedAt));
  bindRoute(app, r.cancelImport, ({ caller, params, body }) => svc.cancelImport(ctx, caller, params.id, body.expectedUpdatedAt));
  bindRoute(app, r.retryFailedRows, ({ caller, params }) => svc.retryFailed(ctx, caller, params.id));
  bindRoute(app, r.listImportRows, ({ caller, params, query }) => svc.listRows(ctx.db, caller, params.id, query));
  bindRoute(app, r.downloadImportErrors, async ({ caller, params, query, reply }) => {
    const row = await svc.importForFile(ctx.db, caller, params.id);
    const base = row.fileName.replace(/\.[a-z0-9]+$/i, '');
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="${fileName(`${base}-errors.csv`)}"; filename*=UTF-8''${encodeURIComponent(`${base}-errors.csv`)}`,
      )
      .header('cache-control', 'no-store')
      .send(Readable.from(svc.errorCsv(ctx.db, row, query.phase)));
    return reply as unknown as string;
  });
  bindRoute(app, r.downloadImportFile, async ({ caller, params, reply }) => {
    const row = await svc.importForFile(ctx.db, caller, params.id);
    // The file as uploaded: the ZIP when it came with its images.
    const stream = await openFile(blobStoreFor(ctx), row.sourceKey ?? row.fileKey);
    const type = row.sourceKey
      ? 'application/zip'
      : row.format === 'xlsx'
        ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
        : 'text/csv';
    void reply
      .header('content-type', type)
      .header(
        'content-disposition',
        `attachment; filename="${fileName(row.fileName)}"; filename*=UTF-8''${encodeURIComponent(row.fileName)}`,
      )
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(stream);
    return reply as unknown as string;
  });
  bindRoute(app, r.listImportProfiles, ({ caller }) => svc.listProfiles(ctx.db, caller));
  bindRoute(app, r.createImportProfile, ({ caller, body }) => svc.createProfile(ctx.db, caller, body));
  bindRoute(app, r.updateImportProfile, ({ caller, params, body }) => svc.updateProfile(ctx.db, caller, params.id, body));
  bindRoute(app, r.deleteImportProfile, async ({ caller, params }) => {
    await svc.deleteProfile(ctx.db, caller, params.id);
    return { ok: true as const };
  });
  // Multipart parsing only for the upload; every other route keeps refusing form bodies.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { throwFileSizeLimit: true });
    bindRoute(scope, r.uploadImport, ({ caller, query, req }) => svc.uploadImport(ctx, caller, req, query.profileId));
  });
}
