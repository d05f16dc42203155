import type { MultipartFile } from '@fastify/multipart';
import { rm } from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import type { BlobStore } from '../../lib/blob-store.js';
import { AppError } from '../../lib/errors.js';
import { normalizeDeclared } from '../../lib/file-sniff.js';
import { type Staged, stageUpload, StorageError } from '../storage/index.js';
import { toAppError } from './assets.ingest.js';

const MULTIPART_OVERHEAD = 64 * 1024;

const fileError = (status: number, code: 'bad_request' | 'payload_too_large' | 'unsupported_media_type', message: string) =>
  new AppError(status, code, message, [{ field: 'file', message }]);
const tooLarge = (limit: number) => fileError(413, 'payload_too_large', `The file is larger than ${Math.round(limit / (1024 * 1024))} MB`);

/** A name to store: the last segment of what the browser sent, without control, direction or URL-special characters or leading dots. */
export function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069?#%]+/g, '')
    .trim()
    .replace(/^[.\s]+/, '')
    .replace(/\s+/g, ' ');
  const dot = cleaned.lastIndexOf('.');
  const ext =
    dot > 0
      ? cleaned
          .slice(dot + 1)
          .toLowerCase()
          .slice(0, 10)
      : '';
  const stem = (dot > 0 ? cleaned.slice(0, dot) : cleaned).slice(0, 120).trim() || 'file';
  return ext ? `${stem}.${ext}` : stem;
}

/** Reads the one file of a multipart form (field "file") into staging, with the name the browser gave it. */
export async function receiveFile(
  req: FastifyRequest,
  store: BlobStore,
  limit: number,
): Promise<{ staged: Staged; declared: string; fileName: string }> {
  if (!req.isMultipart()) throw fileError(415, 'unsupported_media_type', 'Send the file as multipart/form-data in the field file');
  const length = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(length) && length > limit + MULTIPART_OVERHEAD) throw tooLarge(limit);
  let part: MultipartFile | undefined;
  try {
    part = await req.file({ limits: { files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 50, fileSize: limit + 1 } });
  } catch (err) {
    throw mapError(err, limit);
  }
  if (!part) throw fileError(400, 'bad_request', 'The form has no file; send it in the field file');
  if (part.fieldname !== 'file') {
    part.file.resume();
    throw fileError(400, 'bad_request', 'Send the file in the field file');
  }
  let staged: Staged;
  try {
    staged = await stageUpload(store, part.file, limit);
  } catch (err) {
    throw mapError(err, limit);
  }
  if (part.file.truncated) {
    await rm(staged.file, { force: true });
    throw tooLarge(limit);
  }
  return { staged, declared: normalizeDeclared(part.mimetype), fileName: cleanFileName(part.filename) };
}

function mapError(err: unknown, limit: number): unknown {
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(limit);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return fileError(400, 'bad_request', 'Send one file per request');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return fileError(415, 'unsupported_media_type', 'Send the file as multipart/form-data in the field file');
  if (
    code === 'FST_PROTO_VIOLATION' ||
    (err instanceof Error &&
      !(err instanceof StorageError) &&
      !(err instanceof AppError) &&
      /Unexpected end of form|Malformed|boundary/i.test(err.message))
  ) {
    return fileError(400, 'bad_request', 'The multipart form is not valid');
  }
  if (err instanceof StorageError && err.status === 413) return tooLarge(limit);
  return toAppError(err);
}
