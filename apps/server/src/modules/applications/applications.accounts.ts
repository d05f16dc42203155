import type { AppContext } from '../../app-context.js';
import type { Tx } from '../../db/client.js';
import type { Caller } from '../../lib/api-route.js';
import { conflict } from '../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import { findUserByEmail, inviteInTransaction, makeDeps } from '../auth/index.js';
import { insertVendorUserLink, vendorOfUser } from '../vendors/index.js';
import * as repo from './applications.approve.repository.js';
import type { ApplicationRow } from './applications.records.js';

const VENDOR_ROLE_NAMES = ['market_vendor', 'junior_vendor', 'normal_vendor'];

export interface AccountOutcome {
  userId: string;
  /** An invitation to choose a password was queued (new account, or one not proven to be the applicant's). */
  invited: boolean;
}

/**
 * The user account of an approved vendor applicant, found or created by e-mail, inside the approval's
 * transaction. Anyone can sign up with an applicant's address, so an account is handed a vendor only
 * once the applicant has proven the address through the invitation (decision 008):
 * - no account: an invited one (the auth service's invite flow), member of the organization with the role;
 * - an account in no organization, or an unconfirmed one in this organization: its password, sessions
 *   and factors are dropped and it is invited; membership and role ensured;
 * - a confirmed account already in this organization: role added when missing, no invitation (the
 *   organization already trusts it);
 * - an account of another organization, or a staff account of this one: refused (a user belongs to one
 *   organization, and a vendor role would replace a staff member's permissions).
 * The account is then linked to the vendor, unless it already acts for another vendor (refused).
 */
export async function ensureVendorAccount(
  ctx: AppContext,
  tx: Tx,
  caller: Caller,
  app: ApplicationRow,
  role: string,
  vendor: { id: string; publicName: string },
): Promise<AccountOutcome> {
  const found = await findUserByEmail(tx, app.email);
  const membership = found ? await repo.membershipOf(tx, found.id) : null;
  if (membership && membership.orgId !== caller.orgId) {
    throw conflict(
      `The e-mail address ${app.email} belongs to a user account of another organization, so it cannot become a vendor account here. Ask the applicant for another e-mail address.`,
      [{ field: 'email', message: 'belongs to a user of another organization' }],
    );
  }
  if (found && membership) {
    // The newest role decides a user's permissions: a vendor role added to a staff account would take theirs away.
    const staffRole = (await repo.rolesOf(tx, found.id, caller.orgId)).find((r) => !VENDOR_ROLE_NAMES.includes(r));
    if (staffRole) {
      throw conflict(
        `The e-mail address ${app.email} belongs to a staff account (${staffRole}) of this organization, so it cannot become a vendor account. Ask the applicant for another e-mail address.`,
        [{ field: 'email', message: 'belongs to a staff account' }],
      );
    }
  }
  if (found) {
    const current = await vendorOfUser(tx, found.id);
    if (current && current.vendorId !== vendor.id) {
      const name = current.orgId === caller.orgId ? current.publicName : 'another vendor';
      throw conflict(`The user account ${app.email} already acts for ${name}; a user acts for one vendor at most.`, [
        { field: 'email', message: `already acts for ${name}` },
      ]);
    }
  }
  let userId = found?.id;
  const invite = !found || !membership || !found.emailConfirmedAt;
  if (invite) {
    const user = await inviteInTransaction(
      makeDeps(ctx),
      tx,
      app.email,
      { full_name: app.contactName ?? app.applicantName },
      {
        redirectTo: `${ctx.config.publicUrl}/auth?mode=invite`,
        ip: caller.ip,
        orgId: caller.orgId,
        // The invitation speaks the language the applicant applied in (issue 14, item 8).
        language: app.locale,
      },
    );
    userId = user.id;
  }
  const id = userId!;
  if (!membership) await repo.insertMembership(tx, id, caller.orgId);
  const roleAdded = !(await repo.hasRole(tx, id, caller.orgId, role));
  if (roleAdded) await repo.insertRole(tx, id, caller.orgId, role);
  const linked = (await vendorOfUser(tx, id))?.vendorId === vendor.id;
  if (!linked) await insertVendorUserLink(tx, caller.orgId, vendor.id, id);
  await recordAudit(tx, caller, {
    action: 'application.account',
    entityType: 'vendor_application',
    entityId: app.id,
    after: {
      userId: id,
      vendorId: vendor.id,
      invited: invite,
      membershipAdded: !membership,
      roleAdded: roleAdded ? role : null,
      linked: !linked,
    },
  });
  return { userId: id, invited: invite };
}
