import type { ApplicationDetail, JuniorVendorAnswers } from '@market/contracts';
import type { AppContext } from '../../app-context.js';
import type { Tx } from '../../db/client.js';
import type { Caller } from '../../lib/api-route.js';
import { conflict, isUniqueViolation } from '../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import {
  findVendor,
  findVendorDocumentByObject,
  insertVendor,
  insertVendorDocument,
  touchVendor,
  type VendorInsert,
  type VendorRow,
} from '../vendors/index.js';
import { ensureVendorAccount } from './applications.accounts.js';
import * as repo from './applications.approve.repository.js';
import { staffActor } from './applications.mapping.js';
import { changeStatus, lockApplication, type ApplicationRow } from './applications.records.js';
import { documentsOf } from './applications.repository.js';
import { assertTransition, VENDOR_OF_STREAM } from './applications.rules.js';
import { loadDetail } from './applications.service.js';
import { createWorkshopOf } from './applications.workshops.js';

export interface ApproveInput {
  marketDayId?: string;
  message?: string | null;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** The vendor record an approved application creates, from its answers. */
function vendorFromAnswers(app: ApplicationRow, vendorType: 'market' | 'junior'): VendorInsert {
  const a = app.answers as Partial<JuniorVendorAnswers>;
  const description = text(a.productsDescription);
  const instagram = text(a.instagram);
  const values: VendorInsert = {
    orgId: app.orgId,
    vendorType,
    publicName: text(a.businessName) ?? app.applicantName,
    legalName: text(a.legalName),
    contactName: app.contactName,
    email: app.email,
    phone: app.phone,
    address: text(a.address),
    website: text(a.website),
    social: instagram ? { instagram } : {},
    // What they sell, in the language they wrote it in.
    ...(app.locale === 'ar' ? { descriptionAr: description } : { descriptionEn: description }),
  };
  if (vendorType === 'junior') {
    Object.assign(values, {
      dateOfBirth: text(a.dateOfBirth),
      guardianName: text(a.guardianName),
      guardianPhone: text(a.guardianPhone),
      guardianEmail: text(a.guardianEmail),
      // The guardian consented on the form the day it was submitted.
      guardianConsentAt: app.submittedAt,
      school: text(a.school),
    });
  }
  return values;
}

/** The organization's vendor of the stream's type with the applicant's e-mail, else a new one from the answers. */
async function vendorOf(tx: Tx, caller: Caller, app: ApplicationRow, vendorType: 'market' | 'junior'): Promise<VendorRow> {
  const linked = app.vendorId ? await findVendor(tx, caller.orgId, app.vendorId) : null;
  const found = linked ?? (await repo.findVendorByEmail(tx, caller.orgId, vendorType, app.email));
  if (found?.status === 'blocklisted') {
    throw conflict(
      `The vendor ${found.publicName} with this e-mail address is blocklisted${found.statusReason ? ` (${found.statusReason})` : ''}; lift the blocklisting in the vendor directory before approving.`,
    );
  }
  if (found) return found;
  const row = await insertVendor(tx, vendorFromAnswers(app, vendorType));
  await recordAudit(tx, caller, { action: 'create', entityType: 'vendor', entityId: row.id, after: { ...row, fromApplication: app.id } });
  return row;
}

/** The application's categories and documents (except "other" papers, which vendors do not keep) go to the vendor. */
async function copyToVendor(tx: Tx, caller: Caller, app: ApplicationRow, vendor: VendorRow): Promise<void> {
  const added = await repo.addVendorCategories(tx, caller.orgId, vendor.id, await repo.applicationCategoryIds(tx, app.id));
  if (added.length)
    await recordAudit(tx, caller, {
      action: 'categories',
      entityType: 'vendor',
      entityId: vendor.id,
      after: { added, fromApplication: app.id },
    });
  for (const d of await documentsOf(tx, app.id)) {
    if (d.docType === 'other') continue;
    if (await findVendorDocumentByObject(tx, vendor.id, d.bucketId, d.objectPath)) continue;
    const row = await insertVendorDocument(tx, {
      orgId: caller.orgId,
      vendorId: vendor.id,
      docType: d.docType,
      bucketId: d.bucketId,
      objectPath: d.objectPath,
      fileName: d.fileName,
      mimeType: d.mimeType,
      sizeBytes: d.sizeBytes,
      expiresOn: d.expiresOn,
      status: d.status,
      statusNote: d.statusNote,
    });
    await recordAudit(tx, caller, {
      action: 'create',
      entityType: 'vendor_document',
      entityId: row.id,
      after: { ...row, fromApplication: app.id },
    });
  }
  await touchVendor(tx, vendor.id);
}

/**
 * Approves one application in one transaction: a vendor application gets its vendor (found by
 * e-mail or created), the vendor's user account (invited when new) and the link between them; a
 * workshop application gets its workshop on a market day with room. Any refusal leaves nothing behind.
 */
export async function approveApplication(ctx: AppContext, caller: Caller, id: string, input: ApproveInput): Promise<ApplicationRow> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const app = await lockApplication(tx, caller.orgId, id);
      // Before anything is created: an application that cannot be approved creates no vendor either.
      assertTransition(app.status, 'approved');
      if (app.stream === 'workshop') {
        await createWorkshopOf(tx, caller, app, input.marketDayId);
      } else {
        const { vendorType, role } = VENDOR_OF_STREAM[app.stream];
        const vendor = await vendorOf(tx, caller, app, vendorType);
        await copyToVendor(tx, caller, app, vendor);
        await repo.setApplicationVendor(tx, app.id, vendor.id);
        await ensureVendorAccount(ctx, tx, caller, app, role, vendor);
      }
      return changeStatus(ctx, tx, app, staffActor(caller), { to: 'approved', message: input.message?.trim() || null });
    });
  } catch (err) {
    // Two approvals creating the same vendor or account at once: the unique indexes decide, the later one retries.
    if (isUniqueViolation(err))
      throw conflict('A vendor or user account with this e-mail address was created at the same moment or cannot be reused; try again.');
    throw err;
  }
}

export async function approve(ctx: AppContext, caller: Caller, id: string, input: ApproveInput): Promise<ApplicationDetail> {
  await approveApplication(ctx, caller, id, input);
  return loadDetail(ctx.db, caller, id);
}
