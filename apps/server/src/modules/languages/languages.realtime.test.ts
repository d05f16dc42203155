import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createOrg, createUser, tokenFor } from '../../../test/factories.js';
import { driver, type TestContext } from '../../../test/harness.js';
import { clientsClosedAfterEach, startListeningApp, watchTable } from '../realtime/realtime.test-utils.js';

// The SPA reloads its texts on these changes; an organization's own rows must reach its members only.
let t: TestContext;
const clients = clientsClosedAfterEach();
beforeAll(async () => {
  t = await startListeningApp();
});
afterAll(async () => t?.close());

const watcher = (table: string, token?: string) => watchTable(t.app, clients, table, { token });

describe(`realtime scope of organization texts (${driver})`, () => {
  it("announces an organization's texts and languages to its own members only", async () => {
    const orgA = await createOrg(t.app);
    const orgB = await createOrg(t.app);
    const alice = await createUser(t.app, { orgId: orgA.id, role: 'super_admin' });
    const bob = await createUser(t.app, { orgId: orgB.id, role: 'super_admin' });
    const aliceToken = await tokenFor(t.app, alice);
    const aTexts = await watcher('translation_overrides', aliceToken);
    const bTexts = await watcher('translation_overrides', await tokenFor(t.app, bob));
    const aLangs = await watcher('organization_languages', aliceToken);
    const bLangs = await watcher('organization_languages', await tokenFor(t.app, bob));
    for (const w of [aTexts, bTexts, aLangs, bLangs]) expect(w.join).toEqual({ status: 'SUBSCRIBED' });
    // Before sign-in only the shipped tables can be followed.
    expect((await watcher('translation_overrides')).join.status).toBe('CHANNEL_ERROR');
    expect((await watcher('translations')).join).toEqual({ status: 'SUBSCRIBED' });

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/translations',
      headers: bearer(aliceToken),
      payload: { key: 'rt.only', language: 'en', value: 'A' },
    });
    expect(res.statusCode).toBe(201);
    expect((await aTexts.inbox.next()).new).toMatchObject({ org_id: orgA.id, key: 'rt.only', value: 'A' });
    await bTexts.inbox.expectNothing();

    const lang = await t.app.inject({
      method: 'POST',
      url: '/api/v1/languages',
      headers: bearer(aliceToken),
      payload: { code: 'it', name: 'Italian', nativeName: 'Italiano' },
    });
    expect(lang.statusCode).toBe(201);
    expect((await aLangs.inbox.next()).new).toMatchObject({ org_id: orgA.id, code: 'it' });
    await bLangs.inbox.expectNothing();
  });
});
