import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assets, auditLog, objects } from '../../db/schema/index.js';
import { LocalBlobStore } from '../../lib/blob-store.js';
import { AppError } from '../../lib/errors.js';
import { createOrg } from '../../../test/factories.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { ingestAsset } from './assets.ingest.js';

let t: TestContext;
let dir: string;
let store: LocalBlobStore;
let org: { id: string; slug: string };

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'assets-ingest-'));
  t = await createTestApp({ dataDir: dir });
  store = new LocalBlobStore(path.join(dir, 'storage'));
  org = await createOrg(t.app);
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

const exifJpeg = async (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: 'blue' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'secret-gps-52.52N' } })
    .toBuffer();

async function blobCount(): Promise<number> {
  const root = path.join(dir, 'storage', 'objects');
  let n = 0;
  for (const d of await readdir(root).catch(() => [])) n += (await readdir(path.join(root, d))).length;
  return n;
}
const stagingCount = async () => (await readdir(path.join(dir, 'storage', '.staging')).catch(() => [])).length;

describe('ingestAsset', () => {
  it('stores a re-encoded image, a 320 px WebP thumbnail and the asset row with checksum and size', async () => {
    const a = await ingestAsset(t.app.ctx.db, store, {
      orgId: org.id,
      orgSlug: org.slug,
      userId: null,
      folder: '/honey/jars/',
      fileName: 'jar.jpg',
      bytes: await exifJpeg(1000, 500),
      altEn: ' Jar ',
      altAr: 'جرة',
      tags: ['Honey', 'honey', ' Gift '],
    });
    expect(a).toMatchObject({
      bucketId: `${org.slug}-public`,
      path: 'honey/jars/jar.jpg',
      folder: 'honey/jars',
      fileName: 'jar.jpg',
      mimeType: 'image/jpeg',
      width: 1000,
      height: 500,
      altEn: 'Jar',
      altAr: 'جرة',
      tags: ['honey', 'gift'],
    });
    expect(a.checksum).toMatch(/^[0-9a-f]{64}$/);
    expect(a.thumbnailPath).toBe(`.thumbnails/${a.id}.webp`);
    const [obj] = await t.app.ctx.db.select().from(objects).where(eq(objects.id, a.objectId));
    const bytes = await streamToBuffer((await store.get(obj!.blobKey))!.stream);
    expect(bytes.length).toBe(a.sizeBytes);
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    expect(bytes.toString('latin1')).not.toContain('secret-gps');
    const [thumb] = await t.app.ctx.db
      .select()
      .from(objects)
      .where(and(eq(objects.bucketId, a.bucketId), eq(objects.name, a.thumbnailPath!)));
    const tmeta = await sharp(await streamToBuffer((await store.get(thumb!.blobKey))!.stream)).metadata();
    expect([tmeta.format, tmeta.width, tmeta.height]).toEqual(['webp', 320, 160]);
    const audits = await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, a.id));
    expect(audits.map((x) => x.action)).toEqual(['create']);
  });

  it('gives a second file of the same name in a folder a suffix', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: 'red' } })
      .png()
      .toBuffer();
    const base = { orgId: org.id, orgSlug: org.slug, userId: null, folder: 'dup', bytes: png };
    const a = await ingestAsset(t.app.ctx.db, store, { ...base, fileName: 'logo.png' });
    const b = await ingestAsset(t.app.ctx.db, store, { ...base, fileName: 'logo.png' });
    expect([a.fileName, b.fileName]).toEqual(['logo.png', 'logo-2.png']);
  });

  it('refuses hostile or invalid input and leaves no object, blob, staging file or row behind', async () => {
    const before = {
      blobs: await blobCount(),
      rows: (await t.app.ctx.db.select().from(assets)).length,
      objects: (await t.app.ctx.db.select().from(objects)).length,
    };
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: 'red' } })
      .png()
      .toBuffer();
    const cases: [string, Partial<Parameters<typeof ingestAsset>[2]>, number][] = [
      ['PNG named .jpg', { fileName: 'x.jpg', bytes: png }, 422],
      ['SVG', { fileName: 'x.svg', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') }, 415],
      ['empty', { fileName: 'x.png', bytes: Buffer.alloc(0) }, 400],
      ['too large', { fileName: 'x.txt', bytes: Buffer.alloc(11 * 1024 * 1024, 'a') }, 413],
      ['bad folder', { fileName: 'x.png', folder: 'a/../b', bytes: png }, 422],
      ['thumbnail folder', { fileName: 'x.png', folder: '.thumbnails', bytes: png }, 422],
      ['slash in name', { fileName: 'a/x.png', bytes: png }, 422],
      ['too many tags', { fileName: 'x.png', bytes: png, tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 422],
    ];
    for (const [label, c, status] of cases) {
      const err = await ingestAsset(t.app.ctx.db, store, {
        orgId: org.id,
        orgSlug: org.slug,
        userId: null,
        folder: '',
        fileName: 'x',
        bytes: png,
        ...c,
      }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err, label).toBeInstanceOf(AppError);
      expect((err as AppError).status, label).toBe(status);
    }
    expect(await blobCount()).toBe(before.blobs);
    expect(await stagingCount()).toBe(0);
    expect((await t.app.ctx.db.select().from(assets)).length).toBe(before.rows);
    expect((await t.app.ctx.db.select().from(objects)).length).toBe(before.objects);
  });

  it('keeps a PDF without thumbnail or dimensions', async () => {
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
      'latin1',
    );
    const a = await ingestAsset(t.app.ctx.db, store, {
      orgId: org.id,
      orgSlug: org.slug,
      userId: null,
      folder: '',
      fileName: 'spec.pdf',
      bytes: pdf,
    });
    expect(a).toMatchObject({ mimeType: 'application/pdf', thumbnailPath: null, width: null, height: null, sizeBytes: pdf.length });
  });
});

async function streamToBuffer(s: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of s) parts.push(c as Buffer);
  return Buffer.concat(parts);
}
