import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, objects } from '../../db/schema/index.js';
import { driver } from '../../../test/harness.js';
import { findObject, openObjectStream, signedObjectUrl } from './storage.service.js';
import { signObjectToken } from './storage.tokens.js';
import { jpeg, pdf, png, signedInMember, startStorageApp, type Member, type StorageEnv } from './storage.test-support.js';

let env: StorageEnv;
let m: Member;

beforeAll(async () => {
  env = await startStorageApp();
  // Holds vendor_management and assets: both standard buckets (who may do what is storage.rules.test.ts's).
  m = await signedInMember(env, 'vendor_manager_plus');
});
afterAll(async () => env?.close());

const docs = () => m.sb.storage.from(m.buckets.documents);

async function blobCount(): Promise<number> {
  const root = path.join(env.dataDir, 'storage', 'objects');
  let n = 0;
  for (const d of await readdir(root).catch(() => [])) n += (await readdir(path.join(root, d))).length;
  return n;
}

describe(`storage objects through supabase-js (${driver})`, () => {
  it('uploads raw bodies and multipart forms, downloads, describes and checks existence', async () => {
    const raw = await docs().upload('licences/food.pdf', pdf(), { contentType: 'application/pdf' });
    expect(raw.error).toBeNull();
    expect(raw.data).toMatchObject({ path: 'licences/food.pdf', fullPath: `${m.buckets.documents}/licences/food.pdf` });
    const form = await docs().upload('licences/stall.png', new Blob([await png()], { type: 'image/png' }));
    expect(form.error).toBeNull();

    const dl = await docs().download('licences/food.pdf');
    expect(dl.error).toBeNull();
    expect(Buffer.from(await dl.data!.arrayBuffer())).toEqual(pdf());
    expect(dl.data!.type).toBe('application/pdf');

    const info = await docs().info('licences/stall.png');
    expect(info.data).toMatchObject({
      name: 'licences/stall.png',
      bucketId: m.buckets.documents,
      contentType: 'image/png',
      cacheControl: 'max-age=3600',
    });
    expect((await docs().exists('licences/stall.png')).data).toBe(true);
    expect((await docs().exists('licences/none.png')).data).toBe(false);

    // What other modules use.
    const row = await findObject(env.t.app.ctx.db, m.buckets.documents, 'licences/food.pdf');
    expect(row?.metadata).toMatchObject({ mimetype: 'application/pdf', size: pdf().length });
    const blob = await openObjectStream(env.t.app.ctx, row!);
    const chunks: Buffer[] = [];
    for await (const c of blob!.stream) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks)).toEqual(pdf());
    expect(await findObject(env.t.app.ctx.db, m.buckets.public, 'licences/food.pdf')).toBeNull();
  });

  it('answers a missing object in Supabase Storage error format', async () => {
    const res = await fetch(`${env.url}/storage/v1/object/authenticated/${m.buckets.documents}/nope.pdf`, {
      headers: { authorization: `Bearer ${(await m.sb.auth.getSession()).data.session!.access_token}`, apikey: env.t.app.ctx.keys.anon },
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ statusCode: '404', code: 'NoSuchKey', error: 'not_found', message: 'Object not found' });
    const dl = await docs().download('nope.pdf');
    expect(dl.error).toMatchObject({ status: 404 });
  });

  it('refuses to overwrite without upsert, replaces with it, and removes the old bytes after the commit', async () => {
    expect((await docs().upload('v.txt', Buffer.from('one'), { contentType: 'text/plain' })).error).toBeNull();
    const before = await blobCount();
    const dup = await docs().upload('v.txt', Buffer.from('two'), { contentType: 'text/plain' });
    expect(dup.error).toMatchObject({ status: 409, statusCode: '409', message: 'The resource already exists' });
    expect((await docs().upload('v.txt', Buffer.from('three'), { contentType: 'text/plain', upsert: true })).error).toBeNull();
    expect(await (await docs().download('v.txt')).data!.text()).toBe('three');
    expect((await docs().update('v.txt', Buffer.from('four'), { contentType: 'text/plain' })).error).toBeNull();
    expect(await (await docs().download('v.txt')).data!.text()).toBe('four');
    expect(await blobCount()).toBe(before);
  });

  it('serves cache control 3600 by default and the one set at upload otherwise, with nosniff', async () => {
    await docs().upload('cc/default.jpg', await jpeg(), { contentType: 'image/jpeg' });
    await docs().upload('cc/short.jpg', await jpeg(), { contentType: 'image/jpeg', cacheControl: '60' });
    await docs().upload('cc/form.jpg', new Blob([await jpeg()], { type: 'image/jpeg' }), { cacheControl: '120' });
    const head = async (p: string) => {
      const { data } = await docs().createSignedUrl(p, 60);
      const r = await fetch(data!.signedUrl);
      return r.headers;
    };
    expect((await head('cc/default.jpg')).get('cache-control')).toBe('max-age=3600');
    expect((await head('cc/short.jpg')).get('cache-control')).toBe('max-age=60');
    expect((await head('cc/form.jpg')).get('cache-control')).toBe('max-age=120');
    expect((await head('cc/default.jpg')).get('x-content-type-options')).toBe('nosniff');
  });

  it('lists one level: 100 entries by default from offset 0, folders first, names ascending', async () => {
    const db = env.t.app.ctx.db;
    const names = Array.from({ length: 103 }, (_, i) => `many/f-${String(102 - i).padStart(3, '0')}.txt`);
    await db.insert(objects).values(
      names.map((name) => ({
        bucketId: m.buckets.documents,
        orgId: m.orgId,
        name,
        blobKey: `k${name.replace(/\W/g, '')}`,
        metadata: { size: 1, mimetype: 'text/plain' },
      })),
    );
    await db.insert(objects).values([
      { bucketId: m.buckets.documents, orgId: m.orgId, name: 'many/zeta/deep/x.txt', blobKey: 'kzeta', metadata: {} },
      { bucketId: m.buckets.documents, orgId: m.orgId, name: 'many/alpha/y.txt', blobKey: 'kalpha', metadata: {} },
    ]);
    const first = await docs().list('many');
    expect(first.error).toBeNull();
    expect(first.data).toHaveLength(100);
    expect(first.data!.slice(0, 3).map((e) => [e.name, e.id])).toEqual([
      ['alpha', null],
      ['zeta', null],
      ['f-000.txt', expect.any(String)],
    ]);
    expect(first.data![0]).toEqual({ name: 'alpha', id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null });
    expect(first.data![99]!.name).toBe('f-097.txt');
    const rest = await docs().list('many/', { offset: 100 });
    expect(rest.data!.map((e) => e.name)).toEqual(['f-098.txt', 'f-099.txt', 'f-100.txt', 'f-101.txt', 'f-102.txt']);
    const desc = await docs().list('many', { limit: 3, sortBy: { column: 'name', order: 'desc' } });
    expect(desc.data!.map((e) => e.name)).toEqual(['zeta', 'alpha', 'f-102.txt']);
    const search = await docs().list('many', { search: 'F-10' });
    expect(search.data!.map((e) => e.name)).toEqual(['f-100.txt', 'f-101.txt', 'f-102.txt']);
    const top = await docs().list();
    expect(top.data!.filter((e) => e.id === null).map((e) => e.name)).toEqual(expect.arrayContaining(['cc', 'licences', 'many']));
    expect((await docs().list('many', { limit: 5000 })).error?.status).toBe(400);
  });

  it('moves, copies and removes, each audited', async () => {
    await docs().upload('mv/a.txt', Buffer.from('alpha'), { contentType: 'text/plain' });
    expect((await docs().move('mv/a.txt', 'mv/b.txt')).data).toEqual({ message: 'Successfully moved' });
    expect((await docs().exists('mv/a.txt')).data).toBe(false);
    const copied = await docs().copy('mv/b.txt', 'mv/c.txt');
    expect(copied.data).toEqual({ path: `${m.buckets.documents}/mv/c.txt` });
    expect((await docs().copy('mv/b.txt', 'mv/c.txt')).error?.status).toBe(409);
    const across = await docs().move('mv/c.txt', 'moved/c.txt', { destinationBucket: m.buckets.public });
    expect(across.error).toBeNull();
    expect(await (await fetch(m.sb.storage.from(m.buckets.public).getPublicUrl('moved/c.txt').data.publicUrl)).text()).toBe('alpha');
    const removed = await docs().remove(['mv/b.txt', 'mv/missing.txt']);
    expect(removed.data!.map((r) => r.name)).toEqual(['mv/b.txt']);
    expect((await docs().move('mv/none.txt', 'mv/x.txt')).error?.status).toBe(404);
    const trail = await env.t.app.ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'storage_object'), eq(auditLog.actorId, m.userId)));
    expect(new Set(trail.map((t) => t.action))).toEqual(new Set(['upload', 'update', 'move', 'copy', 'delete']));
  });

  it('signs URLs that anyone can use until they expire, for that one object', async () => {
    await docs().upload('signed/report.pdf', pdf(), { contentType: 'application/pdf' });
    await docs().upload('signed/other.pdf', pdf(), { contentType: 'application/pdf' });
    const { data } = await docs().createSignedUrl('signed/report.pdf', 60);
    const ok = await fetch(data!.signedUrl);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('application/pdf');
    expect(ok.headers.get('content-disposition')).toBeNull();

    const dl = await docs().createSignedUrl('signed/report.pdf', 60, { download: 'Report 2026.pdf' });
    expect((await fetch(dl.data!.signedUrl)).headers.get('content-disposition')).toContain('attachment; filename="Report 2026.pdf"');

    const token = new URL(data!.signedUrl).searchParams.get('token')!;
    const other = `${env.url}/storage/v1/object/sign/${m.buckets.documents}/signed/other.pdf?token=${token}`;
    expect((await fetch(other)).status).toBe(400);
    const tampered = data!.signedUrl.slice(0, -3) + (data!.signedUrl.endsWith('AAA') ? 'BBB' : 'AAA');
    expect((await fetch(tampered)).status).toBe(400);

    // The token lives exactly expiresIn seconds; one whose time is up is refused (made 2 minutes ago, for 60 s).
    const short = await docs().createSignedUrl('signed/report.pdf', 90);
    const claims = JSON.parse(
      Buffer.from(new URL(short.data!.signedUrl).searchParams.get('token')!.split('.')[1]!, 'base64url').toString(),
    ) as { iat: number; exp: number };
    expect(claims.exp - claims.iat).toBe(90);
    const old = await signObjectToken(
      env.t.app.ctx.config.jwtSecret,
      { url: `${m.buckets.documents}/signed/report.pdf`, purpose: 'download' },
      60,
      Date.now() - 120_000,
    );
    const expired = await fetch(`${env.url}/storage/v1/object/sign/${m.buckets.documents}/signed/report.pdf?token=${old}`);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ statusCode: '400', message: 'jwt expired' });

    const many = await docs().createSignedUrls(['signed/report.pdf', 'signed/missing.pdf'], 60);
    expect(many.data![0]).toMatchObject({ error: null, path: 'signed/report.pdf' });
    expect((await fetch(many.data![0]!.signedUrl!)).status).toBe(200);
    expect(many.data![1]).toMatchObject({ path: 'signed/missing.pdf', signedUrl: null });
    expect((await docs().createSignedUrl('signed/missing.pdf', 60)).error?.status).toBe(404);

    // Non-ASCII names and spaces travel encoded, and the server-side helper signs the same kind of URL.
    const arabic = 'وثائق/رخصة البلدية 2026.pdf';
    expect((await docs().upload(arabic, pdf(), { contentType: 'application/pdf' })).error).toBeNull();
    expect((await docs().list('وثائق')).data!.map((e) => e.name)).toEqual(['رخصة البلدية 2026.pdf']);
    const viaHelper = await fetch(`${env.url}${await signedObjectUrl(env.t.app.ctx, m.buckets.documents, arabic, 60)}`);
    expect(viaHelper.status).toBe(200);
    expect(Buffer.from(await viaHelper.arrayBuffer())).toEqual(pdf());
    expect((await fetch((await docs().createSignedUrl(arabic, 60)).data!.signedUrl)).status).toBe(200);
  });

  it('uploads through a signed upload URL without a session', async () => {
    const { data, error } = await docs().createSignedUploadUrl('inbox/scan.pdf');
    expect(error).toBeNull();
    const up = await env.anon.storage
      .from(m.buckets.documents)
      .uploadToSignedUrl('inbox/scan.pdf', data!.token, pdf(), { contentType: 'application/pdf' });
    expect(up.error).toBeNull();
    expect(up.data).toMatchObject({ fullPath: `${m.buckets.documents}/inbox/scan.pdf` });
    const replay = await env.anon.storage
      .from(m.buckets.documents)
      .uploadToSignedUrl('inbox/scan.pdf', data!.token, pdf(), { contentType: 'application/pdf' });
    expect(replay.error?.status).toBe(409);
    const elsewhere = await env.anon.storage
      .from(m.buckets.documents)
      .uploadToSignedUrl('inbox/other.pdf', data!.token, pdf(), { contentType: 'application/pdf' });
    expect(elsewhere.error?.status).toBe(400);
    // A download token is not an upload token, even for the same path.
    const dlToken = new URL((await docs().createSignedUrl('inbox/scan.pdf', 60)).data!.signedUrl).searchParams.get('token')!;
    const wrongPurpose = await env.anon.storage
      .from(m.buckets.documents)
      .uploadToSignedUrl('inbox/scan.pdf', dlToken, pdf(), { contentType: 'application/pdf', upsert: true });
    expect(wrongPurpose.error?.status).toBe(400);
  });

  it('serves public buckets without sign-in, and nothing of private buckets there', async () => {
    await m.sb.storage.from(m.buckets.public).upload('logo.png', await png(), { contentType: 'image/png' });
    await docs().upload('secret.png', await png(), { contentType: 'image/png' });
    const url = env.anon.storage.from(m.buckets.public).getPublicUrl('logo.png').data.publicUrl;
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('max-age=3600');
    const priv = await fetch(env.anon.storage.from(m.buckets.documents).getPublicUrl('secret.png').data.publicUrl);
    expect(priv.status).toBe(404);
    // Anonymous callers get nothing else.
    expect((await env.anon.storage.from(m.buckets.public).download('logo.png')).error?.status).toBe(401);
    expect((await env.anon.storage.listBuckets()).error?.status).toBe(401);
  });

  it('serves text as an attachment with its sniffed type and refuses files over the size limit with 413', async () => {
    await docs().upload('notes/readme.txt', Buffer.from('plain words'), { contentType: 'text/plain' });
    const { data } = await docs().createSignedUrl('notes/readme.txt', 60);
    const r = await fetch(data!.signedUrl);
    expect(r.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(r.headers.get('content-disposition')).toMatch(/^attachment; filename="readme.txt"/);

    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x61);
    const raw = await docs().upload('notes/big.txt', big, { contentType: 'text/plain' });
    expect(raw.error).toMatchObject({ status: 413, statusCode: '413' });
    const form = await docs().upload('notes/big-form.txt', new Blob([big], { type: 'text/plain' }));
    expect(form.error).toMatchObject({ status: 413 });
    expect((await docs().exists('notes/big.txt')).data).toBe(false);
  });
});
