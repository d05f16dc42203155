import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createOrg, createUser, tokenFor } from '../../../test/factories.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { multipart, pngOf, productUsing } from './assets.test-support.js';
import { sendCurrentVersions } from '../../../test/lib/current-versions.js';

let t: TestContext;
let dir: string;
let org: { id: string; slug: string };
let h: Record<string, string>;
let other: Record<string, string>;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'assets-routes-'));
  t = await createTestApp({ dataDir: dir });
  sendCurrentVersions(t.app);
  org = await createOrg(t.app);
  h = bearer(await tokenFor(t.app, await createUser(t.app, { orgId: org.id, role: 'marketing' })));
  const org2 = await createOrg(t.app);
  other = bearer(await tokenFor(t.app, await createUser(t.app, { orgId: org2.id, role: 'marketing' })));
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

async function upload(file: Buffer, name: string, type: string, folder?: string, headers = h) {
  const m = multipart(file, name, type);
  const url = `/api/v1/assets/upload${folder === undefined ? '' : `?folder=${encodeURIComponent(folder)}`}`;
  return t.app.inject({ method: 'POST', url, payload: m.payload, headers: { ...headers, ...m.headers } });
}
const get = (url: string, headers = h) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
const send = (method: 'PATCH' | 'POST' | 'DELETE', url: string, payload?: unknown, headers = h) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

