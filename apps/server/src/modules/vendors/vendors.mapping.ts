import type { vendorsRoutes as r } from '@market/contracts';
import type { DocumentRow } from './vendors.documents.repository.js';
import type { DocumentSummaryRow, VendorCategoryRow, VendorInsert, VendorRow } from './vendors.repository.js';
import { documentState } from './vendors.rules.js';
import type { LinkedUserRow } from './vendors.users.repository.js';

export function toDocument(d: DocumentRow, today: string): r.VendorDocument {
  return {
    id: d.id,
    vendorId: d.vendorId,
    docType: d.docType,
    bucketId: d.bucketId,
    objectPath: d.objectPath,
    fileName: d.fileName,
    mimeType: d.mimeType,
    sizeBytes: d.sizeBytes,
    issuedOn: d.issuedOn,
    expiresOn: d.expiresOn,
    ...documentState(d.status, d.expiresOn, today),
    statusNote: d.statusNote,
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
  };
}

const category = (c: VendorCategoryRow) => ({ id: c.id, nameEn: c.nameEn, nameAr: c.nameAr, colour: c.colour, isActive: c.isActive });

function base(v: VendorRow, categories: VendorCategoryRow[], summary: DocumentSummaryRow | undefined) {
  return {
    id: v.id,
    vendorType: v.vendorType,
    publicName: v.publicName,
    legalName: v.legalName,
    contactName: v.contactName,
    email: v.email,
    phone: v.phone,
    status: v.status,
    statusReason: v.statusReason,
    categories: categories.map(category),
    documentSummary: { total: summary?.total ?? 0, expiringSoon: summary?.expiringSoon ?? 0, expired: summary?.expired ?? 0 },
    createdAt: v.createdAt.toISOString(),
    updatedAt: v.updatedAt.toISOString(),
  };
}

export function toListItem(
  v: VendorRow,
  categories: VendorCategoryRow[],
  summary: DocumentSummaryRow | undefined,
  users: LinkedUserRow[],
): r.VendorListItem {
  return { ...base(v, categories, summary), users: users.map((u) => ({ userId: u.userId, email: u.email })) };
}

export function toVendor(
  v: VendorRow,
  categories: VendorCategoryRow[],
  documents: DocumentRow[],
  users: LinkedUserRow[],
  today: string,
): r.Vendor {
  const docs = documents.map((d) => toDocument(d, today));
  const summary = {
    vendorId: v.id,
    total: docs.length,
    expiringSoon: docs.filter((d) => d.expiresSoon).length,
    expired: docs.filter((d) => d.status === 'expired').length,
  };
  return {
    ...base(v, categories, summary),
    address: v.address,
    descriptionEn: v.descriptionEn,
    descriptionAr: v.descriptionAr,
    website: v.website,
    social: v.social,
    registrationNumbers: v.registrationNumbers,
    dateOfBirth: v.dateOfBirth,
    guardianName: v.guardianName,
    guardianPhone: v.guardianPhone,
    guardianEmail: v.guardianEmail,
    guardianConsentAt: v.guardianConsentAt?.toISOString() ?? null,
    school: v.school,
    documents: docs,
    users: users.map((u) => ({ userId: u.userId, email: u.email, fullName: u.fullName, linkedAt: u.linkedAt.toISOString() })),
  };
}

const TEXT_FIELDS = [
  'publicName',
  'legalName',
  'contactName',
  'email',
  'phone',
  'address',
  'descriptionEn',
  'descriptionAr',
  'website',
  'dateOfBirth',
  'guardianName',
  'guardianPhone',
  'guardianEmail',
  'school',
] as const;

const compact = (o: Record<string, string | undefined>): Record<string, string> =>
  Object.fromEntries(Object.entries(o).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].trim() !== ''));

/** The columns an input sets: only the keys it carries; blank text is stored as null. */
export function toColumns(input: Omit<r.VendorUpdate, 'expectedUpdatedAt'>): Partial<VendorInsert> {
  const out: Partial<VendorInsert> = {};
  const target = out as Record<string, unknown>;
  for (const k of TEXT_FIELDS) {
    const v = input[k];
    if (v === undefined) continue;
    target[k] = v === null || v.trim() === '' ? null : v.trim();
  }
  if (input.guardianConsentAt !== undefined) out.guardianConsentAt = input.guardianConsentAt ? new Date(input.guardianConsentAt) : null;
  if (input.social) out.social = compact(input.social);
  if (input.registrationNumbers) out.registrationNumbers = compact(input.registrationNumbers);
  return out;
}
