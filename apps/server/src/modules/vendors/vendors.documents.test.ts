import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import { ensureOrgBuckets, orgBucketIds } from '../storage/storage.service.js';
import { bearer, createOrg, createUser, tokenFor } from '../../../test/factories.js';
import { createBucket, createDocumentRow, createObject, createVendorRow } from '../../../test/factories/vendors.js';
import { sendCurrentVersions } from '../../../test/lib/current-versions.js';
import { createTestApp, driver, type TestContext } from '../../../test/harness.js';
import { addDays, todayUtc } from '../../lib/dates.js';

let t: TestContext;
let orgA: { id: string; slug: string };
let staff: Record<string, string>;
let docsA: string;
let publicA: string;
let docsB: string;

let dataDir: string;
let otherA: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'vendor-docs-'));
  t = await createTestApp({ dataDir });
  sendCurrentVersions(t.app);
  orgA = await createOrg(t.app);
  const orgB = await createOrg(t.app);
  staff = bearer(await tokenFor(t.app, await createUser(t.app, { orgId: orgA.id, role: 'vendor_manager' })));
  await ensureOrgBuckets(t.app.ctx.db, orgA);
  await ensureOrgBuckets(t.app.ctx.db, orgB);
  ({ documents: docsA, public: publicA } = orgBucketIds(orgA.slug));
  docsB = orgBucketIds(orgB.slug).documents;
  otherA = await createBucket(t.app, orgA.id);
});
afterAll(async () => {
  await t?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

const today = todayUtc();
const register = (vendorId: string, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/v1/vendors/${vendorId}/documents`, headers: staff, payload: body });
const fieldsOf = (res: { json(): { error: { fields?: { field: string }[] } } }) => (res.json().error.fields ?? []).map((f) => f.field);

describe(`vendor documents (${driver})`, () => {
  it('registers a file uploaded through storage with the type and size storage recorded, and signs a link to it', async () => {
    const v = await createVendorRow(t.app, orgA.id);
    const objectPath = `vendors/${v.id}/0b1c-insurance.pdf`;
    // The client lies about the type; storage sniffs the content.
    const up = await t.app.inject({
      method: 'POST',
      url: `/storage/v1/object/${docsA}/${objectPath}`,
      headers: { ...staff, 'content-type': 'application/octet-stream' },
      payload: PDF,
    });
    expect(up.statusCode, up.body).toBe(200);
    const res = await register(v.id, {
      docType: 'insurance',
      bucketId: docsA,
      objectPath,
      fileName: 'insurance.pdf',
      issuedOn: '2025-01-01',
      expiresOn: addDays(today, 400),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      docType: 'insurance',
      mimeType: 'application/pdf',
      sizeBytes: PDF.length,
      status: 'pending',
      reviewStatus: 'pending',
      expiresSoon: false,
      fileName: 'insurance.pdf',
    });
    const extra = await register(v.id, { docType: 'permit', bucketId: docsA, objectPath, fileName: 'x.pdf', mimeType: 'text/plain' });
    expect(extra.statusCode).toBe(422);
    expect(fieldsOf(extra)).toEqual(['mimeType']);
    const twice = await register(v.id, { docType: 'permit', bucketId: docsA, objectPath, fileName: 'again.pdf' });
    expect(twice.statusCode).toBe(409);
    expect(fieldsOf(twice)).toEqual(['objectPath']);
    const audits = await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, res.json().id));
    expect(audits.map((a) => a.action)).toEqual(['create']);

    const link = await t.app.inject({ url: `/api/v1/vendors/${v.id}/documents/${res.json().id}/url`, headers: staff });
    expect(link.statusCode).toBe(200);
    expect(link.json().url).toMatch(new RegExp(`^/storage/v1/object/sign/${docsA}/vendors/${v.id}/0b1c-insurance\\.pdf\\?token=`));
    const file = await t.app.inject({ url: link.json().url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    expect(file.rawPayload.equals(PDF)).toBe(true);
    // Tampering with the path breaks the signature.
    expect((await t.app.inject({ url: link.json().url.replace('insurance.pdf', 'other.pdf') })).statusCode).toBeGreaterThanOrEqual(400);
  });

  it('registers the stored metadata for images too, never the client values', async () => {
    const v = await createVendorRow(t.app, orgA.id);
    const key = await createObject(t.app, docsA, orgA.id, { path: `vendors/${v.id}/abc-permit.png`, mimetype: 'image/png', size: 2048 });
    const res = await register(v.id, { docType: 'permit', bucketId: docsA, objectPath: key, fileName: 'permit.png' });
    expect(res.json()).toMatchObject({ mimeType: 'image/png', sizeBytes: 2048 });
  });

  it("refuses a public bucket, another organization's bucket, an unknown bucket and a missing object", async () => {
    const v = await createVendorRow(t.app, orgA.id);
    const inPublic = await createObject(t.app, publicA, orgA.id);
    const inB = await createObject(t.app, docsB, null);
    const inOther = await createObject(t.app, otherA, orgA.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ bucketId: publicA, objectPath: inPublic }, 'bucketId'],
      [{ bucketId: otherA, objectPath: inOther }, 'bucketId'],
      [{ bucketId: docsB, objectPath: inB }, 'bucketId'],
      [{ bucketId: 'no-such-bucket', objectPath: 'a.pdf' }, 'bucketId'],
      [{ bucketId: docsA, objectPath: `vendors/${v.id}/never-uploaded.pdf` }, 'objectPath'],
      [{ bucketId: docsA, objectPath: inB }, 'objectPath'],
    ];
    for (const [body, field] of cases) {
      const res = await register(v.id, { docType: 'insurance', fileName: 'a.pdf', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(fieldsOf(res)).toEqual([field]);
    }
    const key = await createObject(t.app, docsA, orgA.id);
    const dates = await register(v.id, {
      docType: 'insurance',
      bucketId: docsA,
      objectPath: key,
      fileName: 'a.pdf',
      issuedOn: '2026-02-01',
      expiresOn: '2026-01-31',
    });
    expect(dates.statusCode).toBe(422);
    expect(fieldsOf(dates)).toEqual(['expiresOn']);
    expect((await t.app.inject({ url: `/api/v1/vendors/${v.id}`, headers: staff })).json().documents).toEqual([]);
  });

  it('reports expired documents as expired and flags those expiring within 30 days', async () => {
    const v = await createVendorRow(t.app, orgA.id);
    const add = (expiresOn: string | null, status: 'pending' | 'valid' | 'declined' = 'valid') =>
      createDocumentRow(t.app, orgA.id, v.id, { expiresOn, status });
    const yesterday = await add(addDays(today, -1));
    const todayDoc = await add(today);
    const in30 = await add(addDays(today, 30));
    const in31 = await add(addDays(today, 31));
    const none = await add(null);
    const declinedPast = await add(addDays(today, -5), 'declined');
    const res = (await t.app.inject({ url: `/api/v1/vendors/${v.id}`, headers: staff })).json();
    const byId = new Map(res.documents.map((d: { id: string }) => [d.id, d]));
    expect(byId.get(yesterday.id)).toMatchObject({ status: 'expired', reviewStatus: 'valid', expiresSoon: false });
    expect(byId.get(todayDoc.id)).toMatchObject({ status: 'valid', expiresSoon: true });
    expect(byId.get(in30.id)).toMatchObject({ status: 'valid', expiresSoon: true });
    expect(byId.get(in31.id)).toMatchObject({ status: 'valid', expiresSoon: false });
    expect(byId.get(none.id)).toMatchObject({ status: 'valid', expiresSoon: false });
    expect(byId.get(declinedPast.id)).toMatchObject({ status: 'declined', expiresSoon: false });
    expect(res.documentSummary).toEqual({ total: 6, expiringSoon: 2, expired: 1 });
    const listed = (await t.app.inject({ url: `/api/v1/vendors?q=${encodeURIComponent(v.publicName)}`, headers: staff })).json();
    expect(listed.items[0].documentSummary).toEqual({ total: 6, expiringSoon: 2, expired: 1 });
    // Correcting the expiry date brings the stored decision back.
    const fixed = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/vendors/${v.id}/documents/${yesterday.id}`,
      headers: staff,
      payload: { expiresOn: addDays(today, 365) },
    });
    expect(fixed.json()).toMatchObject({ status: 'valid', expiresSoon: false });
  });

  it('reviews documents: declining needs a note, a new decision drops the old note, dates stay ordered', async () => {
    const v = await createVendorRow(t.app, orgA.id);
    const d = await createDocumentRow(t.app, orgA.id, v.id, { issuedOn: '2026-01-10' });
    const patch = (body: Record<string, unknown>) =>
      t.app.inject({ method: 'PATCH', url: `/api/v1/vendors/${v.id}/documents/${d.id}`, headers: staff, payload: body });
    const noNote = await patch({ status: 'declined' });
    expect(noNote.statusCode).toBe(422);
    expect(fieldsOf(noNote)).toEqual(['statusNote']);
    expect((await patch({ status: 'expired' })).statusCode).toBe(422);
    const declined = await patch({ status: 'declined', statusNote: 'Photo is unreadable' });
    expect(declined.json()).toMatchObject({ status: 'declined', statusNote: 'Photo is unreadable' });
    expect((await patch({ statusNote: '' })).statusCode).toBe(422);
    const valid = await patch({ status: 'valid' });
    expect(valid.json()).toMatchObject({ status: 'valid', statusNote: null });
    const early = await patch({ expiresOn: '2026-01-09' });
    expect(fieldsOf(early)).toEqual(['expiresOn']);
    expect((await patch({ docType: 'food_hygiene', expiresOn: '2099-01-10' })).json()).toMatchObject({
      docType: 'food_hygiene',
      expiresOn: '2099-01-10',
    });
    const audits = await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, d.id)).orderBy(auditLog.createdAt);
    expect(audits.map((a) => a.action)).toEqual(['review', 'review', 'update']);
  });

  it('removes a document of the vendor only', async () => {
    const v = await createVendorRow(t.app, orgA.id);
    const other = await createVendorRow(t.app, orgA.id);
    const d = await createDocumentRow(t.app, orgA.id, v.id, { bucketId: docsA });
    // The row points at no stored file: no link to hand out.
    expect((await t.app.inject({ url: `/api/v1/vendors/${v.id}/documents/${d.id}/url`, headers: staff })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/v1/vendors/${other.id}/documents/${d.id}/url`, headers: staff })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/vendors/${other.id}/documents/${d.id}`, headers: staff })).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/v1/vendors/${other.id}/documents/${d.id}`,
          headers: staff,
          payload: { status: 'valid' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/vendors/${v.id}/documents/${d.id}`, headers: staff })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/vendors/${v.id}/documents/${d.id}`, headers: staff })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ url: `/api/v1/vendors/${v.id}`, headers: staff })).json().documents).toEqual([]);
  });
});
