import { bearer, createOrg, createUser, tokenFor } from '../../../test/factories.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { sendCurrentVersions } from '../../../test/lib/current-versions.js';

export type Headers = Record<string, string>;

/** A master-data editor of a fresh organization, plus a user of the same org without the permission. */
export async function orgAdmin(t: TestContext): Promise<{ orgId: string; admin: Headers; marketing: Headers }> {
  const org = await createOrg(t.app);
  const admin = bearer(await tokenFor(t.app, await createUser(t.app, { orgId: org.id, role: 'super_admin' })));
  const marketing = bearer(await tokenFor(t.app, await createUser(t.app, { orgId: org.id, role: 'marketing' })));
  return { orgId: org.id, admin, marketing };
}

export function client(t: TestContext, headers: Headers) {
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, body: unknown = {}) => call('POST', url, body),
    patch: (url: string, body: unknown) => call('PATCH', url, body),
    del: (url: string) => call('DELETE', url),
  };
}

export type Api = ReturnType<typeof client>;

/** A fresh organization with its master-data editor (`api`) and a user without the permission (`denied`) as clients. */
export async function orgClients(t: TestContext): Promise<{ orgId: string; api: Api; denied: Api }> {
  const a = await orgAdmin(t);
  return { orgId: a.orgId, api: client(t, a.admin), denied: client(t, a.marketing) };
}

/** What a catalogue test file starts from: the app (edits carry the current version) and one organization's clients. */
export async function startCatalogApp(): Promise<{ t: TestContext; orgId: string; api: Api; denied: Api }> {
  const t = await createTestApp();
  sendCurrentVersions(t.app);
  return { t, ...(await orgClients(t)) };
}

export const fieldOf = (res: { json: () => { error?: { fields?: { field: string }[] } } }) => res.json().error?.fields?.[0]?.field;
