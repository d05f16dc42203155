import { ROLE_RANK, effectiveRole } from '@market/contracts';
import { ASSIGNABLE_ROLES } from '@market/contracts/plain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationMemberships, userRoles, users } from '../../db/schema/index.js';
import { bearer, createOrg, createUser, enablePermission, tokenFor } from '../../../test/factories.js';
import { createTestApp, driver, type TestContext } from '../../../test/harness.js';

/*
 * The rank rule over every role pair, generated: every caller role x every target role (x every assigned role for a
 * role change and an invitation), for change-role, deactivate, reactivate, invite, reset MFA and sign out everywhere.
 * The expected answer is computed here from the seed's rank table (section 6) and decision 022's written rule, not
 * from the server's code:
 *   - a caller without the `users` permission is refused by the route (403);
 *   - a caller changes a user, and assigns a role, only of strictly lower rank (super_admin included: no one
 *     manages their own rank); vendor roles rank 0;
 *   - a vendor account keeps its vendor role (422).
 * Every caller role holds `users` here through a matrix row written straight to the table (the matrix API refuses to
 * grant it), so the rank rule itself, not the permission gate, decides each case; one caller without it checks the gate.
 */
const ROLES = [...ASSIGNABLE_ROLES, 'market_vendor', 'junior_vendor', 'normal_vendor'] as const;
const RANK = (role: string) => ROLE_RANK[effectiveRole(role)];
const canAct = (caller: string, other: string) => RANK(caller) > RANK(other);
const isVendor = (role: string) => RANK(role) === 0;

let t: TestContext;
let orgId: string;
const callers = new Map<string, Record<string, string>>();
const targets = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp();
  orgId = (await createOrg(t.app)).id;
  for (const role of ROLES) {
    await enablePermission(t.app, orgId, role, 'users');
    const caller = await createUser(t.app, { orgId, role });
    callers.set(role, bearer(await tokenFor(t.app, caller)));
    targets.set(role, (await createUser(t.app, { orgId, role })).id);
  }
}, 120_000);
afterAll(async () => t?.close());

const call = async (headers: Record<string, string>, method: 'POST' | 'PATCH', url: string, payload?: object) => {
  const res = await t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.json() };
};
const versionOf = async (id: string) =>
  (await t.app.ctx.db.select({ v: users.updatedAt }).from(users).where(eq(users.id, id)))[0]!.v.toISOString();
const roleOf = async (id: string) =>
  (await t.app.ctx.db.select({ r: userRoles.role }).from(userRoles).where(eq(userRoles.userId, id)))[0]?.r;
async function restoreRole(id: string, role: string) {
  await t.app.ctx.db.delete(userRoles).where(and(eq(userRoles.userId, id), eq(userRoles.orgId, orgId)));
  await t.app.ctx.db.insert(userRoles).values({ userId: id, orgId, role });
}
const setBanned = async (id: string, banned: boolean) =>
  t.app.ctx.db
    .update(users)
    .set({ bannedUntil: banned ? new Date('2999-01-01T00:00:00Z') : null })
    .where(eq(users.id, id));

