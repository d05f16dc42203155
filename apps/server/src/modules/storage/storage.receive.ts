import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { BlobStore } from '../../lib/blob-store.js';
import { normalizeDeclared } from '../../lib/file-sniff.js';
import { invalidRequest, StorageError, tooLarge } from './storage.errors.js';
import { stageUpload, type Staged } from './storage.intake.js';
import { parse, userMetadata } from './storage.schemas.js';

export interface Received {
  staged: Staged;
  /** The Content-Type the client gave (of the file part for multipart), normalized. */
  declared: string;
  cacheControl: string;
  metadata: Record<string, unknown> | null;
}

export const DEFAULT_CACHE_CONTROL = 'max-age=3600';
/** Room for the multipart boundaries and small fields around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;

/** storage-js sends "3600" in the form field and "max-age=3600" in the header; both mean the same. */
export function parseCacheControl(v: unknown): string {
  if (v === undefined || v === null || v === '') return DEFAULT_CACHE_CONTROL;
  if (typeof v !== 'string' || v.length > 100) throw invalidRequest('cacheControl: must be a number of seconds or max-age=<seconds>');
  const s = v.trim().toLowerCase();
  if (/^\d{1,9}$/.test(s)) return `max-age=${Number(s)}`;
  if (/^((public|private),\s*)?max-age=\d{1,9}$/.test(s) || s === 'no-cache' || s === 'no-store') return s;
  throw invalidRequest('cacheControl: must be a number of seconds or max-age=<seconds>');
}

function parseMetadata(json: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw invalidRequest('metadata: must be a JSON object');
  }
  return parse(userMetadata, value);
}

function decodeHeaderMetadata(v: string | string[] | undefined): Record<string, unknown> | null {
  if (typeof v !== 'string' || v === '') return null;
  if (v.length > 12_000 || !/^[A-Za-z0-9+/]+=*$/.test(v)) throw invalidRequest('x-metadata: must be base64-encoded JSON');
  return parseMetadata(Buffer.from(v, 'base64').toString('utf8'));
}

function checkDeclaredLength(req: FastifyRequest, max: number, limit: number): void {
  const len = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(len) && len > max) throw tooLarge(limit);
}

/** Reads an upload sent as multipart/form-data (browsers) or as the raw body (Node clients) into staging. */
export async function receiveUpload(req: FastifyRequest, store: BlobStore, limit: number): Promise<Received> {
  if (req.isMultipart()) return receiveMultipart(req, store, limit);
  checkDeclaredLength(req, limit, limit);
  const body = req.body as Readable | undefined;
  if (!body || typeof (body as Partial<Readable>)[Symbol.asyncIterator] !== 'function')
    throw invalidRequest('The request has no file in its body');
  const cacheControl = parseCacheControl(req.headers['cache-control']);
  const metadata = decodeHeaderMetadata(req.headers['x-metadata']);
  const staged = await stageUpload(store, body, limit);
  return { staged, declared: normalizeDeclared(req.headers['content-type']), cacheControl, metadata };
}

async function receiveMultipart(req: FastifyRequest, store: BlobStore, limit: number): Promise<Received> {
  checkDeclaredLength(req, limit + MULTIPART_OVERHEAD, limit);
  let staged: Staged | null = null;
  let declared = '';
  let cacheControl: unknown;
  let metadata: Record<string, unknown> | null = null;
  try {
    const parts = req.parts({ limits: { files: 1, fields: 10, fieldSize: 16 * 1024, parts: 12, fileSize: limit + 1, headerPairs: 50 } });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (staged) throw invalidRequest('Send one file per request');
        declared = normalizeDeclared(part.mimetype);
        staged = await stageUpload(store, part.file, limit);
      } else if (part.fieldname === 'cacheControl') {
        cacheControl = part.value;
      } else if (part.fieldname === 'metadata') {
        metadata = parseMetadata(String(part.value));
      }
    }
  } catch (err) {
    if (staged) await rm(staged.file, { force: true });
    throw mapMultipartError(err, limit);
  }
  if (!staged) throw invalidRequest('The form has no file part');
  try {
    return { staged, declared, cacheControl: parseCacheControl(cacheControl), metadata };
  } catch (err) {
    await rm(staged.file, { force: true });
    throw err;
  }
}

function mapMultipartError(err: unknown, limit: number): unknown {
  if (err instanceof StorageError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(limit);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return invalidRequest('Send one file and at most a few fields per request');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_PROTO_VIOLATION')
    return invalidRequest('The multipart form is not valid');
  if (err instanceof Error && /Unexpected end of form|Malformed|boundary/i.test(err.message))
    return invalidRequest('The multipart form is not valid');
  return err;
}
