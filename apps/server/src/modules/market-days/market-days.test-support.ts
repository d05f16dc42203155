import type { App } from '../../app.js';
import { bearer, createOrg, createUser, tokenFor } from '../../../test/factories.js';
import { createCategory, createLocation } from '../../../test/factories/market.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { sendCurrentVersions } from '../../../test/lib/current-versions.js';
import { addDays, today, weekdayOf } from './market-days.rules.js';

// Response bodies are read loosely in tests; the contracts type the app's own code.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type LooseBody = any;
export type Call = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) => Promise<{ status: number; body: LooseBody }>;

/** A caller of the API with the given headers; bodies parsed. */
export function caller(app: App, headers: Record<string, string>): Call {
  return async (method, url, payload) => {
    const res = await app.inject({
      method,
      url: `/api/v1${url}`,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: res.statusCode, body: res.body ? res.json() : null };
  };
}

/** An organization with a vendor_management user (vendor_manager), a location and two active categories plus an inactive one. */
export async function marketOrg(app: App) {
  const org = await createOrg(app);
  const user = await createUser(app, { orgId: org.id, role: 'vendor_manager' });
  const call = caller(app, bearer(await tokenFor(app, user)));
  const location = await createLocation(app, org.id);
  const food = await createCategory(app, org.id, { nameEn: 'Food', targetPerDay: 5 });
  const crafts = await createCategory(app, org.id, { nameEn: 'Crafts', targetPerDay: 7 });
  const retired = await createCategory(app, org.id, { nameEn: 'Retired', targetPerDay: 9, isActive: false });
  return { org, user, call, location, food, crafts, retired };
}
export type MarketOrg = Awaited<ReturnType<typeof marketOrg>>;

/** What a market-days test file starts from: the app (edits carry the current version) and two market organizations. */
export async function startMarketDays(): Promise<{ t: TestContext; a: MarketOrg; b: MarketOrg }> {
  const t = await createTestApp();
  sendCurrentVersions(t.app);
  return { t, a: await marketOrg(t.app), b: await marketOrg(t.app) };
}

/** The first date with this weekday at least `ahead` days from today: far enough that "future" holds for the whole test. */
export function futureWeekday(weekday: number, ahead = 30): string {
  const start = addDays(today(), ahead);
  return addDays(start, (weekday - weekdayOf(start) + 7) % 7);
}

export const times = { setupTime: '07:00', openTime: '09:00', closeTime: '14:00' };