describe('asset library routes', () => {
  let red: { id: string; url: string; thumbnailUrl: string };
  let blue: { id: string };

  it('uploads files into folders with thumbnails served by the public storage URL', async () => {
    const a = await upload(await pngOf(800, 400, 'red'), 'Red Banner.png', 'image/png', 'banners/summer');
    expect(a.statusCode, a.body).toBe(201);
    red = a.json();
    expect(red).toMatchObject({ folder: 'banners/summer', fileName: 'Red Banner.png', mimeType: 'image/png', width: 800, height: 400 });
    expect(red.url).toBe(`/storage/v1/object/public/${org.slug}-public/banners/summer/Red%20Banner.png`);
    const thumb = await t.app.inject({ method: 'GET', url: red.thumbnailUrl });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.headers['x-content-type-options']).toBe('nosniff');
    const b = await upload(await pngOf(10, 10, 'blue'), 'blue.png', 'image/png', 'banners');
    blue = b.json();
    expect(
      (
        await upload(
          Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
          'sheet.pdf',
          'application/pdf',
        )
      ).statusCode,
    ).toBe(201);
    expect((await upload(Buffer.from('not an image'), 'x.png', 'image/png')).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/assets/upload', headers: h, payload: { a: 1 } })).statusCode).toBe(415);
  });

  it('lists newest first, filters by folder (with subfolders), type and tag, searches alt text in Arabic, pages and sorts', async () => {
    const all = (await get('/assets')).json();
    expect(all.total).toBe(3);
    expect(all.items[0].fileName).toBe('sheet.pdf');
    expect((await get('/assets?folder=banners')).json().items.map((a: { id: string }) => a.id)).toEqual([blue.id]);
    expect((await get('/assets?folder=banners&subfolders=true')).json().total).toBe(2);
    expect((await get('/assets?type=pdf')).json().total).toBe(1);
    expect((await get('/assets?type=image&sort=size_asc')).json().items[0].id).toBe(blue.id);
    expect((await get('/assets?sort=name_asc')).json().items.map((a: { fileName: string }) => a.fileName)).toEqual([
      'blue.png',
      'Red Banner.png',
      'sheet.pdf',
    ]);
    const paged = (await get('/assets?limit=2&page=2')).json();
    expect([paged.items.length, paged.page, paged.total]).toEqual([1, 2, 3]);

    const patched = await send('PATCH', `/assets/${red.id}`, {
      altEn: 'Summer sale',
      altAr: 'تخفيضات الصيف',
      tags: ['Sale', 'sale', 'Summer '],
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().tags).toEqual(['sale', 'summer']);
    expect((await get(`/assets?q=${encodeURIComponent('الصيف')}`)).json().items.map((a: { id: string }) => a.id)).toEqual([red.id]);
    expect((await get('/assets?q=SUMMER')).json().total).toBe(1);
    expect((await get('/assets?tag=sale')).json().items.map((a: { id: string }) => a.id)).toEqual([red.id]);
    expect((await get('/assets/tags')).json()).toEqual([
      { tag: 'sale', count: 1 },
      { tag: 'summer', count: 1 },
    ]);
    expect((await send('PATCH', `/assets/${red.id}`, { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) })).statusCode).toBe(422);
    expect((await send('PATCH', `/assets/${red.id}`, { tags: ['x'.repeat(41)] })).statusCode).toBe(422);
  });

  it('creates, lists, renames and deletes folders; moving an asset moves its storage object', async () => {
    expect((await send('POST', '/assets/folders', { path: 'archive' })).statusCode).toBe(201);
    expect((await send('POST', '/assets/folders', { path: 'archive' })).statusCode).toBe(409);
    expect((await send('POST', '/assets/folders', { path: 'banners' })).statusCode).toBe(409);
    expect((await send('POST', '/assets/folders', { path: '../x' })).statusCode).toBe(422);
    const folders = (await get('/assets/folders')).json();
    expect(folders).toEqual([
      { path: 'archive', name: 'archive', parent: null, count: 0, total: 0 },
      { path: 'banners', name: 'banners', parent: null, count: 1, total: 2 },
      { path: 'banners/summer', name: 'summer', parent: 'banners', count: 1, total: 1 },
    ]);

    const moved = await send('PATCH', `/assets/${blue.id}`, { folder: 'archive', fileName: 'blue-old.png' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().path).toBe('archive/blue-old.png');
    expect((await t.app.inject({ method: 'GET', url: moved.json().url })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/storage/v1/object/public/${org.slug}-public/banners/blue.png` })).statusCode).toBe(
      404,
    );
    expect((await send('PATCH', `/assets/${blue.id}`, { fileName: 'blue-old.pdf' })).statusCode).toBe(422);

    expect((await send('DELETE', '/assets/folders?path=archive')).statusCode).toBe(409);
    const ren = await send('POST', '/assets/folders/move', { from: 'banners', to: 'campaigns/2026' });
    expect(ren.statusCode, ren.body).toBe(200);
    const r = (await get(`/assets/${red.id}`)).json();
    expect([r.folder, r.path]).toEqual(['campaigns/2026/summer', 'campaigns/2026/summer/Red Banner.png']);
    expect((await t.app.inject({ method: 'GET', url: r.url })).statusCode).toBe(200);
    expect((await send('POST', '/assets/folders/move', { from: 'campaigns', to: 'campaigns/x' })).statusCode).toBe(422);
    expect((await send('POST', '/assets/folders/move', { from: 'nothing', to: 'else' })).statusCode).toBe(404);

    expect((await send('PATCH', `/assets/${blue.id}`, { folder: '' })).statusCode).toBe(200);
    expect((await send('DELETE', '/assets/folders?path=archive')).statusCode).toBe(200);
    expect((await get('/assets/folders')).json().map((f: { path: string }) => f.path)).toEqual([
      'campaigns',
      'campaigns/2026',
      'campaigns/2026/summer',
    ]);
  });

  it('shows where an asset is used and refuses to delete it while used', async () => {
    const p1 = await productUsing(t.app, org.id, { media: red.id });
    const p2 = await productUsing(t.app, org.id, { value: red.id });
    await productUsing(t.app, org.id, { value: { en: blue.id, ar: '' } });
    const d = (await get(`/assets/${red.id}`)).json();
    expect(d.usedBy.map((u: { productId: string; usedAs: string[] }) => [u.productId, u.usedAs]).sort()).toEqual(
      [
        [p1.id, ['media']],
        [p2.id, ['attribute']],
      ].sort(),
    );
    const del = await send('DELETE', `/assets/${red.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().error.message).toContain('used by 2 products');
    expect((await send('DELETE', `/assets/${blue.id}`)).json().error.message).toContain('used by 1 product');
  });

  it('deletes an unused asset with its object and thumbnail', async () => {
    const a = (await upload(await pngOf(30, 30, 'green'), 'green.png', 'image/png')).json();
    expect((await send('DELETE', `/assets/${a.id}`)).statusCode).toBe(200);
    expect((await get(`/assets/${a.id}`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: a.url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: a.thumbnailUrl })).statusCode).toBe(404);
  });

  it("discards an unsaved product upload: only the uploader's own, never one in use; the next upload keeps its name", async () => {
    const uploadMedia = async (name: string, headers = h) => {
      const up = multipart(await pngOf(20, 20, 'purple'), name, 'image/png');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/products/media',
        payload: up.payload,
        headers: { ...headers, ...up.headers },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: string; fileName: string };
    };
    const first = await uploadMedia('draft-shot.png');
    expect(first.fileName).toBe('draft-shot.png');
    expect((await send('DELETE', `/products/media/${first.id}`)).statusCode).toBe(200);
    expect((await get(`/assets/${first.id}`)).statusCode).toBe(404);
    // Nothing left behind: the same file uploads again under its own name, not "-2".
    const again = await uploadMedia('draft-shot.png');
    expect(again.fileName).toBe('draft-shot.png');

    // Used by a product (saved meanwhile, or in another product): refused, kept.
    await productUsing(t.app, org.id, { media: again.id });
    const used = await send('DELETE', `/products/media/${again.id}`);
    expect(used.statusCode).toBe(409);
    expect((await get(`/assets/${again.id}`)).statusCode).toBe(200);

    // Someone else's upload, or a library file outside the product uploads, is not this route's to remove.
    const colleague = bearer(await tokenFor(t.app, await createUser(t.app, { orgId: org.id, role: 'marketing' })));
    const theirs = await uploadMedia('theirs.png', colleague);
    expect((await send('DELETE', `/products/media/${theirs.id}`)).statusCode).toBe(404);
    const library = (await upload(await pngOf(20, 20, 'navy'), 'library.png', 'image/png')).json();
    expect((await send('DELETE', `/products/media/${library.id}`)).statusCode).toBe(404);
    expect((await send('DELETE', `/products/media/${theirs.id}`, undefined, colleague)).statusCode).toBe(200);
    expect((await send('DELETE', `/products/media/${library.id}`, undefined, other)).statusCode).toBe(404);
  });

  it("keeps organizations apart: another organization's asset is not found", async () => {
    expect((await get(`/assets/${red.id}`, other)).statusCode).toBe(404);
    expect((await send('PATCH', `/assets/${red.id}`, { altEn: 'x' }, other)).statusCode).toBe(404);
    expect((await send('DELETE', `/assets/${red.id}`, undefined, other)).statusCode).toBe(404);
    expect((await get('/assets', other)).json().total).toBe(0);
    expect((await get('/assets/folders', other)).json()).toEqual([]);
  });

  it('serves the product media picker and upload (permission products)', async () => {
    const up = multipart(await pngOf(50, 50, 'yellow'), 'jar.png', 'image/png');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/products/media',
      payload: up.payload,
      headers: { ...h, ...up.headers },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(Object.keys(res.json()).sort()).toEqual(['altAr', 'altEn', 'fileName', 'id', 'mimeType', 'thumbnailUrl']);
    const opts = (await get('/products/asset-options?q=jar')).json();
    expect(opts.map((o: { id: string }) => o.id)).toEqual([res.json().id]);
    expect((await get(`/products/asset-options?q=${encodeURIComponent('تخفيضات')}`)).json().map((o: { id: string }) => o.id)).toEqual([
      red.id,
    ]);
  });
});
