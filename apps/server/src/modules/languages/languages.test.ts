import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import { bearer, createOrg, createUser, tokenFor } from '../../../test/factories.js';
import { createTestApp, driver, type TestContext } from '../../../test/harness.js';
import { sendCurrentVersions } from '../../../test/lib/current-versions.js';

let t: TestContext;
let admin: Record<string, string>;
let marketing: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  sendCurrentVersions(t.app);
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

  it('serves the seeded shell translations and lets master_data edit them for its organization', async () => {
    const ar = (await t.app.inject({ url: '/api/v1/translations?language=ar' })).json();
    const title = ar.find((x: { key: string }) => x.key === 'sidebar.title');
    expect(title.value).toBe('الإدارة');
    const upd = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/translations/${title.id}`,
      headers: admin,
      payload: { value: 'المشرف' },
    });
    expect(upd.json().value).toBe('المشرف');
    expect(
      (await t.app.inject({ url: '/api/v1/translations?language=ar', headers: admin }))
        .json()
        .find((x: { key: string }) => x.key === 'sidebar.title').value,
    ).toBe('المشرف');
    expect(
      (await t.app.inject({ url: '/api/v1/translations?language=ar' })).json().find((x: { key: string }) => x.key === 'sidebar.title')
        .value,
    ).toBe('الإدارة');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/translations',
      headers: admin,
      payload: { key: 'x.y', language: 'zz', value: 'v' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields[0].field).toBe('language');
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/v1/translations',
      headers: admin,
      payload: { key: 'sidebar.title', language: 'ar', value: 'v' },
    });
    expect(dup.statusCode).toBe(409);
    const missing = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/translations/00000000-0000-4000-8000-000000000000',
      headers: admin,
    });
    expect(missing.statusCode).toBe(404);
  });

  describe('edits name the version they were based on (issue 12, item 15)', () => {
    type Row = { id: string; code?: string; key?: string; updatedAt: string; isDefault?: boolean; value?: string; name?: string };
    async function freshAdmin() {
      const org = await createOrg(t.app);
      const h = bearer(await tokenFor(t.app, await createUser(t.app, { orgId: org.id, role: 'super_admin' })));
      const list = async (url: string) => (await t.app.inject({ url, headers: h })).json() as Row[];
      const patch = (url: string, payload: object) => t.app.inject({ method: 'PATCH', url, headers: h, payload });
      return { h, list, patch };
    }

    it('two first edits of one shipped text at once: one is saved, the other is stale', async () => {
      const a = await freshAdmin();
      const title = (await a.list('/api/v1/translations?language=en')).find((x) => x.key === 'sidebar.title')!;
      const res = await Promise.all(
        ['One', 'Two'].map((value) => a.patch(`/api/v1/translations/${title.id}`, { value, expectedUpdatedAt: title.updatedAt })),
      );
      expect(res.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const won = res.find((r) => r.statusCode === 200)!.json();
      expect((await a.list('/api/v1/translations?language=en')).find((x) => x.id === title.id)).toMatchObject({
        value: won.value,
        overridden: true,
        updatedAt: won.updatedAt,
      });
    });

    it('two first edits of one shipped language at once: one is saved, the other is stale', async () => {
      const a = await freshAdmin();
      const ar = (await a.list('/api/v1/languages?all=true')).find((l) => l.code === 'ar')!;
      const res = await Promise.all(
        ['One', 'Two'].map((name) => a.patch(`/api/v1/languages/${ar.id}`, { name, expectedUpdatedAt: ar.updatedAt })),
      );
      expect(res.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    });

    it('a text reset to shipped since the screen loaded it is stale', async () => {
      const a = await freshAdmin();
      const title = (await a.list('/api/v1/translations?language=en')).find((x) => x.key === 'sidebar.title')!;
      const mine = (await a.patch(`/api/v1/translations/${title.id}`, { value: 'Mine', expectedUpdatedAt: title.updatedAt })).json();
      expect(mine.updatedAt).not.toBe(title.updatedAt);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/translations/${title.id}`, headers: a.h })).statusCode).toBe(200);
      const late = await a.patch(`/api/v1/translations/${title.id}`, { value: 'Late', expectedUpdatedAt: mine.updatedAt });
      expect(late.statusCode).toBe(409);
      expect((await a.list('/api/v1/translations?language=en')).find((x) => x.id === title.id)).toMatchObject({
        value: title.value,
        overridden: false,
      });
    });

    it('the shipped default another language displaced has changed for a screen that loaded it as the default', async () => {
      const a = await freshAdmin();
      const all = await a.list('/api/v1/languages?all=true');
      const [en, ar] = ['en', 'ar'].map((c) => all.find((l) => l.code === c));
      expect(en).toMatchObject({ code: 'en', isDefault: true });
      expect((await a.patch(`/api/v1/languages/${ar!.id}`, { isDefault: true, expectedUpdatedAt: ar!.updatedAt })).statusCode).toBe(200);
      const now = (await a.list('/api/v1/languages?all=true')).find((l) => l.id === en!.id)!;
      expect(now).toMatchObject({ isDefault: false });
      expect(now.updatedAt).not.toBe(en!.updatedAt);
      // A screen still showing English as the default would make it the default again: refused.
      const stale = await a.patch(`/api/v1/languages/${en!.id}`, { isDefault: true, expectedUpdatedAt: en!.updatedAt });
      expect(stale.statusCode).toBe(409);
      expect((await a.list('/api/v1/languages?all=true')).filter((l) => l.isDefault).map((l) => l.code)).toEqual(['ar']);
    });
  });
});
