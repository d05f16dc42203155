import type { FastifyRequest } from 'fastify';
import type { BlobStore } from '../../lib/blob-store.js';
import { fileError, formError, receiveFormFile, splitFileName, StorageError, type FormFile } from '../storage/index.js';
import { toAppError } from './assets.ingest.js';

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
  const { stem, ext } = splitFileName(cleaned);
  const name = stem.slice(0, 120).trim() || 'file';
  return ext ? `${name}.${ext}` : name;
}

/** Reads the one file of a multipart form (field "file") into staging, with the name the browser gave it. */
export function receiveFile(req: FastifyRequest, store: BlobStore, limit: number): Promise<FormFile> {
  return receiveFormFile(req, store, {
    limit,
    tooLarge: () => tooLarge(limit),
    toError: (err) => mapError(err, limit),
    fileName: cleanFileName,
  });
}

function mapError(err: unknown, limit: number): unknown {
  const refused = formError(err, () => tooLarge(limit));
  if (refused) return refused;
  if (err instanceof StorageError && err.status === 413) return tooLarge(limit);
  return toAppError(err);
}
