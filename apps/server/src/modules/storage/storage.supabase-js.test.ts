import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driver } from '../../../test/harness.js';
import { bearer } from '../../../test/factories.js';
import { accessToken, png, signedInMember, startStorageApp, type Member, type StorageEnv } from './storage.test-support.js';

/** The storage protocol as @supabase/supabase-js speaks it, end to end against the listening app. */
let env: StorageEnv;
let admin: Member;

beforeAll(async () => {
  env = await startStorageApp();
  admin = await signedInMember(env, 'super_admin');
});
afterAll(async () => env?.close());

describe(`storage protocol through supabase-js (${driver})`, () => {
  it('manages buckets: create, list, get, update, empty, delete', async () => {
    const s = admin.sb.storage;
    const id = `${admin.slug}-media`;
    const created = await s.createBucket(id, { public: false, fileSizeLimit: '1MB', allowedMimeTypes: ['image/*'] });
    expect(created).toEqual({ data: { name: id }, error: null });
    const got = await s.getBucket(id);
    expect(got.data).toMatchObject({ id, name: id, public: false, file_size_limit: 1024 * 1024, allowed_mime_types: ['image/*'] });
    expect(typeof got.data!.created_at).toBe('string');
    const list = await s.listBuckets();
    expect(list.data!.map((b) => b.id).sort()).toEqual([admin.buckets.documents, id, admin.buckets.public].sort());
    expect((await s.updateBucket(id, { public: true })).data).toEqual({ message: 'Successfully updated' });
    expect((await s.getBucket(id)).data!.public).toBe(true);
    await s.from(id).upload('a.png', await png(), { contentType: 'image/png' });
    expect((await s.deleteBucket(id)).error?.message).toMatch(/not empty/i);
    expect((await s.emptyBucket(id)).data).toEqual({ message: 'Successfully emptied' });
    expect((await s.deleteBucket(id)).data).toEqual({ message: 'Successfully deleted' });
    expect((await s.getBucket(id)).error).toMatchObject({ status: 404 });
  });

  it('uploads, updates, downloads, lists, moves, copies, removes, signs and gives public URLs', async () => {
    const pub = admin.sb.storage.from(admin.buckets.public);
    const up = await pub.upload('docs/one.txt', new Blob(['first'], { type: 'text/plain' }));
    expect(up.error).toBeNull();
    expect(up.data).toEqual({ path: 'docs/one.txt', id: expect.any(String), fullPath: `${admin.buckets.public}/docs/one.txt` });
    expect((await pub.upload('docs/one.txt', new Blob(['again']))).error).toMatchObject({ statusCode: '409' });
    expect((await pub.update('docs/one.txt', new Blob(['second'], { type: 'text/plain' }))).error).toBeNull();
    expect(await (await pub.download('docs/one.txt')).data!.text()).toBe('second');

    // Cache control 3600 by default, as Supabase.
    const publicUrl = pub.getPublicUrl('docs/one.txt').data.publicUrl;
    expect(publicUrl).toBe(`${env.url}/storage/v1/object/public/${admin.buckets.public}/docs/one.txt`);
    const res = await fetch(publicUrl);
    expect(res.headers.get('cache-control')).toBe('max-age=3600');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toBe('second');

    for (const n of ['c.txt', 'a.txt', 'b.txt']) await pub.upload(`docs/${n}`, new Blob([n], { type: 'text/plain' }));
    const listed = await pub.list('docs');
    expect(listed.data!.map((e) => e.name)).toEqual(['a.txt', 'b.txt', 'c.txt', 'one.txt']);
    expect(listed.data![0]).toMatchObject({
      id: expect.any(String),
      metadata: { size: 5, mimetype: 'text/plain', cacheControl: 'max-age=3600' },
    });

    // A client that omits limit, offset and sortBy still gets 100, 0, name ascending.
    const raw = await fetch(`${env.url}/storage/v1/object/list/${admin.buckets.public}`, {
      method: 'POST',
      headers: { ...bearer(await accessToken(admin)), apikey: env.t.app.ctx.keys.anon, 'content-type': 'application/json' },
      body: JSON.stringify({ prefix: 'docs/' }),
    });
    expect(((await raw.json()) as { name: string }[]).map((e) => e.name)).toEqual(['a.txt', 'b.txt', 'c.txt', 'one.txt']);

    expect((await pub.move('docs/a.txt', 'archive/a.txt')).data).toEqual({ message: 'Successfully moved' });
    const copied = await pub.copy('docs/b.txt', 'archive/b.txt');
    // As Supabase: the copy answers Key = bucket/path, which storage-js hands back as path.
    expect(copied.data).toEqual({ path: `${admin.buckets.public}/archive/b.txt` });
    expect(await (await pub.download('archive/b.txt')).data!.text()).toBe('b.txt');

    const signed = await pub.createSignedUrl('archive/a.txt', 60);
    expect(signed.data!.signedUrl).toMatch(new RegExp(`^${env.url}/storage/v1/object/sign/${admin.buckets.public}/archive/a.txt\\?token=`));
    expect(await (await fetch(signed.data!.signedUrl)).text()).toBe('a.txt');
    const many = await pub.createSignedUrls(['archive/a.txt', 'archive/missing.txt'], 60);
    expect(many.data!.map((e) => [e.path, e.error, !!e.signedUrl])).toEqual([
      ['archive/a.txt', null, true],
      ['archive/missing.txt', 'Either the object does not exist or you do not have access to it', false],
    ]);

    const removed = await pub.remove(['docs/b.txt', 'docs/c.txt', 'docs/nothing.txt']);
    expect(removed.data!.map((o) => o.name).sort()).toEqual(['docs/b.txt', 'docs/c.txt']);
    expect((await pub.list('docs')).data!.map((e) => e.name)).toEqual(['one.txt']);
  });

  it('shows objects uploaded into the public bucket through supabase-js in the asset library', async () => {
    const pub = admin.sb.storage.from(admin.buckets.public);
    expect((await pub.upload('shop/banner.png', await png(64, 32), { contentType: 'image/png' })).error).toBeNull();
    const h = { ...bearer(await accessToken(admin)) };
    const lib = await env.t.app.inject({ method: 'GET', url: '/api/v1/assets?folder=shop', headers: h });
    expect(lib.statusCode).toBe(200);
    const [a] = lib.json().items;
    expect(a).toMatchObject({ fileName: 'banner.png', folder: 'shop', width: 64, height: 32, mimeType: 'image/png' });
    expect((await fetch(`${env.url}${a.thumbnailUrl}`)).status).toBe(200);
    // A rename through supabase-js is followed by the library.
    await pub.move('shop/banner.png', 'shop/hero.png');
    const after = (await env.t.app.inject({ method: 'GET', url: `/api/v1/assets/${a.id}`, headers: h })).json();
    expect([after.fileName, after.path]).toEqual(['hero.png', 'shop/hero.png']);
    // The library's own thumbnails and folder placeholders stay out of it.
    const all = (await env.t.app.inject({ method: 'GET', url: '/api/v1/assets?subfolders=true&limit=200', headers: h })).json();
    expect(all.items.some((x: { path: string }) => x.path.startsWith('.thumbnails/'))).toBe(false);
  });
});
