import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationUploads, objects } from '../../db/schema/index.js';
import { driver } from '../../../test/harness.js';
import { openObjectStream, orgBucketIds } from '../storage/storage.service.js';
import { pixelBomb, svg, trickyImages } from '../storage/storage.hostile-corpus.js';
import { jpeg, pdf, png } from '../storage/storage.test-support.js';
import { pruneUnclaimedUploads, UNCLAIMED_UPLOAD_DAYS } from './applications.upload-cleanup.js';
import { safeFileName, UPLOAD_LIMIT } from './applications.uploads.js';
import {
  call,
  formToken,
  ipSequence,
  marketForForms,
  startPublicForms,
  upload,
  vendorBody,
  type MarketForForms,
  type PublicEnv,
} from './applications.public.test-support.js';

/** R12 for the public upload: hostile files are refused or neutralised (images re-encoded), never stored as sent. */
let env: PublicEnv;
let m: MarketForForms;
const nextIp = ipSequence('10.2.0');

beforeAll(async () => {
  ({ env, m } = await startPublicForms());
});
afterAll(async () => env?.close());

interface Case {
  label: string;
  name: string;
  body: Buffer;
  type: string;
  /** Refused with this status, or stored only after re-encoding under `storedName`. */
  refuse?: 400 | 413 | 415 | 422;
  storedName?: string;
}

async function corpus(): Promise<Case[]> {
  const { plainPng, gif, exifJpeg, scriptPng } = await trickyImages();
  // Hostile names carry a PNG with a script chunk, so "stored as sent" is measurable for them too.
  return [
    { label: 'SVG with script', name: 'logo.svg', body: Buffer.from(svg), type: 'image/svg+xml', refuse: 415 },
    { label: 'SVG named .png', name: 'logo.png', body: Buffer.from(svg), type: 'image/png', refuse: 415 },
    {
      label: 'HTML renamed .pdf',
      name: 'permit.pdf',
      body: Buffer.from('<!doctype html><script>alert(1)</script>'),
      type: 'application/pdf',
      refuse: 415,
    },
    {
      label: 'GIF/JavaScript polyglot',
      name: 'poly.gif',
      body: Buffer.from(`GIF89a=1;alert(document.domain)//${'A'.repeat(64)}`),
      type: 'image/gif',
      refuse: 422,
    },
    {
      label: 'executable renamed .png',
      name: 'setup.png',
      body: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]),
      type: 'image/png',
      refuse: 415,
    },
    { label: 'PNG pixel bomb', name: 'bomb.png', body: pixelBomb(), type: 'image/png', refuse: 422 },
    { label: 'zero bytes', name: 'empty.pdf', body: Buffer.alloc(0), type: 'application/pdf', refuse: 400 },
    {
      label: 'over 10 MB',
      name: 'huge.pdf',
      body: Buffer.concat([pdf(), Buffer.alloc(10 * 1024 * 1024)]),
      type: 'application/pdf',
      refuse: 413,
    },
    { label: 'plain text', name: 'notes.txt', body: Buffer.from('my licence number is 42'), type: 'text/plain', refuse: 415 },
    {
      label: 'PDF with JavaScript',
      name: 'js.pdf',
      body: pdf('/OpenAction << /S /JavaScript /JS (app.alert(1)) >>'),
      type: 'application/pdf',
      refuse: 422,
    },
    { label: 'PNG bytes named .jpg', name: 'photo.jpg', body: plainPng, type: 'image/jpeg', refuse: 422 },
    { label: 'double extension .png.html', name: 'x.png.html', body: plainPng, type: 'image/png', refuse: 415 },
    { label: 'path trick', name: '../../etc/passwd.png', body: scriptPng, type: 'image/png', storedName: 'passwd.png' },
    { label: 'Windows path', name: 'C:\\Users\\eve\\..\\id.png', body: scriptPng, type: 'image/png', storedName: 'id.png' },
    {
      label: 'direction override in the name',
      name: 'invoice\u202Efdp.png',
      body: scriptPng,
      type: 'image/png',
      storedName: 'invoicefdp.png',
    },
    { label: 'JPEG with EXIF', name: 'exif.jpg', body: exifJpeg, type: 'image/jpeg', storedName: 'exif.jpg' },
    { label: 'PNG with a script chunk', name: 'chunk.png', body: scriptPng, type: 'image/png', storedName: 'chunk.png' },
    {
      label: 'GIF with appended script',
      name: 'appended.gif',
      body: Buffer.concat([gif, Buffer.from('<script>alert(1)</script>')]),
      type: 'image/gif',
      storedName: 'appended.gif',
    },
  ];
}

