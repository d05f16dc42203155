import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/config.js';
import { BlobMissingError, S3BlobStore, type S3Settings } from '../../lib/blob-store.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { bearer, createOrg, createUser, tokenFor } from '../../../test/factories.js';
import { multipart } from '../assets/assets.test-support.js';
import { blobStoreFor } from './storage.service.js';
import { client } from './storage.test-support.js';

/** A real S3-compatible server (s3rver) on a random port; its bucket folder shows what really landed in S3. */
let s3: { close(): Promise<void> };
let dir: string;
let settings: S3Settings;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 's3-test-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(dir, 's3'),
    configureBuckets: [{ name: 'market-blobs' }],
  });
  const addr = (await server.run()) as { port: number };
  s3 = server;
  settings = {
    endpoint: `http://127.0.0.1:${addr.port}`,
    bucket: 'market-blobs',
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    prefix: 'blobs/',
  };
});
afterAll(async () => {
  await s3?.close();
  await rm(dir, { recursive: true, force: true });
});

const text = async (s: NodeJS.ReadableStream) => {
  const parts: Buffer[] = [];
  for await (const c of s) parts.push(c as Buffer);
  return Buffer.concat(parts).toString('utf8');
};
const keysInS3 = async () =>
  (await readdir(path.join(dir, 's3', 'market-blobs', 'blobs')).catch(() => [] as string[])).filter(
    (n) => !n.startsWith('.') && !n.endsWith('._S3rver_metadata.json') && !n.endsWith('._S3rver_object.md5'),
  );

describe('S3BlobStore against s3rver', () => {
  it('puts, streams back, copies and deletes; a missing key is null, a missing copy source throws BlobMissingError', async () => {
    const store = new S3BlobStore(settings, path.join(dir, 'local'));
    const staged = await store.stagingFile();
    await writeFile(staged, 'hello s3');
    await store.put('aaaaaaaa-1111', staged);
    const got = await store.get('aaaaaaaa-1111');
    expect(got?.size).toBe(8);
    expect(await text(got!.stream)).toBe('hello s3');
    expect(await readdir(path.join(dir, 'local', '.staging'))).toEqual([]);
    await store.copy('aaaaaaaa-1111', 'bbbbbbbb-2222');
    expect(await text((await store.get('bbbbbbbb-2222'))!.stream)).toBe('hello s3');
    await store.delete('aaaaaaaa-1111');
    expect(await store.get('aaaaaaaa-1111')).toBeNull();
    await store.delete('aaaaaaaa-1111');
    await expect(store.copy('cccccccc-3333', 'dddddddd-4444')).rejects.toBeInstanceOf(BlobMissingError);
    await expect(store.get('../escape')).rejects.toThrow(/Invalid blob key/);
  });

  it('fails loudly with wrong credentials', async () => {
    const store = new S3BlobStore({ ...settings, accessKeyId: 'NOBODY', secretAccessKey: 'wrong' }, path.join(dir, 'local'));
    const staged = await store.stagingFile();
    await writeFile(staged, 'x');
    await expect(store.put('eeeeeeee-5555', staged)).rejects.toThrow(/S3 PUT .* failed: HTTP 403/);
  });
});

