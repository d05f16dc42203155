import type { ApplicationDocument } from '@market/contracts';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import type { Caller } from '../../lib/api-route.js';
import { lockUnchanged } from '../../lib/concurrency.js';
import { vendorApplicationDocuments } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import { findObject, signedObjectUrl } from '../storage/index.js';
import { staffActor, toDocument } from './applications.mapping.js';
import { insertEvent, lockApplication } from './applications.records.js';
import * as repo from './applications.repository.js';

/** Long enough to open the file, too short to pass the link around. */
export const DOCUMENT_LINK_SECONDS = 300;

type Review = {
  status?: 'pending' | 'valid' | 'declined';
  statusNote?: string | null;
  expiresOn?: string | null;
  expectedUpdatedAt: string;
};

/**
 * Staff decide on a document. A declined one is entered in the history the applicant sees, with the
 * note, so they know what to send again; other decisions stay internal.
 */
export async function reviewDocument(
  ctx: AppContext,
  caller: Caller,
  id: string,
  docId: string,
  input: Review,
): Promise<ApplicationDocument> {
  return ctx.db.transaction(async (tx) => {
    const app = await lockApplication(tx, caller.orgId, id);
    // Two reviewers may have the application open: a decision taken on a document someone changed since is refused.
    const scope = and(
      eq(vendorApplicationDocuments.orgId, caller.orgId),
      eq(vendorApplicationDocuments.applicationId, id),
      eq(vendorApplicationDocuments.id, docId),
    );
    await lockUnchanged(tx, vendorApplicationDocuments, scope, input.expectedUpdatedAt);
    const before = await repo.findDocument(tx, caller.orgId, id, docId);
    if (!before) throw notFound('Document');
    const status = input.status ?? before.status;
    // A new decision starts without the note of the previous one, unless it brings its own.
    const note = input.statusNote !== undefined ? input.statusNote?.trim() || null : status !== before.status ? null : before.statusNote;
    if (status === 'declined' && !note) {
      throw new AppError(422, 'validation_failed', 'statusNote: say why the document is declined', [
        { field: 'statusNote', message: 'is required to decline a document' },
      ]);
    }
    const expiresOn = input.expiresOn === undefined ? before.expiresOn : input.expiresOn;
    const row = await repo.updateDocument(tx, docId, { status, statusNote: note, expiresOn });
    const declined = status === 'declined';
    await insertEvent(tx, app, staffActor(caller), {
      kind: 'document_review',
      fromStatus: null,
      toStatus: null,
      message: declined ? `${row.fileName}: ${note}` : `${row.fileName}: ${status}${note ? ` (${note})` : ''}`,
      visibleToApplicant: declined,
    });
    await repo.touchApplication(tx, app.id);
    await recordAudit(tx, caller, {
      action: 'application.document_review',
      entityType: 'vendor_application_document',
      entityId: docId,
      before,
      after: row,
    });
    return toDocument(row);
  });
}

export async function documentUrl(
  ctx: AppContext,
  caller: Caller,
  id: string,
  docId: string,
): Promise<{ url: string; expiresIn: number; mimeType: string }> {
  if (!(await repo.findApplication(ctx.db, caller.orgId, id))) throw notFound('Application');
  const row = await repo.findDocument(ctx.db, caller.orgId, id, docId);
  if (!row) throw notFound('Document');
  if (!(await findObject(ctx.db, row.bucketId, row.objectPath)))
    throw new AppError(404, 'not_found', 'The file of this document is no longer stored');
  return {
    url: await signedObjectUrl(ctx, row.bucketId, row.objectPath, DOCUMENT_LINK_SECONDS),
    expiresIn: DOCUMENT_LINK_SECONDS,
    mimeType: row.mimeType,
  };
}
