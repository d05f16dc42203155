import type { EffectiveRole, StoredRole } from '@market/contracts';
import { bearer, createOrg, createUser, tokenFor } from '../../../test/factories.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { sendCurrentVersions } from '../../../test/lib/current-versions.js';

export type Headers = Record<string, string>;
/** A stored role, or an effective one written as the stored value ("admin"). */
type Role = StoredRole | EffectiveRole;

/** The Authorization header of a new user holding this role in the organization. */
export async function signedIn(t: TestContext, orgId: string, role: Role): Promise<Headers> {
  return bearer(await tokenFor(t.app, await createUser(t.app, { orgId, role })));
}

/**
 * What a test file of one organization's routes starts from: the app (edits carry the current version),
 * organizations A and B, and a signed-in user for each role asked for in A, then in B, by name.
 */
export async function startTwoOrgs<A extends string, B extends string>(
  inA: Record<A, Role>,
  inB: Record<B, Role>,
): Promise<{ t: TestContext; orgA: string; orgB: string; users: Record<A | B, Headers> }> {
  const t = await createTestApp();
  sendCurrentVersions(t.app);
  const orgA = (await createOrg(t.app)).id;
  const orgB = (await createOrg(t.app)).id;
  const users = {} as Record<A | B, Headers>;
  for (const [name, role] of Object.entries<Role>(inA)) users[name as A] = await signedIn(t, orgA, role);
  for (const [name, role] of Object.entries<Role>(inB)) users[name as B] = await signedIn(t, orgB, role);
  return { t, orgA, orgB, users };
}
