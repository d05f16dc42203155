import { randomUUID } from 'node:crypto';
import type { App } from '../../app.js';
import { marketDayCapacities, marketDayRequests, marketDays, marketDaySeries, vendorCategories } from '../../db/schema/index.js';
import { bearer, createOrg, createUser, tokenFor } from '../../../test/factories.js';
import { createCategory, createLocation, createSlot } from '../../../test/factories/market.js';
import { createDocumentRow, createVendorRow } from '../../../test/factories/vendors.js';
import { caller, type Call } from '../market-days/market-days.test-support.js';
import { addDays, today } from '../market-days/market-days.rules.js';

export { caller, type Call };

/** A date `n` days from today: far enough ahead that "future" holds for the whole run. */
export const ahead = (n: number) => addDays(today(), n);

/**
 * An organization with a vendor_management user, a location with slots A1 (food only), A2 (any category),
 * A3 (crafts only) and B1 (blocked), and two categories: food requires valid insurance, crafts requires nothing.
 */
export async function marketWorld(app: App) {
  const org = await createOrg(app);
  const user = await createUser(app, { orgId: org.id, role: 'vendor_manager' });
  const call = caller(app, bearer(await tokenFor(app, user)));
  const location = await createLocation(app, org.id);
  const food = await createCategory(app, org.id, { nameEn: 'Food', requiredDocumentTypes: ['insurance'], targetPerDay: 3 });
  const crafts = await createCategory(app, org.id, { nameEn: 'Crafts', targetPerDay: 2 });
  const slot = (code: string, over: Parameters<typeof createSlot>[2] = {}) =>
    createSlot(app, org.id, { code, locationId: location.id, ...over });
  const slots = {
    a1: await slot('A1', { categoryId: food.id }),
    a2: await slot('A2'),
    a3: await slot('A3', { categoryId: crafts.id }),
    b1: await slot('B1', { status: 'blocked' }),
  };

  /** A market day at the location (published unless told), with the categories' targets as capacities. */
  async function day(date: string, over: Partial<typeof marketDays.$inferInsert> = {}) {
    const [row] = await app.ctx.db
      .insert(marketDays)
      .values({
        orgId: org.id,
        locationId: location.id,
        date,
        setupTime: '07:00',
        openTime: '09:00',
        closeTime: '14:00',
        status: 'published',
        ...over,
      })
      .returning();
    await app.ctx.db.insert(marketDayCapacities).values([
      { orgId: org.id, marketDayId: row!.id, categoryId: food.id, capacity: food.targetPerDay },
      { orgId: org.id, marketDayId: row!.id, categoryId: crafts.id, capacity: crafts.targetPerDay },
    ]);
    return row!;
  }

  /** A weekly series row with its days (the days are inserted as given, as the series service would plan them). */
  async function series(dates: string[]) {
    const [s] = await app.ctx.db
      .insert(marketDaySeries)
      .values({
        orgId: org.id,
        locationId: location.id,
        weekday: 6,
        startDate: dates[0]!,
        endDate: dates.at(-1)!,
        setupTime: '07:00',
        openTime: '09:00',
        closeTime: '14:00',
      })
      .returning();
    const days = [];
    for (const d of dates) days.push(await day(d, { seriesId: s!.id }));
    return { series: s!, days };
  }

  /**
   * An active vendor trading in the given categories; `insuredUntil` adds a valid insurance document
   * expiring then (null: never expires; undefined: no document).
   */
  async function vendor(opts: { categories?: { id: string }[]; insuredUntil?: string | null; status?: 'active' | 'suspended' } = {}) {
    const v = await createVendorRow(app, org.id, { status: opts.status ?? 'active', email: `v-${randomUUID().slice(0, 8)}@example.test` });
    const cats = opts.categories ?? [food, crafts];
    if (cats.length)
      await app.ctx.db.insert(vendorCategories).values(cats.map((c) => ({ orgId: org.id, vendorId: v.id, categoryId: c.id })));
    if (opts.insuredUntil !== undefined)
      await createDocumentRow(app, org.id, v.id, { docType: 'insurance', status: 'valid', expiresOn: opts.insuredUntil });
    return v;
  }

  /** An accepted request through the API (request, then accept). */
  async function accepted(vendorId: string, marketDayId: string, categoryId: string) {
    const made = await call('POST', '/market-requests', { vendorId, marketDayId, categoryId });
    if (made.status !== 201) throw new Error(`request: ${JSON.stringify(made.body)}`);
    const decided = await call('POST', `/market-requests/${made.body.id}/decide`, { status: 'accepted' });
    if (decided.status !== 200) throw new Error(`accept: ${JSON.stringify(decided.body)}`);
    return decided.body;
  }

  /** Accepted requests inserted directly (no API, no audit): the many requests of the concurrency tests. */
  async function acceptedRows(rows: { vendorId: string; marketDayId: string; categoryId: string }[]) {
    const now = new Date();
    return app.ctx.db
      .insert(marketDayRequests)
      .values(rows.map((r) => ({ ...r, orgId: org.id, status: 'accepted' as const, acceptedAt: now, decidedAt: now })))
      .returning();
  }

  return { org, user, call, location, food, crafts, slots, day, series, vendor, accepted, acceptedRows };
}
export type MarketWorld = Awaited<ReturnType<typeof marketWorld>>;