describe(`the rank rule over every role pair (${driver})`, { timeout: 300_000 }, () => {
  it('change role: every caller x target x assigned role', async () => {
    const mismatches: string[] = [];
    let checks = 0;
    let allowed = 0;
    for (const caller of ROLES)
      for (const target of ROLES)
        for (const assigned of ASSIGNABLE_ROLES) {
          const id = targets.get(target)!;
          const want = !canAct(caller, target) || !canAct(caller, assigned) ? 403 : isVendor(target) ? 422 : 200;
          const res = await call(callers.get(caller)!, 'PATCH', `/users/${id}`, { role: assigned, expectedUpdatedAt: await versionOf(id) });
          checks++;
          if (res.status !== want) mismatches.push(`${caller} sets ${target} to ${assigned}: want ${want}, got ${res.status}`);
          const stored = await roleOf(id);
          if (want === 200) {
            allowed++;
            if (stored !== assigned) mismatches.push(`${caller} sets ${target} to ${assigned}: stored ${stored}`);
            await restoreRole(id, target);
          } else if (stored !== target) mismatches.push(`${caller} sets ${target} to ${assigned}: refused but stored ${stored}`);
          if (want === 403 && res.body.error?.code !== 'forbidden')
            mismatches.push(`${caller}/${target}/${assigned}: code ${res.body.error?.code}`);
        }
    console.log(`change role: ${checks} cases, ${allowed} allowed, mismatches = ${mismatches.length}`);
    expect(mismatches).toEqual([]);
    expect(checks).toBe(ROLES.length * ROLES.length * ASSIGNABLE_ROLES.length);
    expect(allowed).toBeGreaterThan(50);
  });

  it('deactivate then reactivate, reset MFA and sign out everywhere: every caller x target', async () => {
    const mismatches: string[] = [];
    let checks = 0;
    for (const caller of ROLES)
      for (const target of ROLES) {
        const id = targets.get(target)!;
        const want = canAct(caller, target) ? 200 : 403;
        const h = callers.get(caller)!;
        const session = await tokenFor(t.app, { id, email: `${id}@x.test` });
        const de = await call(h, 'POST', `/users/${id}/deactivate`);
        if (de.status !== want) mismatches.push(`${caller} deactivates ${target}: want ${want}, got ${de.status}`);
        // A deactivated user's live token stops at once; a refused deactivation leaves it working.
        const me = await t.app.inject({ url: '/api/v1/me', headers: bearer(session) });
        if ((me.statusCode === 401) !== (want === 200))
          mismatches.push(`${caller} deactivates ${target}: target's token answered ${me.statusCode}`);
        if (want !== 200) await setBanned(id, true);
        const re = await call(h, 'POST', `/users/${id}/reactivate`);
        if (re.status !== want) mismatches.push(`${caller} reactivates ${target}: want ${want}, got ${re.status}`);
        await setBanned(id, false);
        for (const action of ['reset-mfa', 'sign-out-everywhere']) {
          const res = await call(h, 'POST', `/users/${id}/${action}`);
          if (res.status !== want) mismatches.push(`${caller} ${action} ${target}: want ${want}, got ${res.status}`);
        }
        checks += 4;
      }
    console.log(`deactivate/reactivate/reset MFA/sign out: ${checks} cases, mismatches = ${mismatches.length}`);
    expect(mismatches).toEqual([]);
  });

  it('invite: every caller x assigned role', async () => {
    const mismatches: string[] = [];
    for (const caller of ROLES)
      for (const assigned of ASSIGNABLE_ROLES) {
        const email = `rank-${caller}-${assigned}-${Date.now()}@example.test`.replaceAll('_', '-');
        const want = canAct(caller, assigned) ? 201 : 403;
        const res = await call(callers.get(caller)!, 'POST', '/users/invitations', { email, role: assigned });
        if (res.status !== want) mismatches.push(`${caller} invites a ${assigned}: want ${want}, got ${res.status}`);
        const [m] = await t.app.ctx.db
          .select({ role: userRoles.role })
          .from(users)
          .innerJoin(organizationMemberships, eq(organizationMemberships.userId, users.id))
          .innerJoin(userRoles, eq(userRoles.userId, users.id))
          .where(eq(users.email, email));
        if ((want === 201) !== (m?.role === assigned)) mismatches.push(`${caller} invites a ${assigned}: member with ${m?.role}`);
      }
    expect(mismatches).toEqual([]);
  });

  it('a caller without the users permission reaches none of it; no one changes their own account', async () => {
    const plainOrg = (await createOrg(t.app)).id;
    const admin = await createUser(t.app, { orgId: plainOrg, role: 'admin' });
    const h = bearer(await tokenFor(t.app, admin));
    const target = await createUser(t.app, { orgId: plainOrg, role: 'operation_manager' });
    expect((await call(h, 'POST', `/users/${target.id}/deactivate`)).status).toBe(403);
    expect((await t.app.inject({ url: '/api/v1/users', headers: h })).statusCode).toBe(403);
    // An admin raising themselves: refused by the permission, and by the rule were they to hold it.
    const self = await call(h, 'PATCH', `/users/${admin.id}`, { role: 'super_admin', expectedUpdatedAt: await versionOf(admin.id) });
    expect(self.status).toBe(403);
    const sa = callers.get('super_admin')!;
    const saId = (await t.app.inject({ url: '/api/v1/me', headers: sa })).json().user.id;
    const own = await call(sa, 'PATCH', `/users/${saId}`, { role: 'marketing', expectedUpdatedAt: await versionOf(saId) });
    expect(own.status).toBe(403);
    expect(own.body.error.message).toMatch(/your own account/);
    expect(await roleOf(saId)).toBe('super_admin');
  });
});
