import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languages, translations } from '../../db/schema/index.js';
import { bearer, createOrg, createUser, tokenFor } from '../../../test/factories.js';
import { createTestApp, driver, type TestContext } from '../../../test/harness.js';
import { sendCurrentVersions } from '../../../test/lib/current-versions.js';

// Issue 12, item 4: one organization's master_data user rewrote the sign-in strings of every organization.
let t: TestContext;
let orgA: { id: string; slug: string };
let a: Record<string, string>;
let b: Record<string, string>;
let bMember: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  sendCurrentVersions(t.app);
  orgA = await createOrg(t.app);
  const orgB = await createOrg(t.app);
  a = bearer(await tokenFor(t.app, await createUser(t.app, { orgId: orgA.id, role: 'super_admin' })));
  b = bearer(await tokenFor(t.app, await createUser(t.app, { orgId: orgB.id, role: 'admin' })));
  bMember = bearer(await tokenFor(t.app, await createUser(t.app, { orgId: orgB.id, role: 'marketing' })));
});
afterAll(async () => t?.close());

type Row = { id: string; key: string; language: string; value: string; overridden?: boolean; shippedValue?: string };
type Lang = { id: string; code: string; isActive: boolean; isDefault: boolean; shipped: boolean; overridden: boolean; name: string };
const texts = async (headers: Record<string, string> = {}, query = 'language=en'): Promise<Row[]> => {
  const res = await t.app.inject({ url: `/api/v1/translations?${query}`, headers });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const text = async (key: string, headers: Record<string, string> = {}, query = 'language=en') =>
  (await texts(headers, query)).find((r) => r.key === key);
const langs = async (headers: Record<string, string> = {}, query = 'all=true'): Promise<Lang[]> =>
  (await t.app.inject({ url: `/api/v1/languages?${query}`, headers })).json();
const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });

