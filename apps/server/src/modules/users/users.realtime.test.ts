import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createOrg, createUser, tokenFor } from '../../../test/factories.js';
import { driver, type TestContext } from '../../../test/harness.js';
import { clientsClosedAfterEach, startListeningApp, watchTable } from '../realtime/realtime.test-utils.js';

// Open pages re-read their permissions on these changes; the database announces them, to the rows' own readers only.
let t: TestContext;
const clients = clientsClosedAfterEach();
beforeAll(async () => {
  t = await startListeningApp();
});
afterAll(async () => t?.close());

const saveMatrix = async (token: string, changes: { role: string; permission: string; enabled: boolean }[]) => {
  const headers = bearer(token);
  const current = await t.app.inject({ method: 'GET', url: '/api/v1/users/permission-matrix', headers });
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/v1/users/permission-matrix',
    headers,
    payload: { changes, expectedVersion: (current.json() as { version: string }).version },
  });
  expect(res.statusCode, res.body).toBe(200);
};

describe(`permission changes announced to open pages (${driver})`, () => {
  it('a matrix save reaches members of that role and user managers of that organization, nobody else', async () => {
    const org = await createOrg(t.app);
    const other = await createOrg(t.app);
    const admin = await tokenFor(t.app, await createUser(t.app, { orgId: org.id, role: 'super_admin' }));
    const marketer = await watchTable(t.app, clients, 'role_permission_matrix', {
      token: await tokenFor(t.app, await createUser(t.app, { orgId: org.id, role: 'marketing' })),
    });
    const content = await watchTable(t.app, clients, 'role_permission_matrix', {
      token: await tokenFor(t.app, await createUser(t.app, { orgId: org.id, role: 'operation_manager' })),
    });
    const manager = await watchTable(t.app, clients, 'role_permission_matrix', { token: admin });
    const outsider = await watchTable(t.app, clients, 'role_permission_matrix', {
      token: await tokenFor(t.app, await createUser(t.app, { orgId: other.id, role: 'marketing' })),
    });
    const anonymous = await watchTable(t.app, clients, 'role_permission_matrix');
    for (const w of [marketer, content, manager, outsider]) expect(w.join).toEqual({ status: 'SUBSCRIBED' });
    expect(anonymous.join.status).toBe('CHANNEL_ERROR');

    await saveMatrix(admin, [{ role: 'marketing', permission: 'import', enabled: true }]);
    expect((await marketer.inbox.next(3000)).new).toMatchObject({ role_name: 'marketing', permission_key: 'import', org_id: org.id });
    expect((await manager.inbox.next(3000)).new).toMatchObject({ role_name: 'marketing' });
    await content.inbox.expectNothing();
    await outsider.inbox.expectNothing();
  });

  it('a role change reaches the user whose role it is, and no one else', async () => {
    const org = await createOrg(t.app);
    const admin = await tokenFor(t.app, await createUser(t.app, { orgId: org.id, role: 'super_admin' }));
    const target = await createUser(t.app, { orgId: org.id, role: 'content' });
    const watched = await watchTable(t.app, clients, 'user_roles', { token: await tokenFor(t.app, target) });
    const colleague = await watchTable(t.app, clients, 'user_roles', {
      token: await tokenFor(t.app, await createUser(t.app, { orgId: org.id, role: 'marketing' })),
    });
    const loaded = await t.app.inject({ method: 'GET', url: `/api/v1/users/${target.id}`, headers: bearer(admin) });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${target.id}`,
      headers: bearer(admin),
      payload: { role: 'marketing', expectedUpdatedAt: (loaded.json() as { updatedAt: string }).updatedAt },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    // The change may replace the role row (a delete, then an insert): each event names the user's own row.
    const first = (await watched.inbox.next(3000)) as { new: Record<string, unknown>; old?: Record<string, unknown> };
    expect({ ...first.old, ...first.new }).toMatchObject({ user_id: target.id });
    await colleague.inbox.expectNothing();
  });
});