async function storedBytes(objectPath: string): Promise<Buffer> {
  const [row] = await env.app.ctx.db
    .select()
    .from(objects)
    .where(and(eq(objects.bucketId, orgBucketIds(m.org.slug).documents), eq(objects.name, objectPath)));
  const blob = await openObjectStream(env.app.ctx, row!);
  const chunks: Buffer[] = [];
  for await (const c of blob!.stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

describe(`public application uploads (R12, ${driver})`, () => {
  it('stores a PDF as sent and an image re-encoded, in the documents bucket under the upload id', async () => {
    const doc = await upload(env.app, m.org.slug, pdf(), 'Insurance 2025.pdf', 'application/pdf', nextIp());
    expect(doc.status).toBe(201);
    expect(doc.body).toMatchObject({ fileName: 'Insurance-2025.pdf', mimeType: 'application/pdf', sizeBytes: pdf().length });
    const [row] = await env.app.ctx.db.select().from(applicationUploads).where(eq(applicationUploads.id, doc.body.uploadId));
    expect(row).toMatchObject({
      orgId: m.org.id,
      bucketId: `${m.org.slug}-documents`,
      objectPath: `applications/uploads/${doc.body.uploadId}/Insurance-2025.pdf`,
      applicationId: null,
    });
    expect((await storedBytes(row!.objectPath)).equals(pdf())).toBe(true);
    const noExt = await upload(env.app, m.org.slug, await jpeg(), 'شهادة', 'image/jpeg', nextIp());
    expect(noExt.body).toMatchObject({ fileName: 'شهادة.jpg', mimeType: 'image/jpeg' });
    // Well over the 1 MB limit of JSON bodies, well under the 10 MB of uploads.
    const photo = await sharp({
      create: { width: 1200, height: 1000, channels: 3, background: 'black', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
    })
      .png()
      .toBuffer();
    expect(photo.length).toBeGreaterThan(2 * 1024 * 1024);
    const big = await upload(env.app, m.org.slug, photo, 'stall.png', 'image/png', nextIp());
    expect(big.status, JSON.stringify(big.body)).toBe(201);
  });

  it('refuses or neutralises every hostile file and never stores one as sent', async () => {
    const cases = await corpus();
    let asIs = 0;
    let neutralised = 0;
    for (const c of cases) {
      const res = await upload(env.app, m.org.slug, c.body, c.name, c.type, nextIp());
      if (c.refuse) {
        expect(res.status, `${c.label}: ${JSON.stringify(res.body)}`).toBe(c.refuse);
        expect(res.body.error.fields, c.label).toEqual([{ field: 'file', message: expect.any(String) }]);
        continue;
      }
      expect(res.status, `${c.label}: ${JSON.stringify(res.body)}`).toBe(201);
      expect(res.body.fileName, c.label).toBe(c.storedName);
      const stored = await storedBytes(`applications/uploads/${res.body.uploadId}/${c.storedName}`);
      if (stored.equals(c.body)) asIs++;
      else neutralised++;
      expect(stored.includes('<script>'), c.label).toBe(false);
      expect(stored.includes('secret-gps'), c.label).toBe(false);
      expect((await sharp(stored).metadata()).exif, c.label).toBeUndefined();
    }
    const names = await env.app.ctx.db.select({ name: objects.name }).from(objects).where(like(objects.name, 'applications/uploads/%'));
    expect(names.every((n) => /^applications\/uploads\/[0-9a-f-]{36}\/[^/]+$/.test(n.name))).toBe(true);
    console.log(
      `R12 application uploads: ${cases.length} hostile files, ${asIs} accepted as-is, ${neutralised} re-encoded, ${cases.filter((c) => c.refuse).length} refused`,
    );
    expect(asIs).toBe(0);
    expect(neutralised).toBe(cases.filter((c) => !c.refuse).length);
    expect(await readdir(path.join(env.dataDir, 'storage', '.staging'))).toEqual([]);
  });

  it('answers a request without a proper file part with 4xx naming the file, never 500', async () => {
    const ip = nextIp();
    const json = await call(env.app, 'POST', `/public/application-uploads?org=${m.org.slug}`, { file: 'x' }, ip);
    expect(json.status).toBe(415);
    const wrongField = await env.app.inject({
      method: 'POST',
      url: `/api/v1/public/application-uploads?org=${m.org.slug}`,
      remoteAddress: ip,
      ...multipartWith('photo', await png()),
    });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().error.fields).toEqual([{ field: 'file', message: 'Send the file in the field file' }]);
    const unknownOrg = await upload(env.app, 'no-such-market', await png(), 'a.png', 'image/png', ip);
    expect(unknownOrg.status).toBe(404);
  });

  it(`allows ${UPLOAD_LIMIT} uploads per address in ten minutes, then 429`, async () => {
    const ip = nextIp();
    const file = await png();
    for (let i = 0; i < UPLOAD_LIMIT; i++) expect((await upload(env.app, m.org.slug, file, `p${i}.png`, 'image/png', ip)).status).toBe(201);
    const refused = await upload(env.app, m.org.slug, file, 'one-more.png', 'image/png', ip);
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe('Too many uploads from this address. Try again in 10 minutes.');
    expect(refused.headers['retry-after']).toBe('600');
    expect((await upload(env.app, m.org.slug, file, 'other.png', 'image/png', nextIp())).status).toBe(201);
  });

  it('lets an upload be claimed once, and only by an application to its own organization', async () => {
    const other = await marketForForms(env.app);
    const ofA = await upload(env.app, m.org.slug, pdf(), 'a.pdf', 'application/pdf', nextIp());
    const tokenB = await formToken(env.app, other.org.slug);
    const tokenA = await formToken(env.app, m.org.slug);
    env.advance();
    const intoB = await call(
      env.app,
      'POST',
      '/public/applications',
      vendorBody(other, tokenB, { documents: [{ uploadId: ofA.body.uploadId, docType: 'permit' }] }),
      nextIp(),
    );
    expect(intoB.status).toBe(422);
    expect(intoB.body.error.fields).toEqual([
      { field: 'answers.documents.0.uploadId', message: 'no uploaded file has this id; upload the file again' },
    ]);

    const doc = [{ uploadId: ofA.body.uploadId, docType: 'permit' }];
    expect((await call(env.app, 'POST', '/public/applications', vendorBody(m, tokenA, { documents: doc }), nextIp())).status).toBe(202);
    const [claimed] = await env.app.ctx.db.select().from(applicationUploads).where(eq(applicationUploads.id, ofA.body.uploadId));
    expect(claimed!.applicationId).not.toBeNull();
    const second = await call(env.app, 'POST', '/public/applications', vendorBody(m, tokenA, { documents: doc }), nextIp());
    expect(second.status).toBe(422);
    expect(second.body.error.fields[0].field).toBe('answers.documents.0.uploadId');
    const twice = await call(env.app, 'POST', '/public/applications', vendorBody(m, tokenA, { documents: [...doc, ...doc] }), nextIp());
    expect(twice.body.error.fields.map((f: { field: string }) => f.field)).toContain('answers.documents.1.uploadId');
  });

  it(`removes uploads nobody claimed within ${UNCLAIMED_UPLOAD_DAYS} days, files included, and keeps claimed and recent ones`, async () => {
    const old = await upload(env.app, m.org.slug, pdf(), 'old.pdf', 'application/pdf', nextIp());
    const claimed = await upload(env.app, m.org.slug, pdf(), 'claimed.pdf', 'application/pdf', nextIp());
    const token = await formToken(env.app, m.org.slug);
    env.advance(10_000);
    const sent = await call(
      env.app,
      'POST',
      '/public/applications',
      vendorBody(m, token, { email: 'keeps-files@example.test', documents: [{ uploadId: claimed.body.uploadId, docType: 'other' }] }),
      nextIp(),
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    const db = env.app.ctx.db;
    const pathOf = async (id: string) => (await db.select().from(applicationUploads).where(eq(applicationUploads.id, id)))[0]?.objectPath;
    const oldPath = (await pathOf(old.body.uploadId))!;
    const bucket = `${m.org.slug}-documents`;
    const objectRows = (name: string) =>
      db
        .select()
        .from(objects)
        .where(and(eq(objects.bucketId, bucket), eq(objects.name, name)));
    expect(await objectRows(oldPath)).toHaveLength(1);

    expect(await pruneUnclaimedUploads(env.app.ctx)).toBe(0);
    env.advance(UNCLAIMED_UPLOAD_DAYS * 86_400_000 + 60_000);
    const recent = await upload(env.app, m.org.slug, pdf(), 'recent.pdf', 'application/pdf', nextIp());
    expect(await pruneUnclaimedUploads(env.app.ctx)).toBeGreaterThanOrEqual(1);
    expect(await pathOf(old.body.uploadId)).toBeUndefined();
    expect(await objectRows(oldPath)).toHaveLength(0);
    expect(await pathOf(claimed.body.uploadId)).toBeDefined();
    expect(await pathOf(recent.body.uploadId)).toBeDefined();
  });

  it('makes file names safe to store and show', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('..\\..\\boot.ini')).toBe('boot.ini');
    expect(safeFileName('  my  photo (1).JPG ')).toBe('my-photo-1.jpg');
    expect(safeFileName('.htaccess')).toBe('htaccess');
    expect(safeFileName('a\u0000b\u202E.png')).toBe('ab.png');
    expect(safeFileName('%2e%2e%2fx.png')).toBe('2e2e2fx.png');
    expect(safeFileName('')).toBe('document');
    expect(safeFileName(`${'x'.repeat(300)}.pdf`)).toBe(`${'x'.repeat(80)}.pdf`);
  });
});

function multipartWith(field: string, body: Buffer) {
  const boundary = '----formboundary42';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, body, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