describe(`organizations keep their own texts (${driver})`, () => {
  it("regression: org A's change of a shipped sign-in string leaves org B and the sign-in page alone, and never writes the shipped row", async () => {
    const shipped = (await text('auth.signIn'))!;
    expect(shipped.value).toBe('Sign in');
    const changed = await send('PATCH', `/translations/${shipped.id}`, a, { value: 'Pwned by A' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id: shipped.id, value: 'Pwned by A', overridden: true, shippedValue: 'Sign in' });

    expect((await text('auth.signIn'))!.value).toBe('Sign in');
    expect((await text('auth.signIn', bMember))!.value).toBe('Sign in');
    expect((await text('auth.signIn', a))!.value).toBe('Pwned by A');
    const [row] = await t.app.ctx.db.select().from(translations).where(eq(translations.id, shipped.id));
    expect(row!.value).toBe('Sign in');
    // Removing the shipped row is refused for everyone, with or without an override of their own.
    expect((await send('DELETE', `/translations/${shipped.id}`, b)).statusCode).toBe(409);
    expect((await t.app.ctx.db.select().from(translations).where(eq(translations.id, shipped.id))).length).toBe(1);
  });

  it('resets an override to the shipped text', async () => {
    const shipped = (await text('sidebar.title', {}, 'language=ar'))!;
    await send('PATCH', `/translations/${shipped.id}`, b, { value: 'المشرف' });
    expect(await text('sidebar.title', b, 'language=ar')).toMatchObject({ value: 'المشرف', overridden: true, shippedValue: 'الإدارة' });
    expect((await send('DELETE', `/translations/${shipped.id}`, b)).statusCode).toBe(200);
    const back = await text('sidebar.title', b, 'language=ar');
    expect(back).toMatchObject({ id: shipped.id, value: 'الإدارة', overridden: false });
    expect(back!.shippedValue).toBeUndefined();
    expect((await send('DELETE', `/translations/${shipped.id}`, b)).statusCode).toBe(409);
  });

  it("keeps an organization's own keys to itself: read, update and delete by another organization find nothing", async () => {
    const created = await send('POST', '/translations', a, { key: 'orgA.only', language: 'en', value: 'A secret label' });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(await text('orgA.only', a)).toMatchObject({ id, value: 'A secret label', overridden: false });
    expect(await text('orgA.only', b)).toBeUndefined();
    expect(await text('orgA.only')).toBeUndefined();
    expect((await send('PATCH', `/translations/${id}`, b, { value: 'B was here' })).statusCode).toBe(404);
    expect((await send('DELETE', `/translations/${id}`, b)).statusCode).toBe(404);
    expect((await text('orgA.only', a))!.value).toBe('A secret label');
    // B may have the same key with its own text.
    expect((await send('POST', '/translations', b, { key: 'orgA.only', language: 'en', value: 'B label' })).statusCode).toBe(201);
    expect((await text('orgA.only', a))!.value).toBe('A secret label');
    expect((await send('POST', '/translations', a, { key: 'orgA.only', language: 'en', value: 'again' })).statusCode).toBe(409);
    // A shipped key in a shipped language already has a text: it is changed, not added.
    expect((await send('POST', '/translations', a, { key: 'auth.signIn', language: 'en', value: 'x' })).statusCode).toBe(409);
    expect((await send('DELETE', `/translations/${id}`, a)).statusCode).toBe(200);
    expect(await text('orgA.only', a)).toBeUndefined();
  });

  it("serves a public page named with ?org= its organization's texts, and the shipped set for an unknown one", async () => {
    const shipped = (await text('auth.email'))!;
    await send('PATCH', `/translations/${shipped.id}`, a, { value: 'Work e-mail' });
    expect((await text('auth.email', {}, `language=en&org=${orgA.slug}`))!.value).toBe('Work e-mail');
    expect((await text('auth.email', {}, 'language=en&org=no-such-org'))!.value).toBe(shipped.value);
    expect((await text('auth.email'))!.value).toBe(shipped.value);
  });

  it('keeps languages apart: added, switched off or made default in one organization only', async () => {
    const fr = await send('POST', '/languages', a, { code: 'fr', name: 'French', nativeName: 'Français', sortOrder: 3 });
    expect(fr.statusCode).toBe(201);
    expect(fr.json()).toMatchObject({ code: 'fr', shipped: false });
    const frId = fr.json().id;
    expect((await langs(a)).map((l) => l.code)).toContain('fr');
    expect((await langs(b)).map((l) => l.code)).not.toContain('fr');
    expect((await langs()).map((l) => l.code)).toEqual(['en', 'ar']);
    expect((await send('PATCH', `/languages/${frId}`, b, { name: 'Mine' })).statusCode).toBe(404);
    expect((await send('DELETE', `/languages/${frId}`, b)).statusCode).toBe(404);
    // A text in A's language is A's only; B has no such language.
    expect((await send('POST', '/translations', a, { key: 'nav.dashboard', language: 'fr', value: 'Tableau de bord' })).statusCode).toBe(
      201,
    );
    const bFr = await send('POST', '/translations', b, { key: 'nav.dashboard', language: 'fr', value: 'x' });
    expect(bFr.statusCode).toBe(422);
    expect(bFr.json().error.fields[0].field).toBe('language');
    expect(await texts(b, 'language=fr')).toEqual([]);

    const ar = (await langs()).find((l) => l.code === 'ar')!;
    const made = await send('PATCH', `/languages/${ar.id}`, a, { isDefault: true, isActive: true });
    expect(made.json()).toMatchObject({ id: ar.id, isDefault: true, overridden: true });
    const en = (await langs()).find((l) => l.code === 'en')!;
    expect((await send('PATCH', `/languages/${en.id}`, a, { isActive: false })).statusCode).toBe(200);
    expect((await langs(a, '')).map((l) => l.code)).toEqual(['ar', 'fr']);
    expect((await langs(b, '')).find((l) => l.isDefault)!.code).toBe('en');
    expect((await langs(b, '')).map((l) => l.code)).toEqual(['en', 'ar']);
    expect((await langs({}, '')).map((l) => [l.code, l.isDefault])).toEqual([
      ['en', true],
      ['ar', false],
    ]);
    const shippedRows = await t.app.ctx.db.select().from(languages);
    expect(shippedRows.map((l) => [l.code, l.isDefault, l.isActive]).sort()).toEqual([
      ['ar', false, true],
      ['en', true, true],
    ]);

    // Resetting: the default cannot be reset away from a language that is not the shipped default; others can.
    expect((await send('DELETE', `/languages/${ar.id}`, a)).statusCode).toBe(409);
    expect((await send('DELETE', `/languages/${frId}`, a)).statusCode).toBe(200);
    expect(await texts(a, 'language=fr')).toEqual([]);
    expect((await send('PATCH', `/languages/${en.id}`, a, { isDefault: true, isActive: true })).statusCode).toBe(200);
    expect((await send('DELETE', `/languages/${ar.id}`, a)).statusCode).toBe(200);
    expect((await send('DELETE', `/languages/${en.id}`, a)).statusCode).toBe(200);
    expect((await langs(a)).map((l) => [l.code, l.isDefault, l.overridden])).toEqual([
      ['en', true, false],
      ['ar', false, false],
    ]);
    // Nothing of its own left: a shipped language cannot be removed.
    expect((await send('DELETE', `/languages/${en.id}`, a)).statusCode).toBe(409);
  });

  it('lets the same code be added by two organizations, and refuses a code the shipped set has', async () => {
    expect((await send('POST', '/languages', a, { code: 'de', name: 'German', nativeName: 'Deutsch' })).statusCode).toBe(201);
    expect((await send('POST', '/languages', b, { code: 'de', name: 'German', nativeName: 'Deutsch' })).statusCode).toBe(201);
    expect((await send('POST', '/languages', a, { code: 'de', name: 'German', nativeName: 'Deutsch' })).statusCode).toBe(409);
    const shippedCode = await send('POST', '/languages', b, { code: 'ar', name: 'Arabic', nativeName: 'العربية' });
    expect(shippedCode.statusCode).toBe(409);
    expect(shippedCode.json().error.fields[0].field).toBe('code');
  });
});
