import type { vendorsRoutes as r } from '@market/contracts';
import type { AppContext } from '../../app-context.js';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Caller } from '../../lib/api-route.js';
import { lockUnchanged } from '../../lib/concurrency.js';
import { todayUtc } from '../../lib/dates.js';
import { vendorDocuments } from '../../db/schema/index.js';
import { and, eq } from 'drizzle-orm';
import { AppError, conflict, invalid, notFound } from '../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import { findObject, mimetypeOf, orgBucketIds, signObjectToken } from '../storage/index.js';
// Not re-exported by storage.service.ts yet (asked for in the report).
import * as docs from './vendors.documents.repository.js';
import { toDocument } from './vendors.mapping.js';
import * as repo from './vendors.repository.js';
import { datesProblem } from './vendors.rules.js';

type DocumentCreate = {
  docType: r.VendorDocumentType;
  bucketId: string;
  objectPath: string;
  fileName: string;
  issuedOn?: string | null;
  expiresOn?: string | null;
};
type DocumentUpdate = {
  docType?: r.VendorDocumentType;
  status?: 'pending' | 'valid' | 'declined';
  statusNote?: string | null;
  issuedOn?: string | null;
  expiresOn?: string | null;
  expectedUpdatedAt: string;
};

async function vendorOrNotFound(db: DbOrTx, caller: Caller, vendorId: string): Promise<void> {
  if (!(await repo.findVendor(db, caller.orgId, vendorId))) throw notFound('Vendor');
}

/**
 * The stored file behind a new document: it must sit in the caller organization's private documents
 * bucket and exist. Its type and size are read from the metadata storage recorded (the type sniffed
 * from the content at upload), never taken from the client.
 */
async function storedFile(
  db: DbOrTx,
  caller: Caller,
  bucketId: string,
  objectPath: string,
): Promise<{ mimeType: string; sizeBytes: number }> {
  const slug = caller.access.organization?.slug;
  if (!slug || bucketId !== orgBucketIds(slug).documents) throw invalid('bucketId', "must be your organization's documents bucket");
  const object = await findObject(db, bucketId, objectPath);
  if (!object) throw invalid('objectPath', 'no uploaded file was found at this path; upload the file first');
  const size = object.metadata.size;
  return { mimeType: mimetypeOf(object), sizeBytes: typeof size === 'number' && size > 0 ? Math.trunc(size) : 0 };
}

export async function addDocument(db: Db, caller: Caller, vendorId: string, input: DocumentCreate): Promise<r.VendorDocument> {
  const dates = datesProblem(input.issuedOn, input.expiresOn);
  if (dates) throw invalid(dates.field, dates.message);
  return db.transaction(async (tx) => {
    await vendorOrNotFound(tx, caller, vendorId);
    const file = await storedFile(tx, caller, input.bucketId, input.objectPath);
    if (await docs.findDocumentByObject(tx, vendorId, input.bucketId, input.objectPath)) {
      throw conflict('This file is already registered as a document of this vendor', [
        { field: 'objectPath', message: 'is already registered for this vendor' },
      ]);
    }
    const row = await docs.insertDocument(tx, {
      orgId: caller.orgId,
      vendorId,
      docType: input.docType,
      bucketId: input.bucketId,
      objectPath: input.objectPath,
      fileName: input.fileName.trim(),
      ...file,
      issuedOn: input.issuedOn ?? null,
      expiresOn: input.expiresOn ?? null,
    });
    await repo.touchVendor(tx, vendorId);
    await recordAudit(tx, caller, { action: 'create', entityType: 'vendor_document', entityId: row.id, after: row });
    return toDocument(row, todayUtc());
  });
}

export async function updateDocument(
  db: Db,
  caller: Caller,
  vendorId: string,
  docId: string,
  input: DocumentUpdate,
): Promise<r.VendorDocument> {
  return db.transaction(async (tx) => {
    await vendorOrNotFound(tx, caller, vendorId);
    const scope = and(eq(vendorDocuments.orgId, caller.orgId), eq(vendorDocuments.vendorId, vendorId), eq(vendorDocuments.id, docId));
    await lockUnchanged(tx, vendorDocuments, scope, input.expectedUpdatedAt);
    const before = await docs.findDocument(tx, caller.orgId, vendorId, docId);
    if (!before) throw notFound('Document');
    const issuedOn = input.issuedOn === undefined ? before.issuedOn : input.issuedOn;
    const expiresOn = input.expiresOn === undefined ? before.expiresOn : input.expiresOn;
    const dates = datesProblem(issuedOn, expiresOn);
    if (dates) throw invalid(dates.field, dates.message);
    // A new decision starts without the note of the previous one, unless it brings its own.
    const note =
      input.statusNote !== undefined
        ? input.statusNote?.trim() || null
        : input.status !== undefined && input.status !== before.status
          ? null
          : before.statusNote;
    const status = input.status ?? before.status;
    if (status === 'declined' && !note) {
      throw new AppError(422, 'validation_failed', 'statusNote: say why the document is declined', [
        { field: 'statusNote', message: 'is required to decline a document' },
      ]);
    }
    const row = await docs.updateDocument(tx, docId, {
      docType: input.docType ?? before.docType,
      status,
      statusNote: note,
      issuedOn,
      expiresOn,
    });
    await repo.touchVendor(tx, vendorId);
    await recordAudit(tx, caller, {
      action: input.status && input.status !== before.status ? 'review' : 'update',
      entityType: 'vendor_document',
      entityId: docId,
      before,
      after: row,
    });
    return toDocument(row, todayUtc());
  });
}

/** Removes the registration; the stored file stays in the bucket (storage owns the bytes and their lifecycle). */
export async function deleteDocument(db: Db, caller: Caller, vendorId: string, docId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await vendorOrNotFound(tx, caller, vendorId);
    const before = await docs.findDocument(tx, caller.orgId, vendorId, docId);
    if (!before) throw notFound('Document');
    await docs.deleteDocument(tx, docId);
    await repo.touchVendor(tx, vendorId);
    await recordAudit(tx, caller, { action: 'delete', entityType: 'vendor_document', entityId: docId, before });
  });
}

/** Download links are short-lived: enough to open the file, not to pass around. */
export const DOWNLOAD_LINK_SECONDS = 300;

/**
 * A signed storage URL (relative to this server) for one document of the caller's organization. The
 * vendor route decides who may read it; storage only checks the signature, as for any signed URL.
 */
export async function documentUrl(
  ctx: AppContext,
  caller: Caller,
  vendorId: string,
  docId: string,
): Promise<{ url: string; expiresIn: number }> {
  await vendorOrNotFound(ctx.db, caller, vendorId);
  const row = await docs.findDocument(ctx.db, caller.orgId, vendorId, docId);
  if (!row) throw notFound('Document');
  if (!(await findObject(ctx.db, row.bucketId, row.objectPath)))
    throw new AppError(404, 'not_found', 'The file of this document is no longer stored');
  const token = await signObjectToken(
    ctx.config.jwtSecret,
    { url: `${row.bucketId}/${row.objectPath}`, purpose: 'download' },
    DOWNLOAD_LINK_SECONDS,
  );
  const path = [row.bucketId, ...row.objectPath.split('/')].map(encodeURIComponent).join('/');
  return { url: `/storage/v1/object/sign/${path}?token=${encodeURIComponent(token)}`, expiresIn: DOWNLOAD_LINK_SECONDS };
}
