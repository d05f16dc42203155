import type { VendorPortalOverview } from '@market/contracts';
import type { DbOrTx } from '../../db/client.js';
import type { Caller } from '../../lib/api-route.js';
import { todayUtc } from '../../lib/dates.js';
import { documentState, vendorCategoriesOf, vendorDocumentsOf } from '../vendors/index.js';
import * as repo from './vendor-portal.repository.js';

/** The signed-in vendor's own record and applications; everything is read for the caller's own account only. */
export async function overview(db: DbOrTx, caller: Caller): Promise<VendorPortalOverview> {
  const user = (await repo.userOf(db, caller.userId)) ?? { id: caller.userId, email: caller.user.email ?? null, fullName: null };
  const v = await repo.vendorOfUser(db, caller.orgId, caller.userId);
  const today = todayUtc();
  const vendor = v && {
    id: v.id,
    vendorType: v.vendorType,
    publicName: v.publicName,
    contactName: v.contactName,
    email: v.email,
    phone: v.phone,
    status: v.status,
    categories: (await vendorCategoriesOf(db, caller.orgId, [v.id])).map((c) => ({
      id: c.id,
      nameEn: c.nameEn,
      nameAr: c.nameAr,
      colour: c.colour,
    })),
    // Expiry is worked out on read, as on the staff side, so an expired document says so.
    documents: (await vendorDocumentsOf(db, caller.orgId, v.id)).map((d) => ({
      id: d.id,
      docType: d.docType,
      fileName: d.fileName,
      status: documentState(d.status, d.expiresOn, today).status,
      expiresOn: d.expiresOn,
    })),
  };
  const applications = (await repo.applicationsOf(db, caller.orgId, v?.id ?? null, user.email)).map((a) => ({
    ...a,
    submittedAt: a.submittedAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  }));
  return { user, vendor, applications };
}
