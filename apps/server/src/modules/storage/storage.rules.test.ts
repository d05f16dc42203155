import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorageWorld, pdfBytes, pngBytes, storagePut, type StorageWorld } from '../../../test/lib/storage-world.js';
import { createTestApp, driver, type TestContext } from '../../../test/harness.js';
import { multipart } from '../assets/assets.test-support.js';

/**
 * Issue 12 item 3: each bucket and path prefix has its own rule. The documents bucket is for
 * vendor_management (and a vendor for its own folder, read only); the public bucket for assets.
 */
let t: TestContext;
let dir: string;
let w: StorageWorld;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'storage-rules-'));
  t = await createTestApp({ dataDir: dir });
  w = await createStorageWorld(t.app);
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

const req = (method: 'GET' | 'HEAD' | 'POST' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url: `/storage/v1${url}`, headers, ...(payload ? { payload } : {}) });

describe(`storage rules per bucket and prefix (${driver})`, () => {
  it('keeps marketing and operation_manager (assets, no vendor_management) away from vendor documents and applicant uploads', async () => {
    const d = w.buckets.documents;
    for (const role of ['marketing', 'operation_manager']) {
      const h = w.callers[role]!;
      for (const key of [w.paths.ownDoc, w.paths.applicantUpload]) {
        const got = {
          read: (await req('GET', `/object/authenticated/${d}/${key}`, h)).statusCode,
          bare: (await req('GET', `/object/${d}/${key}`, h)).statusCode,
          info: (await req('GET', `/object/info/${d}/${key}`, h)).statusCode,
          head: (await req('HEAD', `/object/${d}/${key}`, h)).statusCode,
          overwrite: (await storagePut(t.app, h, d, key, pdfBytes(), 'application/pdf', 'PUT')).statusCode,
          remove: (await req('DELETE', `/object/${d}/${key}`, h)).statusCode,
          removeMany: (await req('DELETE', `/object/${d}`, h, { prefixes: [key] })).statusCode,
          sign: (await req('POST', `/object/sign/${d}/${key}`, h, { expiresIn: 60 })).statusCode,
          signUpload: (await req('POST', `/object/upload/sign/${d}/${key}`, { ...h, 'x-upsert': 'true' })).statusCode,
          list: (await req('POST', `/object/list/${d}`, h, { prefix: 'vendors' })).statusCode,
          bucket: (await req('GET', `/bucket/${d}`, h)).statusCode,
        };
        expect({ role, key, ...got }).toEqual({
          role,
          key,
          read: 403,
          bare: 403,
          info: 403,
          head: 403,
          overwrite: 403,
          remove: 403,
          removeMany: 403,
          sign: 403,
          signUpload: 403,
          list: 403,
          bucket: 403,
        });
      }
      const signMany = await req('POST', `/object/sign/${d}`, h, { expiresIn: 60, paths: [w.paths.ownDoc] });
      expect(signMany.statusCode).toBe(403);
    }
    // Still there, and still readable by someone allowed.
    const ok = await req('GET', `/object/authenticated/${d}/${w.paths.ownDoc}`, w.callers.vendor_manager!);
    expect(ok.statusCode).toBe(200);
    expect(ok.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('keeps vendor_manager (vendor_management, no assets) from overwriting, adding to or deleting from the asset library', async () => {
    const p = w.buckets.public;
    const h = w.callers.vendor_manager!;
    const png = await pngBytes();
    expect((await storagePut(t.app, h, p, w.paths.libraryImage, png, 'image/png', 'PUT')).statusCode).toBe(403);
    expect((await storagePut(t.app, h, p, 'products/new.png', png, 'image/png')).statusCode).toBe(403);
    expect((await req('DELETE', `/object/${p}/${w.paths.libraryImage}`, h)).statusCode).toBe(403);
    expect((await req('POST', '/object/upload/sign/' + `${p}/products/new.png`, h)).statusCode).toBe(403);
    // marketing holds assets and may.
    expect((await storagePut(t.app, w.callers.marketing!, p, 'products/new.png', png, 'image/png')).statusCode).toBe(200);
  });

  it('keeps product_team (products, no assets) from adding to the asset library through product media', async () => {
    const m = multipart(await pngBytes(), 'shirt.png', 'image/png');
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/v1/products/media',
      payload: m.payload,
      headers: { ...w.callers.product_team!, ...m.headers },
    });
    expect(denied.statusCode).toBe(403);
    const again = multipart(await pngBytes(), 'shirt.png', 'image/png');
    const allowed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/products/media',
      payload: again.payload,
      headers: { ...w.callers.marketing!, ...again.headers },
    });
    expect(allowed.statusCode).toBe(201);
  });

  it('checks both ends of a move or copy', async () => {
    const d = w.buckets.documents;
    const p = w.buckets.public;
    // Source readable, destination not writable.
    const out = { bucketId: d, sourceKey: w.paths.otherDoc, destinationBucket: p, destinationKey: 'products/leak.pdf' };
    expect((await req('POST', '/object/copy', w.callers.vendor_manager!, out)).statusCode).toBe(403);
    expect((await req('POST', '/object/move', w.callers.vendor_manager!, out)).statusCode).toBe(403);
    // Destination writable, source not readable.
    expect((await req('POST', '/object/copy', w.callers.marketing!, out)).statusCode).toBe(403);
    expect((await req('POST', '/object/move', w.callers.marketing!, out)).statusCode).toBe(403);
    // A vendor cannot copy another vendor's file into its own folder.
    const steal = { bucketId: d, sourceKey: w.paths.otherDoc, destinationKey: `vendors/${w.vendors.own}/stolen.pdf` };
    expect((await req('POST', '/object/copy', w.callers.market_vendor!, steal)).statusCode).toBe(403);
    // The site plan folder is written by super admins only, even by holders of assets.
    const plant = { bucketId: p, sourceKey: 'products/new.png', destinationKey: w.paths.sitePlan };
    expect((await req('POST', '/object/move', w.callers.marketing!, plant)).statusCode).toBe(403);
    expect((await storagePut(t.app, w.callers.marketing!, p, w.paths.sitePlan, await pngBytes(), 'image/png', 'PUT')).statusCode).toBe(403);
  });

  it('keeps the site plan folder out of the asset library, so holders of assets cannot rename, replace or delete plans through it', async () => {
    const h = w.callers.marketing!;
    const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url: `/api/v1${url}`, headers: h, ...(payload ? { payload } : {}) });
    const listed = await api('GET', '/assets?subfolders=true&limit=100');
    expect(listed.statusCode).toBe(200);
    const items = listed.json().items as { id: string; path: string; folder: string; updatedAt: string }[];
    expect(items.map((i) => i.folder)).not.toContain('market-locations');
    expect((await api('POST', '/assets/folders', { path: 'market-locations/x' })).statusCode).toBe(422);
    expect((await api('POST', '/assets/folders/move', { from: 'products', to: 'market-locations' })).statusCode).toBe(422);
    expect((await api('DELETE', '/assets/folders?path=market-locations')).statusCode).toBe(422);
    const m = multipart(await pngBytes(), 'plan.png', 'image/png');
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/v1/assets/upload?folder=market-locations',
      payload: m.payload,
      headers: { ...h, ...m.headers },
    });
    expect(up.statusCode).toBe(422);
    const lib = items.find((i) => i.path === w.paths.libraryImage)!;
    expect((await api('PATCH', `/assets/${lib.id}`, { folder: 'market-locations', expectedUpdatedAt: lib.updatedAt })).statusCode).toBe(
      422,
    );
    // The plan is still where the location points.
    expect((await req('GET', `/object/public/${w.buckets.public}/${w.paths.sitePlan}`, {})).statusCode).toBe(200);
  });

  it("lets a vendor account read its own vendor's folder and nothing else", async () => {
    const d = w.buckets.documents;
    const h = w.callers.market_vendor!;
    expect((await req('GET', `/object/authenticated/${d}/${w.paths.ownDoc}`, h)).statusCode).toBe(200);
    expect((await req('GET', `/object/authenticated/${d}/${w.paths.otherDoc}`, h)).statusCode).toBe(403);
    expect((await req('GET', `/object/authenticated/${d}/${w.paths.applicantUpload}`, h)).statusCode).toBe(403);
    const own = await req('POST', `/object/list/${d}`, h, { prefix: `vendors/${w.vendors.own}` });
    expect(own.statusCode).toBe(200);
    expect(own.json().map((e: { name: string }) => e.name)).toEqual(['passport.pdf']);
    expect((await req('POST', `/object/list/${d}`, h, { prefix: 'vendors' })).statusCode).toBe(403);
    expect((await req('POST', `/object/list/${d}`, h, { prefix: '' })).statusCode).toBe(403);
    // No upload flow for vendors: read only, even in their own folder.
    expect((await storagePut(t.app, h, d, `vendors/${w.vendors.own}/new.pdf`, pdfBytes(), 'application/pdf')).statusCode).toBe(403);
    // Signing is reading: own file yes, another vendor's file gets no URL.
    expect((await req('POST', `/object/sign/${d}/${w.paths.ownDoc}`, h, { expiresIn: 60 })).statusCode).toBe(200);
    expect((await req('POST', `/object/sign/${d}/${w.paths.otherDoc}`, h, { expiresIn: 60 })).statusCode).toBe(403);
    const many = await req('POST', `/object/sign/${d}`, h, { expiresIn: 60, paths: [w.paths.ownDoc, w.paths.otherDoc] });
    expect(many.json().map((e: { signedURL: string | null }) => e.signedURL !== null)).toEqual([true, false]);
    // A vendor-role account that acts for no vendor has nothing to read.
    expect((await req('GET', `/object/authenticated/${d}/${w.paths.ownDoc}`, w.callers['unlinked vendor']!)).statusCode).toBe(403);
    // Nor the public bucket's library.
    expect((await req('POST', `/object/list/${w.buckets.public}`, h, { prefix: '' })).statusCode).toBe(403);
  });

  it('keeps buckets other than the two standard ones to super admins', async () => {
    const x = w.buckets.extra;
    for (const role of ['vendor_manager_plus', 'marketing', 'vendor_manager']) {
      expect((await req('GET', `/object/authenticated/${x}/${w.paths.extraFile}`, w.callers[role]!)).statusCode).toBe(403);
      expect((await storagePut(t.app, w.callers[role]!, x, 'notes/new.pdf', pdfBytes(), 'application/pdf')).statusCode).toBe(403);
    }
    expect((await req('GET', `/object/authenticated/${x}/${w.paths.extraFile}`, w.callers.super_admin!)).statusCode).toBe(200);
    const listed = (await req('GET', '/bucket', w.callers.marketing!)).json().map((b: { id: string }) => b.id);
    expect(listed).toEqual([w.buckets.public]);
  });
});

