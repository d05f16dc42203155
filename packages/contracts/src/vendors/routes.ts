import { z } from 'zod';
import { defineRoute } from '../common/route.js';
import {
  vendorCategoriesSchema,
  vendorCreateSchema,
  vendorDocumentCreateSchema,
  vendorDocumentSchema,
  vendorDocumentUpdateSchema,
  vendorDocumentUrlSchema,
  vendorListQuery,
  vendorPageSchema,
  vendorSchema,
  vendorStatusChangeSchema,
  vendorUpdateSchema,
  vendorUserLinkSchema,
  vendorUserSchema,
} from './schemas.js';

export * from './schemas.js';

const access = { permission: 'vendor_management' } as const;
const idParams = z.object({ id: z.uuid('must be a vendor id') }).strict();
const userParams = z.object({ id: z.uuid('must be a vendor id'), userId: z.uuid('must be a user id') }).strict();
const docParams = z.object({ id: z.uuid('must be a vendor id'), docId: z.uuid('must be a document id') }).strict();
const ok = z.object({ ok: z.literal(true) });

export const listVendors = defineRoute({
  method: 'GET',
  path: '/vendors',
  tag: 'vendors',
  summary:
    'Vendors of the organization, filtered (type, status, category, search, expiring documents) and paged (at most 100 per page) with the total count',
  access,
  query: vendorListQuery,
  response: vendorPageSchema,
});
export const getVendor = defineRoute({
  method: 'GET',
  path: '/vendors/:id',
  tag: 'vendors',
  summary: 'One vendor with its categories, documents and linked user accounts',
  access,
  params: idParams,
  response: vendorSchema,
});
export const createVendor = defineRoute({
  method: 'POST',
  path: '/vendors',
  tag: 'vendors',
  summary: 'Add a vendor by hand; junior vendors need a date of birth (age 8 to 17) and a guardian with consent',
  access,
  body: vendorCreateSchema,
  response: vendorSchema,
  status: 201,
});
export const updateVendor = defineRoute({
  method: 'PATCH',
  path: '/vendors/:id',
  tag: 'vendors',
  summary: 'Change a vendor (its type is fixed)',
  access,
  params: idParams,
  body: vendorUpdateSchema,
  response: vendorSchema,
});
export const changeVendorStatus = defineRoute({
  method: 'POST',
  path: '/vendors/:id/status',
  tag: 'vendors',
  summary: 'Activate, suspend or blocklist a vendor; suspending and blocklisting need a reason',
  access,
  params: idParams,
  body: vendorStatusChangeSchema,
  response: vendorSchema,
});
export const setVendorCategories = defineRoute({
  method: 'PUT',
  path: '/vendors/:id/categories',
  tag: 'vendors',
  summary: "Replace a vendor's market categories (categories of the organization only)",
  access,
  params: idParams,
  body: vendorCategoriesSchema,
  response: vendorSchema,
});
export const linkVendorUser = defineRoute({
  method: 'POST',
  path: '/vendors/:id/users',
  tag: 'vendors',
  summary: 'Link a user account of the organization, by e-mail, to act for the vendor (a user acts for at most one vendor)',
  access,
  params: idParams,
  body: vendorUserLinkSchema,
  response: vendorUserSchema,
  status: 201,
});
export const unlinkVendorUser = defineRoute({
  method: 'DELETE',
  path: '/vendors/:id/users/:userId',
  tag: 'vendors',
  summary: 'Stop a user account acting for the vendor',
  access,
  params: userParams,
  response: ok,
});
export const addVendorDocument = defineRoute({
  method: 'POST',
  path: '/vendors/:id/documents',
  tag: 'vendors',
  summary:
    "Register a file already uploaded to the organization's documents bucket as a vendor document (type and size come from the stored file)",
  access,
  params: idParams,
  body: vendorDocumentCreateSchema,
  response: vendorDocumentSchema,
  status: 201,
});
export const updateVendorDocument = defineRoute({
  method: 'PATCH',
  path: '/vendors/:id/documents/:docId',
  tag: 'vendors',
  summary: 'Review a vendor document (pending, valid, or declined with a note) or correct its type and dates',
  access,
  params: docParams,
  body: vendorDocumentUpdateSchema,
  response: vendorDocumentSchema,
});
export const deleteVendorDocument = defineRoute({
  method: 'DELETE',
  path: '/vendors/:id/documents/:docId',
  tag: 'vendors',
  summary: 'Remove a vendor document',
  access,
  params: docParams,
  response: ok,
});
export const vendorDocumentUrl = defineRoute({
  method: 'GET',
  path: '/vendors/:id/documents/:docId/url',
  tag: 'vendors',
  summary: 'A short-lived signed link to download a vendor document',
  access,
  params: docParams,
  response: vendorDocumentUrlSchema,
});
