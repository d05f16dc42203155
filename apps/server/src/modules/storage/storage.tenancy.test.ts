import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../../../test/factories.js';
import { driver } from '../../../test/harness.js';
import { client, pdf, png, rawRequest, signedInMember, startStorageApp, type Member, type StorageEnv } from './storage.test-support.js';

/** Organizations never see each other's buckets: another organization's bucket answers exactly like a missing one. */
let env: StorageEnv;
let a: Member;
let b: Member;

beforeAll(async () => {
  env = await startStorageApp();
  a = await signedInMember(env, 'vendor_manager_plus');
  b = await signedInMember(env, 'super_admin');
  await a.sb.storage.from(a.buckets.documents).upload('id/passport.pdf', pdf(), { contentType: 'application/pdf' });
  await a.sb.storage.from(a.buckets.public).upload('logo.png', await png(), { contentType: 'image/png' });
});
afterAll(async () => env?.close());

describe(`storage tenancy and permissions (${driver})`, () => {
  it("hides organization A's buckets and objects from a super admin of organization B", async () => {
    const ids = (await b.sb.storage.listBuckets()).data!.map((x) => x.id);
    expect(ids).toEqual([b.buckets.documents, b.buckets.public]);

    const missing = await b.sb.storage.getBucket('no-such-bucket');
    const foreign = await b.sb.storage.getBucket(a.buckets.documents);
    expect(foreign.error).toMatchObject({ status: 404, message: 'Bucket not found' });
    expect(foreign.error?.message).toBe(missing.error?.message);

    const docs = b.sb.storage.from(a.buckets.documents);
    const results = {
      list: (await docs.list()).error?.status,
      download: (await docs.download('id/passport.pdf')).error?.status,
      info: (await docs.info('id/passport.pdf')).error?.status,
      exists: (await docs.exists('id/passport.pdf')).data,
      upload: (await docs.upload('x.pdf', pdf(), { contentType: 'application/pdf' })).error?.status,
      overwrite: (await docs.update('id/passport.pdf', pdf(), { contentType: 'application/pdf' })).error?.status,
      remove: (await docs.remove(['id/passport.pdf'])).error?.status,
      move: (await docs.move('id/passport.pdf', 'id/moved.pdf')).error?.status,
      copyOut: (await docs.copy('id/passport.pdf', 'stolen.pdf', { destinationBucket: b.buckets.documents })).error?.status,
      moveIn: (await b.sb.storage.from(b.buckets.documents).upload('mine.pdf', pdf(), { contentType: 'application/pdf' })).error
        ? 'setup failed'
        : (await b.sb.storage.from(b.buckets.documents).move('mine.pdf', 'planted.pdf', { destinationBucket: a.buckets.documents })).error
            ?.status,
      sign: (await docs.createSignedUrl('id/passport.pdf', 60)).error?.status,
      signMany: (await docs.createSignedUrls(['id/passport.pdf'], 60)).error?.status,
      signUpload: (await docs.createSignedUploadUrl('planted.pdf')).error?.status,
      updateBucket: (await b.sb.storage.updateBucket(a.buckets.documents, { public: true })).error?.status,
      emptyBucket: (await b.sb.storage.emptyBucket(a.buckets.documents)).error?.status,
      deleteBucket: (await b.sb.storage.deleteBucket(a.buckets.public)).error?.status,
    };
    expect(results).toEqual({
      list: 404,
      download: 404,
      info: 404,
      exists: false,
      upload: 404,
      overwrite: 404,
      remove: 404,
      move: 404,
      copyOut: 404,
      moveIn: 404,
      sign: 404,
      signMany: 404,
      signUpload: 404,
      updateBucket: 404,
      emptyBucket: 404,
      deleteBucket: 404,
    });
    // A's files are untouched and still A's alone.
    const own = await a.sb.storage.from(a.buckets.documents).list('id');
    expect(own.data!.map((o) => o.name)).toEqual(['passport.pdf']);
    expect((await a.sb.storage.getBucket(a.buckets.documents)).data?.public).toBe(false);
  });

  it('serves a public bucket to anyone, without sign-in, and nothing else to anonymous callers', async () => {
    const url = env.anon.storage.from(a.buckets.public).getPublicUrl('logo.png').data.publicUrl;
    expect((await fetch(url)).status).toBe(200);
    expect((await fetch(url.replace(a.buckets.public, a.buckets.documents).replace('logo.png', 'id/passport.pdf'))).status).toBe(404);
    expect((await env.anon.storage.from(a.buckets.documents).download('id/passport.pdf')).error?.status).toBe(401);
    const noKey = await rawRequest(env.url, { method: 'GET', path: `/storage/v1/object/${a.buckets.documents}/id/passport.pdf` });
    expect(noKey).toEqual({ status: 401, json: expect.objectContaining({ statusCode: '401' }) });
    const badToken = await rawRequest(env.url, {
      method: 'GET',
      path: '/storage/v1/bucket',
      headers: { authorization: 'Bearer not.a.token' },
    });
    expect(badToken.status).toBe(401);
  });

  it('refuses storage to members without vendor_management or assets (a vendor account acting for no vendor), and to users of no organization', async () => {
    const vendor = await signedInMember(env, 'market_vendor', { id: a.orgId, slug: a.slug });
    const denied = await vendor.sb.storage.from(a.buckets.documents).download('id/passport.pdf');
    expect(denied.error).toMatchObject({ status: 403, statusCode: '403' });
    expect((await vendor.sb.storage.listBuckets()).error?.status).toBe(403);

    const loner = await createUser(env.t.app, {});
    const sb = client(env.url, env.t.app.ctx.keys.anon);
    await sb.auth.signInWithPassword({ email: loner.email, password: TEST_PASSWORD });
    expect((await sb.storage.listBuckets()).error?.status).toBe(403);
  });

  it('gives the service key every bucket', async () => {
    const dl = await env.service.storage.from(a.buckets.documents).download('id/passport.pdf');
    expect(dl.error).toBeNull();
    const ids = (await env.service.storage.listBuckets()).data!.map((x) => x.id);
    expect(ids).toEqual(expect.arrayContaining([a.buckets.documents, b.buckets.documents]));
  });
});
