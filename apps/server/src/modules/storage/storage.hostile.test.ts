import { readdir } from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objects } from '../../db/schema/index.js';
import { driver } from '../../../test/harness.js';
import { accessToken, jpeg, pdf, png, rawRequest, signedInMember, startStorageApp, type Member, type StorageEnv } from './storage.test-support.js';

/** R12: hostile uploads are refused, or neutralised by re-encoding; nothing hostile is stored as sent. */
let env: StorageEnv;
let m: Member;

beforeAll(async () => {
  env = await startStorageApp();
  m = await signedInMember(env, 'vendor_manager');
});
afterAll(async () => env?.close());

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}

/** A few hundred bytes whose header claims 60000 x 60000 pixels (3.6 gigapixels once decoded). */
function pixelBomb(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(60_000, 0);
  ihdr.writeUInt32BE(60_000, 4);
  ihdr[8] = 8;
  const idat = zlib.deflateSync(Buffer.alloc(60_001 * 4));
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([sig, pngChunk('IHDR', ihdr), pngChunk('IDAT', idat), pngChunk('IEND', Buffer.alloc(0))]);
}

const zip = () => Buffer.concat([Buffer.from('PK\x03\x04\x14\x00\x00\x00\x00\x00', 'latin1'), Buffer.alloc(30), Buffer.from('PK\x05\x06', 'latin1'), Buffer.alloc(18)]);
const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>';

interface Case {
  label: string;
  path: string;
  body: Buffer;
  type: string;
  /** The status it is refused with; or neutralise: stored, but only re-encoded. */
  refuse?: 400 | 413 | 415 | 422;
  neutralise?: boolean;
}

async function corpus(): Promise<Case[]> {
  const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: 'red' } }).gif().toBuffer();
  const exifJpeg = await sharp(await jpeg(16, 16))
    .jpeg()
    .withExif({ IFD0: { Copyright: 'secret-gps-52.52N', ImageDescription: '<script>alert(1)</script>' } })
    .toBuffer();
  const plainPng = await png();
  const pngWithScript = Buffer.concat([plainPng.subarray(0, 33), pngChunk('tEXt', Buffer.from('Comment\0<script>alert(1)</script>', 'latin1')), plainPng.subarray(33)]);
  return [
    { label: 'PNG bytes named .jpg', path: 'h/photo.jpg', body: plainPng, type: 'image/jpeg', refuse: 422 },
    { label: 'PNG bytes named .pdf, type unknown', path: 'h/scan.pdf', body: plainPng, type: 'application/octet-stream', refuse: 422 },
    { label: 'JPEG bytes declared PNG', path: 'h/photo.png', body: await jpeg(), type: 'image/png', refuse: 422 },
    { label: 'PNG declared as SVG', path: 'h/logo.png', body: plainPng, type: 'image/svg+xml', refuse: 415 },
    { label: 'SVG with script', path: 'h/logo.svg', body: Buffer.from(svg), type: 'image/svg+xml', refuse: 415 },
    { label: 'SVG named .png', path: 'h/logo2.png', body: Buffer.from(svg), type: 'image/png', refuse: 415 },
    { label: 'SVG with XML declaration as text', path: 'h/logo.txt', body: Buffer.from(`<?xml version="1.0"?>${svg}`), type: 'text/plain', refuse: 415 },
    { label: 'HTML', path: 'h/page.html', body: Buffer.from('<!doctype html><script>alert(1)</script>'), type: 'text/html', refuse: 415 },
    { label: 'HTML as text', path: 'h/notes.txt', body: Buffer.from(' \n<html><body onload="alert(1)">'), type: 'text/plain', refuse: 415 },
    { label: 'text with a script tag', path: 'h/notes2.txt', body: Buffer.from('hello\n<script>alert(1)</script>'), type: 'text/plain', refuse: 415 },
    { label: 'GIF header + JavaScript polyglot', path: 'h/poly.gif', body: Buffer.from('GIF89a=1;alert(document.domain)//' + 'A'.repeat(64)), type: 'image/gif', refuse: 422 },
    { label: 'GIF + appended script', path: 'h/appended.gif', body: Buffer.concat([gif, Buffer.from('<script>alert(1)</script>')]), type: 'image/gif', neutralise: true },
    { label: 'PDF + ZIP polyglot', path: 'h/poly.pdf', body: Buffer.concat([pdf(), zip()]), type: 'application/pdf', refuse: 422 },
    { label: 'ZIP inside a PDF', path: 'h/poly2.pdf', body: Buffer.from(pdf().toString('latin1').replace('%%EOF', `%${zip().toString('latin1')}\n%%EOF`), 'latin1'), type: 'application/pdf', refuse: 422 },
    { label: 'PDF with JavaScript', path: 'h/js.pdf', body: pdf('/OpenAction << /S /JavaScript /JS (app.alert(1)) >>'), type: 'application/pdf', refuse: 422 },
    { label: 'PDF with hex-escaped JavaScript', path: 'h/js2.pdf', body: pdf('/OpenAction << /S /J#61vaScript /J#53 (app.alert(1)) >>'), type: 'application/pdf', refuse: 422 },
    { label: 'HTML before a PDF header', path: 'h/pre.pdf', body: Buffer.concat([Buffer.from('<html><script>alert(1)</script>'), pdf()]), type: 'application/pdf', refuse: 415 },
    { label: 'pixel bomb PNG', path: 'h/bomb.png', body: pixelBomb(), type: 'image/png', refuse: 422 },
    { label: 'executable named .pdf', path: 'h/setup.pdf', body: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]), type: 'application/pdf', refuse: 415 },
    { label: 'ZIP archive', path: 'h/files.zip', body: zip(), type: 'application/zip', refuse: 415 },
    { label: 'binary named .txt', path: 'h/bin.txt', body: Buffer.from([0x00, 0x01, 0x02, 0x41, 0x42, 0x00, 0xff]), type: 'text/plain', refuse: 415 },
    { label: 'UTF-16 text', path: 'h/utf16.txt', body: Buffer.from('\ufeffhello', 'utf16le'), type: 'text/plain', refuse: 415 },
    { label: 'double extension .png.html', path: 'h/x.png.html', body: plainPng, type: 'image/png', refuse: 415 },
    { label: 'direction override in the name', path: 'h/invoice\u202Efdp.png', body: plainPng, type: 'image/png', refuse: 400 },
    { label: 'JPEG with EXIF', path: 'h/exif.jpg', body: exifJpeg, type: 'image/jpeg', neutralise: true },
    { label: 'PNG with a script in a text chunk', path: 'h/text-chunk.png', body: pngWithScript, type: 'image/png', neutralise: true },
  ];
}

