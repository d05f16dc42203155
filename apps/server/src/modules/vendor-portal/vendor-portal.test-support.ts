import { afterAll, beforeAll } from 'vitest';
import type { App } from '../../app.js';
import { vendorUsers } from '../../db/schema/index.js';
import { bearer, createUser, tokenFor } from '../../../test/factories.js';
import { createVendorRow } from '../../../test/factories/vendors.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { caller, createAssignment, paymentOrg, type PaymentOrg } from '../payment-management/payment-management.test-support.js';

/**
 * The test file's app and its home organization (a base currency, a vendor_management caller, a category), made
 * before the file's tests and closed after them; read its fields inside the tests.
 */
export function portalTestApp(): { readonly t: TestContext; readonly home: PaymentOrg } {
  const made: { t?: TestContext; home?: PaymentOrg } = {};
  beforeAll(async () => {
    made.t = await createTestApp();
    made.home = await paymentOrg(made.t.app);
  });
  afterAll(async () => made.t?.close());
  return {
    get t() {
      return made.t!;
    },
    get home() {
      return made.home!;
    },
  };
}

/** A vendor record with a market_vendor account linked to it, and that account's API caller. */
export async function vendorAccount(app: App, orgId: string, name = 'Fig Stall') {
  const user = await createUser(app, { orgId, role: 'market_vendor' });
  const vendor = await createVendorRow(app, orgId, { publicName: name });
  await app.ctx.db.insert(vendorUsers).values({ orgId, vendorId: vendor.id, userId: user.id });
  return { user, vendor, call: caller(app, bearer(await tokenFor(app, user))) };
}
export type VendorAccount = Awaited<ReturnType<typeof vendorAccount>>;

/** A confirmed booking of the vendor `daysAhead` days from today (negative: a past day) in the organization's category. */
export const bookingOf = (app: App, org: PaymentOrg, vendorId: string, daysAhead: number) =>
  createAssignment(app, org.org.id, { vendorId, categoryId: org.category.id, daysAhead });
