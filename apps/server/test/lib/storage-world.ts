import { randomUUID } from 'node:crypto';
import { STORED_ROLES } from '@market/contracts';
import sharp from 'sharp';
import type { App } from '../../src/app.js';
import { vendorUsers } from '../../src/db/schema/index.js';
import { ensureOrgBuckets, orgBucketIds } from '../../src/modules/storage/storage.access.js';
import { createOrg, createUser, tokenFor } from '../factories.js';
import { createVendorRow } from '../factories/vendors.js';

/**
 * An organization with its storage laid out as the product uses it, and every kind of storage caller:
 * the documents bucket with two vendors' folders and an applicant's upload, the public bucket with
 * the asset library and a site plan, and an extra bucket a super admin created.
 */
export interface StorageWorld {
  slug: string;
  buckets: { documents: string; public: string; extra: string };
  vendors: { own: string; other: string };
  /** Object paths seeded by the service key. */
  paths: { ownDoc: string; otherDoc: string; applicantUpload: string; libraryImage: string; sitePlan: string; extraFile: string };
  /** Request headers of each caller, by name. */
  callers: Record<string, Record<string, string>>;
}

/** The 9 stored roles, plus the callers around them. Vendor roles act for `vendors.own` unless named "unlinked". */
export const CALLER_NAMES = [
  'anonymous',
  'anon key',
  'service key',
  'no organization',
  'member without role',
  ...STORED_ROLES,
  'unlinked vendor',
  'super admin of another org',
] as const;

const VENDOR_ROLES = new Set(['market_vendor', 'junior_vendor', 'normal_vendor']);

export const pdfBytes = (): Buffer =>
  Buffer.from(
    `%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj
trailer << /Root 1 0 R >>
%%EOF
`,
    'latin1',
  );
export const pngBytes = (): Promise<Buffer> =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer();

/** Raw-body upload through /storage/v1 (what storage-js sends from Node). */
export function storagePut(
  app: App,
  headers: Record<string, string>,
  bucket: string,
  path: string,
  body: Buffer,
  type: string,
  method: 'POST' | 'PUT' = 'POST',
) {
  return app.inject({ method, url: `/storage/v1/object/${bucket}/${path}`, headers: { ...headers, 'content-type': type }, payload: body });
}

export async function createStorageWorld(app: App): Promise<StorageWorld> {
  const keys = app.ctx.keys;
  const user = async (orgId: string | null, role: string | null) => {
    const u = await createUser(app, { orgId, role });
    return { id: u.id, headers: { authorization: `Bearer ${await tokenFor(app, u)}`, apikey: keys.anon } };
  };
  const org = await createOrg(app);
  const otherOrg = await createOrg(app);
  await ensureOrgBuckets(app.ctx.db, org);
  await ensureOrgBuckets(app.ctx.db, otherOrg);
  const own = await createVendorRow(app, org.id);
  const other = await createVendorRow(app, org.id);

  const callers: Record<string, Record<string, string>> = {
    anonymous: {},
    'anon key': { authorization: `Bearer ${keys.anon}`, apikey: keys.anon },
    'service key': { authorization: `Bearer ${keys.service}`, apikey: keys.service },
    'no organization': (await user(null, null)).headers,
    'member without role': (await user(org.id, null)).headers,
  };
  for (const role of STORED_ROLES) {
    const u = await user(org.id, role);
    if (VENDOR_ROLES.has(role)) await app.ctx.db.insert(vendorUsers).values({ orgId: org.id, vendorId: own.id, userId: u.id });
    callers[role] = u.headers;
  }
  callers['unlinked vendor'] = (await user(org.id, 'normal_vendor')).headers;
  callers['super admin of another org'] = (await user(otherOrg.id, 'super_admin')).headers;

  const ids = orgBucketIds(org.slug);
  const extra = `${org.slug}-extra`;
  const created = await app.inject({
    method: 'POST',
    url: '/storage/v1/bucket',
    headers: callers.super_admin!,
    payload: { id: extra, name: extra, public: false },
  });
  if (created.statusCode !== 200) throw new Error(`extra bucket: ${created.statusCode} ${created.body}`);

  const paths = {
    ownDoc: `vendors/${own.id}/passport.pdf`,
    otherDoc: `vendors/${other.id}/passport.pdf`,
    applicantUpload: `applications/uploads/${randomUUID()}/licence.pdf`,
    libraryImage: 'products/logo.png',
    sitePlan: 'market-locations/plan.png',
    extraFile: 'notes/plan.pdf',
  };
  const service = callers['service key']!;
  const png = await pngBytes();
  const seeds: [string, string, Buffer, string][] = [
    [ids.documents, paths.ownDoc, pdfBytes(), 'application/pdf'],
    [ids.documents, paths.otherDoc, pdfBytes(), 'application/pdf'],
    [ids.documents, paths.applicantUpload, pdfBytes(), 'application/pdf'],
    [ids.public, paths.libraryImage, png, 'image/png'],
    [ids.public, paths.sitePlan, png, 'image/png'],
    [extra, paths.extraFile, pdfBytes(), 'application/pdf'],
  ];
  for (const [bucket, path, body, type] of seeds) {
    const res = await storagePut(app, service, bucket, path, body, type);
    if (res.statusCode !== 200) throw new Error(`seed ${bucket}/${path}: ${res.statusCode} ${res.body}`);
  }
  return { slug: org.slug, buckets: { ...ids, extra }, vendors: { own: own.id, other: other.id }, paths, callers };
}