describe('storage and assets with the S3 store', () => {
  let t: TestContext;
  let local: string;
  beforeAll(async () => {
    local = await mkdtemp(path.join(os.tmpdir(), 's3-app-'));
    t = await createTestApp({ dataDir: local, storageS3: settings });
  });
  afterAll(async () => {
    await t?.close();
    await rm(local, { recursive: true, force: true });
  });

  it('stores uploads of /storage/v1 and /api/v1/assets in S3, serves, copies, moves and removes them (supabase-js)', async () => {
    expect(blobStoreFor(t.app.ctx)).toBeInstanceOf(S3BlobStore);
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const sb = client(url, t.app.ctx.keys.service);
    expect((await sb.storage.createBucket('s3-bucket', { public: true })).error).toBeNull();
    const before = (await keysInS3()).length;
    const up = await sb.storage.from('s3-bucket').upload('docs/readme.txt', Buffer.from('stored in s3'), { contentType: 'text/plain' });
    expect(up.error).toBeNull();
    expect((await keysInS3()).length).toBe(before + 1);
    const dl = await sb.storage.from('s3-bucket').download('docs/readme.txt');
    expect(await dl.data!.text()).toBe('stored in s3');
    expect((await sb.storage.from('s3-bucket').copy('docs/readme.txt', 'docs/copy.txt')).error).toBeNull();
    expect((await sb.storage.from('s3-bucket').move('docs/copy.txt', 'docs/moved.txt')).error).toBeNull();
    expect(await (await sb.storage.from('s3-bucket').download('docs/moved.txt')).data!.text()).toBe('stored in s3');
    const pub = await fetch(`${url}/storage/v1/object/public/s3-bucket/docs/readme.txt`);
    expect([pub.status, await pub.text()]).toEqual([200, 'stored in s3']);
    expect((await keysInS3()).length).toBe(before + 2);
    expect((await sb.storage.from('s3-bucket').remove(['docs/readme.txt', 'docs/moved.txt'])).error).toBeNull();
    expect((await keysInS3()).length).toBe(before);

    const org = await createOrg(t.app);
    const h = bearer(await tokenFor(t.app, await createUser(t.app, { orgId: org.id, role: 'marketing' })));
    const m = multipart(
      await sharp({ create: { width: 30, height: 20, channels: 3, background: 'red' } })
        .png()
        .toBuffer(),
      'red.png',
      'image/png',
    );
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/assets/upload', payload: m.payload, headers: { ...h, ...m.headers } });
    expect(res.statusCode, res.body).toBe(201);
    expect((await keysInS3()).length).toBe(before + 2); // the image and its thumbnail
    const img = await fetch(`${url}${res.json().thumbnailUrl}`);
    expect(img.status).toBe(200);
    expect((await sharp(Buffer.from(await img.arrayBuffer())).metadata()).format).toBe('webp');
    // Nothing of it is on the local disk but (empty) staging.
    expect(await readdir(path.join(local, 'storage')).catch(() => [])).not.toContain('objects');
  });
});

describe('S3 configuration', () => {
  const base = { JWT_SECRET: 's'.repeat(32) };
  it('is off by default and on when every variable is set', async () => {
    const d = await mkdtemp(path.join(os.tmpdir(), 'cfg-'));
    expect(loadConfig({ ...base, DATA_DIR: d }).storageS3).toBeNull();
    const c = loadConfig({
      ...base,
      DATA_DIR: d,
      STORAGE_S3_ENDPOINT: 'http://127.0.0.1:9000',
      STORAGE_S3_BUCKET: 'blobs',
      STORAGE_S3_ACCESS_KEY_ID: 'k',
      STORAGE_S3_SECRET_ACCESS_KEY: 's',
    });
    expect(c.storageS3).toMatchObject({ endpoint: 'http://127.0.0.1:9000', bucket: 'blobs', region: 'us-east-1' });
    await rm(d, { recursive: true, force: true });
  });
  it('refuses to start with some S3 variables missing, naming them', () => {
    let err: unknown;
    try {
      loadConfig({ ...base, DATA_DIR: os.tmpdir(), STORAGE_S3_ENDPOINT: 'http://127.0.0.1:9000', STORAGE_S3_BUCKET: 'blobs' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toContain('STORAGE_S3_ACCESS_KEY_ID: is required');
    expect((err as Error).message).toContain('STORAGE_S3_SECRET_ACCESS_KEY: is required');
    expect(() =>
      loadConfig({
        ...base,
        DATA_DIR: os.tmpdir(),
        STORAGE_S3_ENDPOINT: 'not a url',
        STORAGE_S3_BUCKET: 'Bad_Bucket',
        STORAGE_S3_ACCESS_KEY_ID: 'k',
        STORAGE_S3_SECRET_ACCESS_KEY: 's',
      }),
    ).toThrow(/STORAGE_S3_ENDPOINT[\s\S]*STORAGE_S3_BUCKET/);
  });
});
