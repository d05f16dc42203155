import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createOrg, createUser, tokenFor } from '../../../test/factories.js';
import { createTestApp, driver, type TestContext } from '../../../test/harness.js';
import { sendCurrentVersions } from '../../../test/lib/current-versions.js';

// GET /translations/dictionary: the app's runtime texts of one language, by key, with the reader's
// organization's values in front (decision 010); the same texts as GET /translations, far fewer bytes.
let t: TestContext;
let org: { id: string; slug: string };
let admin: Record<string, string>;
let stranger: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  sendCurrentVersions(t.app);
  org = await createOrg(t.app);
  const other = await createOrg(t.app);
  admin = bearer(await tokenFor(t.app, await createUser(t.app, { orgId: org.id, role: 'super_admin' })));
  stranger = bearer(await tokenFor(t.app, await createUser(t.app, { orgId: other.id, role: 'admin' })));
});
afterAll(async () => t?.close());

type Full = { id: string; key: string; language: string; value: string };
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url: `/api/v1${url}`, headers });
const dictionary = async (query: string, headers: Record<string, string> = {}) => {
  const res = await get(`/translations/dictionary?${query}`, headers);
  expect(res.statusCode).toBe(200);
  return res.json() as { language: string; version: string; texts: Record<string, string> | null };
};
const asDictionary = (rows: Full[]) => Object.fromEntries(rows.map((r) => [r.key, r.value]));

describe(`the runtime dictionary (${driver})`, () => {
  it('holds exactly the texts of the full list for that language, for the shipped set and for a member', async () => {
    for (const language of ['en', 'ar']) {
      const full: Full[] = (await get(`/translations?language=${language}`)).json();
      expect(full.length).toBeGreaterThan(100);
      expect(await dictionary(`language=${language}`)).toEqual({ language, version: expect.any(String), texts: asDictionary(full) });
    }
    const full: Full[] = (await get('/translations?language=en', admin)).json();
    expect((await dictionary('language=en', admin)).texts).toEqual(asDictionary(full));
  });

  it("puts the organization's values in front and adds its own keys, for its members and for ?org= only", async () => {
    const shipped = ((await get('/translations?language=en')).json() as Full[]).find((r) => r.key === 'auth.signIn')!;
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/translations/${shipped.id}`,
      headers: admin,
      payload: { value: 'Enter the office' },
    });
    expect(changed.statusCode).toBe(200);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/v1/translations',
      headers: admin,
      payload: { key: 'dictionary.own', language: 'en', value: 'Only ours' },
    });
    expect(added.statusCode).toBe(201);

    for (const [query, headers] of [
      ['language=en', admin],
      [`language=en&org=${org.slug}`, {}],
    ] as const) {
      const { texts } = await dictionary(query, headers);
      expect(texts!['auth.signIn']).toBe('Enter the office');
      expect(texts!['dictionary.own']).toBe('Only ours');
    }
    for (const headers of [{}, stranger]) {
      const { texts } = await dictionary('language=en', headers);
      expect(texts!['auth.signIn']).toBe('Sign in');
      expect(texts!['dictionary.own']).toBeUndefined();
    }
    // Another language's view is not touched by an English text.
    expect((await dictionary('language=ar', admin)).texts!['dictionary.own']).toBeUndefined();
  });

  it('leaves the texts out when the reader names the current version, and sends them again once they change', async () => {
    const first = await dictionary('language=ar', admin);
    expect(first.texts).not.toBeNull();
    expect(await dictionary(`language=ar&known=${first.version}`, admin)).toEqual({ language: 'ar', version: first.version, texts: null });
    // The same version for the same texts, whoever asks; a stale or foreign version gets the texts.
    expect((await dictionary('language=ar', stranger)).version).toBe(first.version);
    expect((await dictionary(`language=en&known=${first.version}`, admin)).texts).not.toBeNull();
    expect((await dictionary('language=ar&known=something-old', admin)).texts).toEqual(first.texts);

    const added = await t.app.inject({
      method: 'POST',
      url: '/api/v1/translations',
      headers: admin,
      payload: { key: 'dictionary.versioned', language: 'ar', value: 'نص جديد' },
    });
    expect(added.statusCode).toBe(201);
    const after = await dictionary(`language=ar&known=${first.version}`, admin);
    expect(after.version).not.toBe(first.version);
    expect(after.texts!['dictionary.versioned']).toBe('نص جديد');
    // The other organization's version is untouched by this one's text.
    expect((await dictionary(`language=ar&known=${first.version}`, stranger)).texts).toBeNull();
  });

  it('answers an unknown language with no texts, and refuses a missing or overlong one naming the field', async () => {
    expect(await dictionary('language=xx')).toEqual({ language: 'xx', version: expect.any(String), texts: {} });
    for (const query of ['', 'language=', `language=${'a'.repeat(21)}`, `language=en&known=${'v'.repeat(101)}`]) {
      const res = await get(`/translations/dictionary?${query}`);
      expect(res.statusCode, query).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, query).toBeLessThan(500);
      expect(res.body, query).toContain(query.includes('known') ? 'known' : 'language');
    }
    expect([400, 422]).toContain((await get('/translations/dictionary?language=en&extra=1')).statusCode);
  });

  it('is a fraction of the full answer in bytes', async () => {
    const full = (await get('/translations?language=en')).body.length;
    const compact = (await get('/translations/dictionary?language=en')).body.length;
    expect(compact).toBeLessThan(full / 2);
  });
});
