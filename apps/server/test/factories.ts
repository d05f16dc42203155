import { randomUUID } from 'node:crypto';
import type { App } from '../src/app.js';
import { createConfirmedUser } from '../src/db/seed/seed.js';
import { organizationMemberships, organizations, rolePermissionMatrix, sessions, userRoles } from '../src/db/schema/index.js';

export const TEST_PASSWORD = 'Correct-Horse-Battery-42';

export async function createOrg(app: App, name = `Org ${randomUUID().slice(0, 8)}`) {
  const [org] = await app.ctx.db
    .insert(organizations)
    .values({ name, slug: `org-${randomUUID().slice(0, 12)}` })
    .returning();
  return org!;
}

export interface TestUser {
  id: string;
  email: string;
  orgId: string | null;
  role: string | null;
}

/** A confirmed user; with orgId a member of it, with role holding that stored role. */
export async function createUser(
  app: App,
  opts: { orgId?: string | null; role?: string | null; email?: string; password?: string } = {},
): Promise<TestUser> {
  const email = opts.email ?? `user-${randomUUID().slice(0, 12)}@example.test`;
  const id = await createConfirmedUser(app.ctx.db, email, opts.password ?? TEST_PASSWORD, 'Test User');
  if (opts.orgId) {
    await app.ctx.db.insert(organizationMemberships).values({ userId: id, orgId: opts.orgId });
    if (opts.role) await app.ctx.db.insert(userRoles).values({ userId: id, orgId: opts.orgId, role: opts.role });
  }
  return { id, email, orgId: opts.orgId ?? null, role: opts.role ?? null };
}

/** A live session and its signed access token, without going through the sign-in endpoint. */
export async function tokenFor(app: App, user: Pick<TestUser, 'id' | 'email'>): Promise<string> {
  const [s] = await app.ctx.db
    .insert(sessions)
    .values({ userId: user.id, amr: [{ method: 'password', timestamp: Math.floor(Date.now() / 1000) }] })
    .returning();
  const { token } = await app.ctx.jwt.signAccess({
    sub: user.id,
    session_id: s!.id,
    email: user.email,
    phone: '',
    aal: 'aal1',
    amr: [{ method: 'password', timestamp: Math.floor(Date.now() / 1000) }],
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: {},
    is_anonymous: false,
  });
  return token;
}

export async function enablePermission(app: App, orgId: string, roleName: string, permissionKey: string, isEnabled = true) {
  await app.ctx.db.insert(rolePermissionMatrix).values({ orgId, roleName, permissionKey, isEnabled });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
