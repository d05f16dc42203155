import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, buckets } from '../../db/schema/index.js';
import { driver } from '../../../test/harness.js';
import { ensureOrgBuckets, orgBucketIds } from './storage.service.js';
import { signedInMember, startStorageApp, type Member, type StorageEnv } from './storage.test-support.js';

let env: StorageEnv;
let admin: Member;
let manager: Member;

beforeAll(async () => {
  env = await startStorageApp();
  admin = await signedInMember(env, 'super_admin');
  manager = await signedInMember(env, 'vendor_manager', { id: admin.orgId, slug: admin.slug });
});
afterAll(async () => env?.close());

describe(`storage buckets through supabase-js (${driver})`, () => {
  it('gives every organization its documents (private) and public buckets on first use, once', async () => {
    const { data, error } = await manager.sb.storage.listBuckets();
    expect(error).toBeNull();
    expect(data!.map((b) => [b.id, b.public])).toEqual([
      [`${admin.slug}-documents`, false],
      [`${admin.slug}-public`, true],
    ]);
    expect(orgBucketIds(admin.slug)).toEqual({ documents: `${admin.slug}-documents`, public: `${admin.slug}-public` });
    const got = await manager.sb.storage.getBucket(admin.buckets.documents);
    expect(got.data).toMatchObject({
      id: admin.buckets.documents,
      name: admin.buckets.documents,
      public: false,
      file_size_limit: null,
      allowed_mime_types: null,
    });
    // Idempotent, also called directly by other modules.
    await ensureOrgBuckets(env.t.app.ctx.db, { id: admin.orgId, slug: admin.slug });
    const rows = await env.t.app.ctx.db.select().from(buckets).where(eq(buckets.orgId, admin.orgId));
    expect(rows).toHaveLength(2);
  });

  it('lets a super admin create, change, empty and delete a bucket, audited', async () => {
    const id = `${admin.slug}-site-plans`;
    const created = await admin.sb.storage.createBucket(id, { public: true, fileSizeLimit: '2MB', allowedMimeTypes: ['image/*'] });
    expect(created).toEqual({ data: { name: id }, error: null });
    expect((await admin.sb.storage.getBucket(id)).data).toMatchObject({
      public: true,
      file_size_limit: 2 * 1024 * 1024,
      allowed_mime_types: ['image/*'],
    });

    const again = await admin.sb.storage.createBucket(id, { public: false });
    expect(again.error).toMatchObject({ status: 409, statusCode: '409' });

    const updated = await admin.sb.storage.updateBucket(id, { public: false, fileSizeLimit: 1024, allowedMimeTypes: null });
    expect(updated).toEqual({ data: { message: 'Successfully updated' }, error: null });
    expect((await admin.sb.storage.getBucket(id)).data).toMatchObject({ public: false, file_size_limit: 1024, allowed_mime_types: null });

    await admin.sb.storage.from(id).upload('a.txt', Buffer.from('hello'), { contentType: 'text/plain' });
    const notEmpty = await admin.sb.storage.deleteBucket(id);
    expect(notEmpty.error).toMatchObject({ status: 409, message: 'The bucket you tried to delete is not empty' });
    expect((await admin.sb.storage.emptyBucket(id)).data).toEqual({ message: 'Successfully emptied' });
    expect((await admin.sb.storage.from(id).list()).data).toEqual([]);
    expect((await admin.sb.storage.deleteBucket(id)).data).toEqual({ message: 'Successfully deleted' });
    expect((await admin.sb.storage.getBucket(id)).error).toMatchObject({ status: 404, statusCode: '404' });

    const trail = await env.t.app.ctx.db
      .select({ action: auditLog.action, type: auditLog.entityType, actor: auditLog.actorId })
      .from(auditLog)
      .where(and(eq(auditLog.orgId, admin.orgId)));
    const actions = trail.map((t) => `${t.type}:${t.action}`);
    expect(actions).toEqual(
      expect.arrayContaining([
        'storage_bucket:create',
        'storage_bucket:update',
        'storage_bucket:delete',
        'storage_object:upload',
        'storage_object:delete',
      ]),
    );
    expect(trail.every((t) => t.actor === admin.userId)).toBe(true);
  });

  it('keeps bucket names inside the organization and the standard buckets as they are', async () => {
    const foreign = await admin.sb.storage.createBucket('someone-else', { public: false });
    expect(foreign.error).toMatchObject({ status: 400, statusCode: '400' });
    expect(foreign.error?.message).toContain(`start with "${admin.slug}-"`);
    // Another organization's future standard bucket name cannot be squatted.
    expect((await admin.sb.storage.createBucket(`${admin.slug}-x-documents`, { public: false })).error?.status).toBe(400);
    expect((await admin.sb.storage.createBucket(`${admin.slug}-bad/name`, { public: false })).error?.status).toBe(400);
    expect((await admin.sb.storage.createBucket(`${admin.slug}-big`, { public: false, fileSizeLimit: '60MB' })).error?.message).toContain(
      'file_size_limit',
    );
    expect((await admin.sb.storage.updateBucket(admin.buckets.documents, { public: true })).error?.status).toBe(400);
    expect((await admin.sb.storage.deleteBucket(admin.buckets.public)).error?.status).toBe(400);
    expect((await admin.sb.storage.getBucket(admin.buckets.documents)).data?.public).toBe(false);
  });

  it('refuses bucket management to a vendor manager, who still reads the buckets', async () => {
    const id = `${admin.slug}-mine`;
    const denied = await manager.sb.storage.createBucket(id, { public: false });
    expect(denied.error).toMatchObject({ status: 403, statusCode: '403' });
    expect((await manager.sb.storage.updateBucket(admin.buckets.documents, { public: false })).error?.status).toBe(403);
    expect((await manager.sb.storage.emptyBucket(admin.buckets.documents)).error?.status).toBe(403);
    expect((await manager.sb.storage.deleteBucket(admin.buckets.documents)).error?.status).toBe(403);
    expect((await manager.sb.storage.getBucket(admin.buckets.documents)).error).toBeNull();
  });

  it('lists buckets with limit, offset, search and sort', async () => {
    for (const n of ['b-one', 'b-two', 'b-three']) {
      expect((await admin.sb.storage.createBucket(`${admin.slug}-${n}`, { public: false })).error).toBeNull();
    }
    const all = await admin.sb.storage.listBuckets({ search: 'b-t', sortColumn: 'name', sortOrder: 'desc' });
    expect(all.data!.map((b) => b.id)).toEqual([`${admin.slug}-b-two`, `${admin.slug}-b-three`]);
    const page = await admin.sb.storage.listBuckets({ limit: 2, offset: 1, sortColumn: 'id', sortOrder: 'asc' });
    expect(page.data!.map((b) => b.id)).toEqual([`${admin.slug}-b-three`, `${admin.slug}-b-two`]);
    const bad = await admin.sb.storage.listBuckets({ limit: 0 });
    expect(bad.error?.status).toBe(400);
  });

  it('lets the service key manage buckets of no organization, which members never see', async () => {
    const id = 'platform-exports';
    expect((await env.service.storage.createBucket(id, { public: false })).error).toBeNull();
    expect((await env.service.storage.listBuckets()).data!.map((b) => b.id)).toContain(id);
    expect((await admin.sb.storage.getBucket(id)).error).toMatchObject({ status: 404 });
    expect((await admin.sb.storage.listBuckets()).data!.map((b) => b.id)).not.toContain(id);
    expect((await env.service.storage.deleteBucket(id)).error).toBeNull();
  });
});
