import { randomUUID } from 'node:crypto';
import type { App } from '../../src/app.js';
import { buckets, objects, vendorDocuments, vendors } from '../../src/db/schema/index.js';

type VendorRow = typeof vendors.$inferSelect;

/** A market vendor of the organization, inserted directly (no API, no audit). */
export async function createVendorRow(
  app: App,
  orgId: string,
  overrides: Partial<Omit<typeof vendors.$inferInsert, 'orgId'>> = {},
): Promise<VendorRow> {
  const [row] = await app.ctx.db
    .insert(vendors)
    .values({ vendorType: 'market', publicName: `Vendor ${randomUUID().slice(0, 8)}`, ...overrides, orgId })
    .returning();
  return row!;
}

/** A storage bucket row (metadata only, no bytes), private unless told otherwise. */
export async function createBucket(app: App, orgId: string | null, opts: { id?: string; public?: boolean } = {}): Promise<string> {
  const id = opts.id ?? `b-${randomUUID().slice(0, 12)}`;
  await app.ctx.db.insert(buckets).values({ id, name: id, orgId, public: opts.public ?? false });
  return id;
}

/** A stored object row as the storage service records an upload (metadata as Supabase keeps it). */
export async function createObject(
  app: App,
  bucketId: string,
  orgId: string | null,
  opts: { path?: string; mimetype?: string; size?: number } = {},
): Promise<string> {
  const path = opts.path ?? `vendors/${randomUUID()}/insurance.pdf`;
  await app.ctx.db.insert(objects).values({
    bucketId,
    orgId,
    name: path,
    blobKey: randomUUID(),
    metadata: { mimetype: opts.mimetype ?? 'application/pdf', size: opts.size ?? 12345, contentLength: opts.size ?? 12345 },
  });
  return path;
}

/** A vendor document row inserted directly, for dates the API would not produce on its own (e.g. long expired). */
export async function createDocumentRow(
  app: App,
  orgId: string,
  vendorId: string,
  overrides: Partial<Omit<typeof vendorDocuments.$inferInsert, 'orgId' | 'vendorId'>> = {},
) {
  const [row] = await app.ctx.db
    .insert(vendorDocuments)
    .values({
      docType: 'insurance',
      bucketId: 'none',
      objectPath: `vendors/${vendorId}/${randomUUID()}.pdf`,
      fileName: 'file.pdf',
      mimeType: 'application/pdf',
      sizeBytes: 1,
      ...overrides,
      orgId,
      vendorId,
    })
    .returning();
  return row!;
}
