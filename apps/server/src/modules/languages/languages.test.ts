import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import { bearer, createOrg, createUser, tokenFor } from '../../../test/factories.js';
import { createTestApp, driver, type TestContext } from '../../../test/harness.js';

let t: TestContext;
let admin: Record<string, string>;
let marketing: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  const org = await createOrg(t.app);
  admin = bearer(await tokenFor(t.app, await createUser(t.app, { orgId: org.id, role: 'super_admin' })));
  marketing = bearer(await tokenFor(t.app, await createUser(t.app, { orgId: org.id, role: 'marketing' })));
});
afterAll(async () => t?.close());

describe(`languages and translations (${driver})`, () => {
  it('lists the built-in languages publicly, by sort order', async () => {
    const res = await t.app.inject({ url: '/api/v1/languages' });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((l: { code: string }) => l.code)).toEqual(['en', 'ar']);
    expect(res.json()[1]).toMatchObject({ nativeName: 'العربية', textDirection: 'rtl', isDefault: false });
  });

  it('lets master_data holders add, change and remove a language, and nobody else', async () => {
    const body = { code: 'fr', name: 'French', nativeName: 'Français', sortOrder: 3 };
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/languages', payload: body })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/languages', headers: marketing, payload: body })).statusCode).toBe(403);
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/languages', headers: admin, payload: body });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const dup = await t.app.inject({ method: 'POST', url: '/api/v1/languages', headers: admin, payload: body });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.fields[0].field).toBe('code');
    const changed = await t.app.inject({ method: 'PATCH', url: `/api/v1/languages/${id}`, headers: admin, payload: { isActive: false } });
    expect(changed.json().isActive).toBe(false);
    const active = (await t.app.inject({ url: '/api/v1/languages', headers: admin })).json().map((l: { code: string }) => l.code);
    expect(active).not.toContain('fr');
    const all = (await t.app.inject({ url: '/api/v1/languages?all=true', headers: admin })).json().map((l: { code: string }) => l.code);
    expect(all).toContain('fr');
    // The organization's language is its own (decision 010): the shipped set seen before sign-in does not change.
    expect((await t.app.inject({ url: '/api/v1/languages?all=true' })).json().map((l: { code: string }) => l.code)).toEqual(['en', 'ar']);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/languages/${id}`, headers: admin })).statusCode).toBe(200);
    const audits = await t.app.ctx.db.select().from(auditLog);
    expect(audits.filter((a) => a.entityId === id).map((a) => a.action)).toEqual(['create', 'update', 'delete']);
  });

  it('keeps exactly one default language, which cannot be removed or deactivated', async () => {
    const langs = (await t.app.inject({ url: '/api/v1/languages' })).json();
    const en = langs.find((l: { code: string }) => l.code === 'en');
    const ar = langs.find((l: { code: string }) => l.code === 'ar');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/languages/${en.id}`, headers: admin })).statusCode).toBe(409);
    const off = await t.app.inject({ method: 'PATCH', url: `/api/v1/languages/${en.id}`, headers: admin, payload: { isActive: false } });
    expect(off.statusCode).toBe(422);
    expect(off.json().error.fields[0].field).toBe('isActive');
    await t.app.inject({ method: 'PATCH', url: `/api/v1/languages/${ar.id}`, headers: admin, payload: { isDefault: true } });
    const after = (await t.app.inject({ url: '/api/v1/languages', headers: admin })).json();
    expect(after.filter((l: { isDefault: boolean }) => l.isDefault).map((l: { code: string }) => l.code)).toEqual(['ar']);
    await t.app.inject({ method: 'PATCH', url: `/api/v1/languages/${en.id}`, headers: admin, payload: { isDefault: true } });
  });

  it("serves the seeded shell translations and lets master_data edit them for its organization", async () => {
    const ar = (await t.app.inject({ url: '/api/v1/translations?language=ar' })).json();
    const title = ar.find((x: { key: string }) => x.key === 'sidebar.title');
    expect(title.value).toBe('الإدارة');
    const upd = await t.app.inject({ method: 'PATCH', url: `/api/v1/translations/${title.id}`, headers: admin, payload: { value: 'المشرف' } });
    expect(upd.json().value).toBe('المشرف');
    expect((await t.app.inject({ url: '/api/v1/translations?language=ar', headers: admin })).json().find((x: { key: string }) => x.key === 'sidebar.title').value).toBe('المشرف');
    expect((await t.app.inject({ url: '/api/v1/translations?language=ar' })).json().find((x: { key: string }) => x.key === 'sidebar.title').value).toBe('الإدارة');
    const bad = await t.app.inject({ method: 'POST', url: '/api/v1/translations', headers: admin, payload: { key: 'x.y', language: 'zz', value: 'v' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields[0].field).toBe('language');
    const dup = await t.app.inject({ method: 'POST', url: '/api/v1/translations', headers: admin, payload: { key: 'sidebar.title', language: 'ar', value: 'v' } });
    expect(dup.statusCode).toBe(409);
    const missing = await t.app.inject({ method: 'DELETE', url: '/api/v1/translations/00000000-0000-4000-8000-000000000000', headers: admin });
    expect(missing.statusCode).toBe(404);
  });
});