describe(`HEAD on storage objects (${driver})`, () => {
  const SAME = [
    'content-type',
    'content-length',
    'etag',
    'cache-control',
    'last-modified',
    'content-disposition',
    'x-content-type-options',
  ];

  it('answers the same status and headers as GET, without a body, on every download route', async () => {
    const h = w.callers.vendor_manager!;
    const d = w.buckets.documents;
    const signed = (await req('POST', `/object/sign/${d}/${w.paths.ownDoc}`, h, { expiresIn: 60 })).json().signedURL as string;
    const routes: [string, Record<string, string>][] = [
      [`/object/${d}/${w.paths.ownDoc}`, h],
      [`/object/authenticated/${d}/${w.paths.ownDoc}`, h],
      [`/object/public/${w.buckets.public}/${w.paths.libraryImage}`, {}],
      [signed, {}],
    ];
    for (const [url, headers] of routes) {
      const get = await req('GET', url, headers);
      const head = await req('HEAD', url, headers);
      expect(get.statusCode, url).toBe(200);
      expect(Number(get.headers['content-length']), url).toBe(get.rawPayload.length);
      expect(get.rawPayload.length, url).toBeGreaterThan(0);
      expect({ url, status: head.statusCode, ...Object.fromEntries(SAME.map((k) => [k, head.headers[k]])) }).toEqual({
        url,
        status: get.statusCode,
        ...Object.fromEntries(SAME.map((k) => [k, get.headers[k]])),
      });
      expect(head.rawPayload.length, url).toBe(0);
    }
  });

  it('serves stored bytes as stored (no gzip), so HEAD and GET agree on the length of a text file too', async () => {
    const h = w.callers.vendor_manager!;
    const key = `applications/notes-${Date.now()}.csv`;
    const csv = Buffer.from('sku,name\n' + Array.from({ length: 200 }, (_, i) => `SKU-${i},Honey jar ${i}`).join('\n') + '\n');
    expect((await storagePut(t.app, h, w.buckets.documents, key, csv, 'text/csv')).statusCode).toBe(200);
    const url = `/object/authenticated/${w.buckets.documents}/${key}`;
    const get = await req('GET', url, { ...h, 'accept-encoding': 'gzip' });
    const head = await req('HEAD', url, { ...h, 'accept-encoding': 'gzip' });
    expect(get.headers['content-encoding']).toBeUndefined();
    expect(get.rawPayload.equals(csv)).toBe(true);
    expect([head.headers['content-length'], get.headers['content-length']]).toEqual([String(csv.length), String(csv.length)]);
    // A revalidation answers 304 for both, without a length.
    const etag = get.headers.etag as string;
    const again = await req('HEAD', url, { ...h, 'if-none-match': etag });
    expect([again.statusCode, again.headers['content-length'], again.rawPayload.length]).toEqual([304, undefined, 0]);
  });
});
