import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { registerBucketRoutes } from './storage.bucket.routes.js';
import { installStorageErrorHandler, invalidRequest, StorageError } from './storage.errors.js';
import { registerObjectRoutes } from './storage.object.routes.js';
import { registerSignRoutes } from './storage.sign.routes.js';

const JSON_LIMIT = 1024 * 1024;

/**
 * Supabase-Storage-compatible service at /storage/v1 (the prefix is applied by app.ts), as
 * @supabase/storage-js speaks it: buckets, objects, listing, signed URLs. See docs/decisions/004-storage.md.
 */
export async function storageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  installStorageErrorHandler(app);
  // Storage is documented by Supabase, not in our /api/v1 OpenAPI document.
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });

  // Uploads read their own body (multipart from browsers, the raw bytes from Node clients) after the
  // caller is known; every other request body is JSON, whatever Content-Type storage-js put on it.
  app.removeAllContentTypeParsers();
  await app.register(fastifyMultipart, { throwFileSizeLimit: true });
  app.addContentTypeParser('*', (req, payload, done) => {
    if (req.routeOptions.config.rawBody) {
      done(null, payload);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    payload.on('data', (c: Buffer) => {
      size += c.length;
      if (size > JSON_LIMIT && !failed) {
        failed = true;
        done(new StorageError(413, 'EntityTooLarge', 'Payload too large', 'The request body is too large'), undefined);
        payload.resume();
        return;
      }
      if (!failed) chunks.push(c);
    });
    payload.on('error', (err) => {
      if (!failed) {
        failed = true;
        done(err, undefined);
      }
    });
    payload.on('end', () => {
      if (failed) return;
      const text = Buffer.concat(chunks).toString('utf8');
      if (text.trim() === '') {
        done(null, undefined);
        return;
      }
      try {
        done(null, JSON.parse(text));
      } catch {
        done(invalidRequest('The request body is not valid JSON'), undefined);
      }
    });
  });

  registerBucketRoutes(app, ctx);
  registerSignRoutes(app, ctx);
  registerObjectRoutes(app, ctx);
}
