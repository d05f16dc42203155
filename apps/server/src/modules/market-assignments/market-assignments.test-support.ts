import { randomUUID } from 'node:crypto';
import type { App } from '../../app.js';
import {
  invoices,
  marketDayCapacities,
  marketDayRequests,
  marketDays,
  marketDaySeries,
  vendorCategories,
  vendorLedgerEntries,
} from '../../db/schema/index.js';
import { bearer, createOrg, createUser, tokenFor } from '../../../test/factories.js';
import { createCategory, createLocation, createSlot } from '../../../test/factories/market.js';
import { createDocumentRow, createVendorRow } from '../../../test/factories/vendors.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { caller, type Call } from '../market-days/market-days.test-support.js';
import { addDays, today } from '../market-days/market-days.rules.js';

export { caller, type Call };

/** A date `n` days from today: far enough ahead that "future" holds for the whole run. */
export const ahead = (n: number) => addDays(today(), n);

/** The fields an error answer names (none when it names none). */
export const fieldsOf = (body: { error: { fields?: { field: string; message: string }[] } }) => body.error.fields ?? [];

/** The app on a fresh database with two market worlds: `a` under test, `b` another organization. */
export async function marketTestApp(): Promise<{ t: TestContext; a: MarketWorld; b: MarketWorld }> {
  const t = await createTestApp();
  return { t, a: await marketWorld(t.app), b: await marketWorld(t.app) };
}

type RequestInsert = typeof marketDayRequests.$inferInsert;
type LedgerEntry = { type: 'charge' | 'payment' | 'waiver'; amount: number };

/**
 * An invoice of a booking with its ledger entries, written directly (the payment module writes them in the app):
 * charges and waivers name the invoice as their source, payments a payment of their own.
 */
export async function invoiceRow(
  app: App,
  orgId: string,
  booking: { vendorId: string; assignmentId: string },
  o: { status?: 'draft' | 'issued' | 'cancelled'; dueDate: string; issueDate?: string; currency?: string; entries: LedgerEntry[] },
) {
  const status = o.status ?? 'issued';
  const currency = o.currency ?? 'SAR';
  const [inv] = await app.ctx.db
    .insert(invoices)
    .values({
      orgId,
      ...booking,
      status,
      currency,
      dueDate: o.dueDate,
      ...(o.issueDate ? { issueDate: o.issueDate } : {}),
      number: status === 'draft' ? null : `T-${randomUUID()}`,
    })
    .returning();
  const occurredOn = o.issueDate ?? ahead(0);
  for (const e of o.entries) await ledgerEntry(app, orgId, { vendorId: booking.vendorId, invoiceId: inv!.id, currency, occurredOn }, e);
  return inv!;
}

/** One entry of an invoice, signed as the ledger keeps it: a charge adds, a payment or waiver of `amount` takes off. */
export function ledgerEntry(
  app: App,
  orgId: string,
  of: { vendorId: string; invoiceId: string; currency: string; occurredOn: string },
  e: LedgerEntry,
) {
  const payment = e.type === 'payment';
  return app.ctx.db.insert(vendorLedgerEntries).values({
    orgId,
    ...of,
    entryType: e.type,
    sourceType: payment ? 'payment' : 'invoice',
    sourceId: payment ? randomUUID() : of.invoiceId,
    amount: e.type === 'charge' ? e.amount : -Math.abs(e.amount),
  });
}

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

  /**
   * A market day at the location (or another one `over` names; published unless told), with the categories'
   * targets as capacities unless others (or none) are given.
   */
  async function day(
    date: string,
    over: Partial<typeof marketDays.$inferInsert> = {},
    capacities: { food: number; crafts: number } | null = { food: food.targetPerDay, crafts: crafts.targetPerDay },
  ) {
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
    if (capacities)
      await app.ctx.db.insert(marketDayCapacities).values([
        { orgId: org.id, marketDayId: row!.id, categoryId: food.id, capacity: capacities.food },
        { orgId: org.id, marketDayId: row!.id, categoryId: crafts.id, capacity: capacities.crafts },
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
  async function vendor(
    opts: {
      categories?: { id: string }[];
      insuredUntil?: string | null;
      status?: 'active' | 'suspended';
      publicName?: string;
      email?: string;
    } = {},
  ) {
    const v = await createVendorRow(app, org.id, {
      status: opts.status ?? 'active',
      email: opts.email ?? `v-${randomUUID().slice(0, 8)}@example.test`,
      ...(opts.publicName ? { publicName: opts.publicName } : {}),
    });
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

  /**
   * A booking through the API: a fresh vendor (insured with no expiry unless told), its request on the day
   * accepted (crafts unless told), then booked onto the slot.
   */
  async function book(dayId: string, slotId: string, opts: { categoryId?: string; insuredUntil?: string | null } = {}) {
    const v = await vendor({ insuredUntil: opts.insuredUntil === undefined ? null : opts.insuredUntil });
    const request = await accepted(v.id, dayId, opts.categoryId ?? crafts.id);
    const res = await call('POST', '/market-assignments', { requestId: request.id, slotId });
    if (res.status !== 201) throw new Error(`booking: ${JSON.stringify(res.body)}`);
    return { vendor: v, request, booking: res.body };
  }

  /** Requests inserted directly (no API, no audit), accepted unless told: the many requests of the concurrency tests. */
  async function requestRows(rows: (Pick<RequestInsert, 'vendorId' | 'marketDayId' | 'categoryId'> & Partial<RequestInsert>)[]) {
    const now = new Date();
    return app.ctx.db
      .insert(marketDayRequests)
      .values(
        rows.map((r) => ({
          orgId: org.id,
          ...((r.status ?? 'accepted') === 'accepted' ? { status: 'accepted' as const, acceptedAt: now, decidedAt: now } : {}),
          ...r,
        })),
      )
      .returning();
  }

  return { org, user, call, location, food, crafts, slots, day, series, vendor, accepted, book, requestRows };
}
export type MarketWorld = Awaited<ReturnType<typeof marketWorld>>;
