import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objects } from '../../db/schema/index.js';
import { driver } from '../../../test/harness.js';
import { hostileCorpus as corpus, svg } from './storage.hostile-corpus.js';
import {
  accessToken,
  pdf,
  png,
  rawRequest,
  signedInMember,
  startStorageApp,
  type Member,
  type StorageEnv,
} from './storage.test-support.js';

/** R12: hostile uploads are refused, or neutralised by re-encoding; nothing hostile is stored as sent. */
let env: StorageEnv;
let m: Member;

beforeAll(async () => {
  env = await startStorageApp();
  m = await signedInMember(env, 'vendor_manager');
});
afterAll(async () => env?.close());

/** Raw paths, sent byte for byte: each must be refused before anything is stored. */
const PATH_TRICKS = [
  '../x.png',
  'a/../../x.png',
  'a//b.png',
  '%2e%2e/x.png',
  'a/%2E%2E/%2e%2e/b.png',
  'a/./b.png',
  '/abs.png',
  'a%5Cb.png',
  'a%0Ab.png',
  `${'x'.repeat(1025)}.png`,
];

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
    expect(stored.map((s) => s.name).sort()).toEqual(
      cases
        .filter((c) => c.neutralise)
        .map((c) => c.path)
        .sort(),
    );
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
