import { rm } from 'node:fs/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { BlobStore } from '../../lib/blob-store.js';
import { AppError } from '../../lib/errors.js';
import { normalizeDeclared } from '../../lib/file-sniff.js';
import { StorageError } from './storage.errors.js';
import { stageUpload, type Staged } from './storage.intake.js';

// The one-file forms of /api/v1 (asset library, public application uploads): refusals in the API's
// envelope, naming the field "file", where storage's own routes answer in Supabase's format.

/** Room for the multipart boundaries and small fields around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;

export type FileErrorCode = 'bad_request' | 'payload_too_large' | 'unsupported_media_type' | 'validation_failed';

export const fileError = (status: number, code: FileErrorCode, message: string) =>
  new AppError(status, code, message, [{ field: 'file', message }]);

/** Fastify multipart's refusals of the form itself; null for any other error. */
export function formError(err: unknown, tooLarge: () => AppError): AppError | null {
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
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
  return null;
}

export interface FormFile {
  staged: Staged;
  /** The Content-Type of the file part, normalized. */
  declared: string;
  /** The name the browser gave, as `fileName` cleaned it. */
  fileName: string;
}

export interface FormFileRules {
  limit: number;
  tooLarge: () => AppError;
  /** Storage's and the form's errors in the caller's words. */
  toError: (err: unknown) => unknown;
  fileName: (raw: string | undefined) => string;
}

/** Reads the one file of a multipart form (field "file") into staging. */
export async function receiveFormFile(req: FastifyRequest, store: BlobStore, rules: FormFileRules): Promise<FormFile> {
  const { limit, tooLarge, toError } = rules;
  if (!req.isMultipart()) throw fileError(415, 'unsupported_media_type', 'Send the file as multipart/form-data in the field file');
  const length = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(length) && length > limit + MULTIPART_OVERHEAD) throw tooLarge();
  let part: MultipartFile | undefined;
  try {
    part = await req.file({ limits: { files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 50, fileSize: limit + 1 } });
  } catch (err) {
    throw toError(err);
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
    part.file.resume();
    throw toError(err);
  }
  if (part.file.truncated) {
    await rm(staged.file, { force: true });
    throw tooLarge();
  }
  return { staged, declared: normalizeDeclared(part.mimetype), fileName: rules.fileName(part.filename) };
}

/** A cleaned file name as stem and extension (lower case, at most 10 characters; '' when there is none). */
export function splitFileName(cleaned: string): { stem: string; ext: string } {
  const dot = cleaned.lastIndexOf('.');
  if (dot <= 0) return { stem: cleaned, ext: '' };
  return {
    stem: cleaned.slice(0, dot),
    ext: cleaned
      .slice(dot + 1)
      .toLowerCase()
      .slice(0, 10),
  };
}
