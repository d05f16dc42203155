import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { objectNotFound } from './storage.errors.js';
import { DEFAULT_CACHE_CONTROL } from './storage.receive.js';
import type { ObjectRow } from './storage.repository.js';
import { mimetypeOf, openObjectStream } from './storage.service.js';

/** Types a browser may show in place; everything else is served as a download. */
const INLINE = /^(image\/(png|jpeg|gif|webp)|application\/pdf)$/;

/** A file name for Content-Disposition: printable, no quotes or slashes, at most 200 characters. */
function safeFileName(name: string): string {
  const cleaned = name.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069"\\/]/g, '_').slice(0, 200);
  return cleaned.trim() === '' ? 'download' : cleaned;
}

function disposition(kind: 'inline' | 'attachment', name: string): string {
  const safe = safeFileName(name);
  const ascii = safe.replace(/[^\x20-\x7e]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(safe)}`;
}

/** ?download (storage-js: download=true gives "download=", a string gives the file name). */
function downloadName(req: FastifyRequest, key: string): string | null {
  const q = req.query as Record<string, unknown> | undefined;
  if (!q || !('download' in q)) return null;
  const v = q.download;
  return typeof v === 'string' && v !== '' ? v : (key.split('/').pop() ?? 'download');
}

/**
 * Fastify answers a HEAD sent without a payload with Content-Length 0; an empty stream keeps the
 * length we set (the real one), and the HEAD handler drops it without reading the blob.
 */
const noBody = (req: FastifyRequest): Readable | undefined => (req.method === 'HEAD' ? Readable.from([]) : undefined);

/**
 * Sends an object's bytes with the type sniffed at upload, nosniff, its cache control and ETag, and
 * a download disposition for anything that is not an image or a PDF. HEAD gets the headers only.
 */
export async function serveObject(ctx: AppContext, req: FastifyRequest, reply: FastifyReply, row: ObjectRow): Promise<FastifyReply> {
  const mimetype = mimetypeOf(row);
  const meta = row.metadata;
  const etag = typeof meta.eTag === 'string' ? meta.eTag : `"${row.version}"`;
  const headers: Record<string, string> = {
    'content-type': mimetype.startsWith('text/') ? `${mimetype}; charset=utf-8` : mimetype,
    'cache-control': typeof meta.cacheControl === 'string' ? meta.cacheControl : DEFAULT_CACHE_CONTROL,
    etag,
    'last-modified': row.updatedAt.toUTCString(),
    'x-content-type-options': 'nosniff',
    // Even if a browser opened it as a page, nothing in it may run or load.
    ...(mimetype === 'application/pdf'
      ? {}
      : { 'content-security-policy': "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox" }),
  };
  const asked = downloadName(req, row.name);
  if (asked !== null) headers['content-disposition'] = disposition('attachment', asked);
  else if (!INLINE.test(mimetype)) headers['content-disposition'] = disposition('attachment', row.name.split('/').pop() ?? 'download');

  if (req.headers['if-none-match'] === etag) return reply.code(304).headers(headers).send(noBody(req));
  const blob = await openObjectStream(ctx, row);
  if (!blob) {
    req.log.warn({ bucket: row.bucketId, key: row.name }, 'storage object has no bytes');
    throw objectNotFound();
  }
  headers['content-length'] = String(blob.size);
  if (req.method === 'HEAD') {
    blob.stream.destroy();
    return reply.code(200).headers(headers).send(noBody(req));
  }
  return reply.code(200).headers(headers).send(blob.stream);
}
