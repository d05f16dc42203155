import { randomUUID } from 'node:crypto';
import type { App } from '../../app.js';
import { currencies, marketAssignments, marketDayRequests, marketDays, marketPolicies } from '../../db/schema/index.js';
import { addDays, todayUtc } from '../../lib/dates.js';
import { bearer, createOrg, createUser, tokenFor } from '../../../test/factories.js';
import { createCategory, createSlot } from '../../../test/factories/market.js';
import { createVendorRow } from '../../../test/factories/vendors.js';

// Response bodies are read loosely in tests; the contracts type the app's own code.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type LooseBody = any;
export interface Answer {
  status: number;
  body: LooseBody;
  headers: Record<string, unknown>;
}
export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
/** Calls the API; POSTs get a fresh Idempotency-Key unless `key` is given (null: none). */
export type Call = (method: Method, url: string, payload?: unknown, key?: string | null) => Promise<Answer>;

export function caller(app: App, headers: Record<string, string>): Call {
  return async (method, url, payload, key) => {
    const k = key === undefined ? (method === 'POST' ? randomUUID() : null) : key;
    const res = await app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...headers, ...(k ? { 'idempotency-key': k } : {}) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    const isJson = String(res.headers['content-type'] ?? '').includes('json');
    return { status: res.statusCode, body: isJson && res.body ? res.json() : res.body, headers: res.headers };
  };
}

/** 200/201 or throw with the answer: a step that must succeed says why it did not. */
export async function ok(p: Promise<Answer>): Promise<LooseBody> {
  const a = await p;
  if (a.status >= 300) throw new Error(`expected success, got ${a.status}: ${JSON.stringify(a.body)}`);
  return a.body;
}

/** An organization with a base currency (unless told otherwise), a vendor_management user and a category. */
export async function paymentOrg(app: App, opts: { currency?: boolean } = {}) {
  const org = await createOrg(app);
  const user = await createUser(app, { orgId: org.id, role: 'vendor_manager' });
  const call = caller(app, bearer(await tokenFor(app, user)));
  if (opts.currency !== false)
    await app.ctx.db
      .insert(currencies)
      .values({ orgId: org.id, code: 'JOD', nameEn: 'Jordanian dinar', nameAr: 'دينار أردني', symbol: 'JD', minorDigits: 3, isBase: true });
  const category = await createCategory(app, org.id, { nameEn: 'Food' });
  return { org, user, call, category };
}
export type PaymentOrg = Awaited<ReturnType<typeof paymentOrg>>;

export const vendorOf = (app: App, orgId: string) => createVendorRow(app, orgId);

export interface AssignmentOptions {
  vendorId?: string;
  categoryId: string;
  /** Days from today to the market day (default 30). */
  daysAhead?: number;
  /** When the request was accepted (null: never, priced as of today). */
  acceptedAt?: Date | null;
  widthM?: number;
  depthM?: number;
  power?: 'none' | 'single_phase' | 'three_phase';
}

/**
 * An assignment inserted directly (a location, slot, market day, vendor, accepted request, assignment), as the
 * market-assignments module would leave it: this module only reads those tables.
 */
export async function createAssignment(app: App, orgId: string, o: AssignmentOptions) {
  const db = app.ctx.db;
  const vendorId = o.vendorId ?? (await createVendorRow(app, orgId)).id;
  const slot = await createSlot(app, orgId, { widthM: o.widthM ?? 3, depthM: o.depthM ?? 3, power: o.power ?? 'none' });
  const date = addDays(todayUtc(), o.daysAhead ?? 30);
  const [day] = await db
    .insert(marketDays)
    .values({ orgId, locationId: slot.locationId, date, setupTime: '07:00', openTime: '09:00', closeTime: '14:00', status: 'published' })
    .returning();
  const acceptedAt = o.acceptedAt === undefined ? new Date() : o.acceptedAt;
  const [request] = await db
    .insert(marketDayRequests)
    .values({ orgId, marketDayId: day!.id, vendorId, categoryId: o.categoryId, status: 'accepted', acceptedAt, decidedAt: acceptedAt })
    .returning();
  const [assignment] = await db
    .insert(marketAssignments)
    .values({ orgId, marketDayId: day!.id, slotId: slot.id, vendorId, requestId: request!.id, categoryId: o.categoryId })
    .returning();
  return { assignment: assignment!, day: day!, slot, vendorId, request: request! };
}

export async function setPolicy(
  app: App,
  orgId: string,
  p: { depositBasisPoints: number; depositDueDays?: number; balanceDueDaysBefore?: number },
) {
  await app.ctx.db
    .insert(marketPolicies)
    .values({ orgId, ...p })
    .onConflictDoUpdate({ target: marketPolicies.orgId, set: { ...p } });
}

/** A flat fee rule valid from long ago, created through the API. */
export function flatRule(call: Call, amount: number, extra: Record<string, unknown> = {}) {
  return ok(
    call('POST', '/fee-rules', {
      kind: 'flat_per_day',
      nameEn: 'Stall fee',
      nameAr: 'رسوم البسطة',
      amount,
      validFrom: '2020-01-01',
      ...extra,
    }),
  );
}

/** A manual invoice of one line, issued unless told otherwise. */
export function manualInvoice(call: Call, vendorId: string, amount: number, opts: { dueDate?: string; issue?: boolean } = {}) {
  return ok(
    call('POST', '/invoices', {
      vendorId,
      kind: 'other',
      dueDate: opts.dueDate ?? addDays(todayUtc(), 14),
      issue: opts.issue ?? true,
      lines: [{ kind: 'other', descriptionEn: 'Charge', descriptionAr: 'رسم', quantity: 1, unitAmount: amount }],
    }),
  );
}

export function pay(call: Call, vendorId: string, allocations: { invoiceId: string; amount: number }[], key?: string) {
  const amount = allocations.reduce((s, a) => s + a.amount, 0);
  return call('POST', '/payments', { vendorId, method: 'cash', amount, allocations }, key);
}