/** Raw paths, sent byte for byte: each must be refused before anything is stored. */
const PATH_TRICKS = ['../x.png', 'a/../../x.png', 'a//b.png', '%2e%2e/x.png', 'a/%2E%2E/%2e%2e/b.png', 'a/./b.png', '/abs.png', 'a%5Cb.png', 'a%0Ab.png', `${'x'.repeat(1025)}.png`];

describe(`hostile uploads (R12, ${driver})`, () => {
  it('refuses or neutralises every hostile file and never stores one as sent', async () => {
    const files = m.sb.storage.from(m.buckets.documents);
    const cases = await corpus();
    let asIs = 0;
    let neutralised = 0;
    for (const c of cases) {
      const up = await files.upload(c.path, c.body, { contentType: c.type });
      if (!c.neutralise) {
        expect(up.error?.status, `${c.label}: ${up.error?.message}`).toBe(c.refuse);
        continue;
      }
      expect(up.error, c.label).toBeNull();
      const stored = Buffer.from(await (await files.download(c.path)).data!.arrayBuffer());
      if (stored.equals(c.body)) asIs++;
      else neutralised++;
      expect(stored.includes('<script>'), c.label).toBe(false);
      expect((await sharp(stored).metadata()).exif, c.label).toBeUndefined();
    }
    // Browsers send multipart forms with the type they guessed from the name.
    const form = await files.upload('h/form.png', new Blob([svg], { type: 'image/png' }));
    expect(form.error?.status).toBe(415);
    const total = cases.length + 1 + PATH_TRICKS.length;
    const exif = Buffer.from(await (await files.download('h/exif.jpg')).data!.arrayBuffer());
    expect(exif.includes('secret-gps')).toBe(false);
    const { data } = await files.createSignedUrl('h/exif.jpg', 60);
    const served = await fetch(data!.signedUrl);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-type')).toBe('image/jpeg');

    const token = await accessToken(m);
    for (const p of PATH_TRICKS) {
      const res = await rawRequest(env.url, {
        method: 'POST',
        path: `/storage/v1/object/${m.buckets.documents}/${p}`,
        headers: { authorization: `Bearer ${token}`, apikey: env.t.app.ctx.keys.anon, 'content-type': 'image/png' },
        body: await png(),
      });
      expect(res.status, p).toBe(400);
      expect(res.json, p).toMatchObject({ statusCode: '400' });
      if (res.status < 300) asIs++;
    }
    const escape = await files.move('h/exif.jpg', '../escape.jpg');
    expect(escape.error?.status).toBe(400);

    const stored = await env.t.app.ctx.db.select({ name: objects.name }).from(objects).where(eq(objects.bucketId, m.buckets.documents));
    expect(stored.map((s) => s.name).sort()).toEqual(cases.filter((c) => c.neutralise).map((c) => c.path).sort());
    expect(asIs).toBe(0);
    expect(neutralised).toBe(cases.filter((c) => c.neutralise).length);
    console.log(`R12 uploads: ${total} hostile files, ${asIs} accepted as-is`);
  });

  it('stops a body over the bucket limit while counting it, and leaves no staged files behind', async () => {
    const admin = await signedInMember(env, 'super_admin', { id: m.orgId, slug: m.slug });
    const tiny = `${m.slug}-tiny`;
    expect((await admin.sb.storage.createBucket(tiny, { public: false, fileSizeLimit: 1024 })).error).toBeNull();
    const chunked = await rawRequest(env.url, {
      method: 'POST',
      path: `/storage/v1/object/${tiny}/big.txt`,
      headers: { authorization: `Bearer ${await accessToken(admin)}`, apikey: env.t.app.ctx.keys.anon, 'content-type': 'text/plain' },
      body: Buffer.alloc(4096, 0x61),
      chunked: true,
    });
    expect(chunked).toEqual({ status: 413, json: expect.objectContaining({ statusCode: '413', error: 'Payload too large' }) });
    const viaClient = await admin.sb.storage.from(tiny).upload('big2.txt', Buffer.alloc(2048, 0x61), { contentType: 'text/plain' });
    expect(viaClient.error?.status).toBe(413);
    expect((await admin.sb.storage.from(tiny).upload('ok.txt', Buffer.alloc(1024, 0x61), { contentType: 'text/plain' })).error).toBeNull();

    const images = `${m.slug}-images-only`;
    await admin.sb.storage.createBucket(images, { public: false, allowedMimeTypes: ['image/*'] });
    expect((await admin.sb.storage.from(images).upload('a.pdf', pdf(), { contentType: 'application/pdf' })).error?.status).toBe(415);
    expect((await admin.sb.storage.from(images).upload('a.png', await png(), { contentType: 'image/png' })).error).toBeNull();

    expect(await readdir(path.join(env.dataDir, 'storage', '.staging'))).toEqual([]);
  });
});
