import { randomUUID } from 'node:crypto';
import { APPLICATION_UPLOAD_MAX_BYTES, type ApplicationDocumentRef, type ApplicationUpload } from '@market/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import type { FieldError } from '../../lib/errors.js';
import {
  type Accepted,
  acceptStaged,
  blobStoreFor,
  ensureOrgBuckets,
  fileError,
  findBucketById,
  formError,
  orgBucketIds,
  receiveFormFile,
  splitFileName,
  StorageError,
  writeObject,
} from '../storage/index.js';
import { countHit } from './applications.flood.js';
import { applicationsTuning } from './applications.form-token.js';
import * as repo from './applications.public.repository.js';
import { resolveOrg } from './applications.public.service.js';
import { maybePruneUploads } from './applications.upload-cleanup.js';

/** What an applicant may upload: documents and photos, never anything a browser could run. */
export const APPLICATION_UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'application/pdf'];
const EXTENSION_OF: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
};
export const UPLOAD_LIMIT = 30;
export const UPLOAD_WINDOW_SECONDS = 600;

/**
 * A name safe to store and show: no folders, no control or direction characters, no leading dots,
 * letters of any script, digits, dot, dash and underscore; the extension is kept (the content must match it).
 */
export function safeFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N}._ -]+/gu, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/^[.-]+/, '');
  const { stem, ext } = splitFileName(cleaned);
  const name = stem.slice(0, 80).replace(/[.-]+$/, '') || 'document';
  return ext ? `${name}.${ext}` : name;
}

/** Storage's refusals, in the API's error envelope (storage speaks Supabase's format). */
function toApiError(err: unknown): unknown {
  const refused = formError(err, tooLarge);
  if (refused) return refused;
  if (!(err instanceof StorageError)) return err;
  if (err.status === 413) return tooLarge();
  if (err.status === 415) return fileError(415, 'unsupported_media_type', `Upload a PNG, JPEG, WebP, GIF or PDF file (${err.message})`);
  if (err.status === 422) return fileError(422, 'validation_failed', err.message);
  return fileError(400, 'bad_request', err.message);
}

const tooLarge = () => fileError(413, 'payload_too_large', `The file is larger than ${APPLICATION_UPLOAD_MAX_BYTES / (1024 * 1024)} MB`);

/** Reads the one file of the multipart form into staging, with the name the browser gave it. */
const receiveFile = (ctx: AppContext, req: FastifyRequest) =>
  receiveFormFile(req, blobStoreFor(ctx), {
    limit: APPLICATION_UPLOAD_MAX_BYTES,
    tooLarge,
    toError: toApiError,
    fileName: safeFileName,
  });

/**
 * Stores one applicant file in the organization's private documents bucket, typed by its content
 * and re-encoded when it is an image, and registers it as an unclaimed upload.
 */
export async function uploadApplicationFile(ctx: AppContext, req: FastifyRequest, slug: string | undefined): Promise<ApplicationUpload> {
  const org = await resolveOrg(ctx.db, slug);
  await countHit(ctx, { key: `upload:${req.ip}`, limit: UPLOAD_LIMIT, windowSeconds: UPLOAD_WINDOW_SECONDS, what: 'uploads' });
  await ensureOrgBuckets(ctx.db, org);
  const bucket = await findBucketById(ctx.db, orgBucketIds(org.slug).documents);
  if (!bucket) throw new Error(`The documents bucket of ${org.slug} is missing`);
  const { staged, declared, fileName } = await receiveFile(ctx, req);
  let accepted: Accepted;
  try {
    // Consumes the staged file whatever it decides.
    accepted = await acceptStaged(blobStoreFor(ctx), staged, { key: fileName, declared, allowedMimeTypes: APPLICATION_UPLOAD_TYPES });
  } catch (err) {
    throw toApiError(err);
  }
  const name = fileName.includes('.') ? fileName : `${fileName}.${EXTENSION_OF[accepted.mimetype]}`;
  const id = randomUUID();
  const objectPath = `applications/uploads/${id}/${name}`;
  try {
    await writeObject(ctx, { userId: null, ip: req.ip }, bucket, objectPath, accepted, {
      mode: 'create',
      cacheControl: 'private, max-age=0',
      metadata: null,
    });
  } catch (err) {
    throw toApiError(err);
  }
  // The object is already written; an unregistered one is only an orphan file, never a half application.
  await repo.insertUpload(ctx.db, {
    id,
    orgId: org.id,
    bucketId: bucket.id,
    objectPath,
    fileName: name,
    mimeType: accepted.mimetype,
    sizeBytes: accepted.size,
    ip: req.ip,
    createdAt: new Date(applicationsTuning(ctx).now()),
  });
  maybePruneUploads(ctx);
  return { uploadId: id, fileName: name, mimeType: accepted.mimetype, sizeBytes: accepted.size };
}

export interface CheckedDocument {
  ref: ApplicationDocumentRef;
  upload: repo.UploadRow;
}

/**
 * The uploads a submission or an answer names, locked: each must exist, belong to the organization
 * and not be claimed by another application (all three look the same to the sender). Uploads this
 * application already holds are skipped, so sending the same form again adds nothing twice.
 */
export async function checkDocuments(
  tx: DbOrTx,
  orgId: string,
  refs: ApplicationDocumentRef[],
  field: string,
  today: string,
  ownApplicationId: string | null,
): Promise<{ documents: CheckedDocument[]; problems: FieldError[] }> {
  const uploads = new Map((await repo.lockUploads(tx, [...new Set(refs.map((r) => r.uploadId))])).map((u) => [u.id, u]));
  const documents: CheckedDocument[] = [];
  const problems: FieldError[] = [];
  const seen = new Set<string>();
  refs.forEach((ref, i) => {
    const upload = uploads.get(ref.uploadId);
    if (seen.has(ref.uploadId)) problems.push({ field: `${field}.${i}.uploadId`, message: 'is listed twice' });
    else if (!upload || upload.orgId !== orgId || (upload.applicationId && upload.applicationId !== ownApplicationId)) {
      problems.push({ field: `${field}.${i}.uploadId`, message: 'no uploaded file has this id; upload the file again' });
    } else if (ref.expiresOn && ref.expiresOn < today)
      problems.push({ field: `${field}.${i}.expiresOn`, message: 'the document has already expired' });
    else if (!upload.applicationId) documents.push({ ref, upload });
    seen.add(ref.uploadId);
  });
  return { documents, problems };
}

/** Turns checked uploads into documents of the application and claims them. */
export async function attachDocuments(tx: DbOrTx, app: { id: string; orgId: string }, documents: CheckedDocument[]): Promise<void> {
  await repo.insertDocuments(
    tx,
    documents.map(({ ref, upload }) => ({
      orgId: app.orgId,
      applicationId: app.id,
      docType: ref.docType,
      bucketId: upload.bucketId,
      objectPath: upload.objectPath,
      fileName: upload.fileName,
      mimeType: upload.mimeType,
      sizeBytes: upload.sizeBytes,
      expiresOn: ref.expiresOn ?? null,
    })),
  );
  await repo.claimUploads(
    tx,
    documents.map((d) => d.upload.id),
    app.id,
  );
}
