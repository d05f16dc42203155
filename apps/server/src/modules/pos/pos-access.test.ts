import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { posOrders, productVariants } from '../../db/schema/index.js';
import { bearer, createOrg, createUser, tokenFor } from '../../../test/factories.js';
import { createTestApp, driver, type TestContext } from '../../../test/harness.js';
import { caller, ok, openSession, posWorld, saleBody, type Headers, type PosWorld } from './pos.test-support.js';
import { saleContext } from './pos-orders.repository.js';

// Cashier access per register and discount limits per role (issue 17): the server refuses what the screens
// hide, on every surface a register is used through, and a refused sale writes nothing.

let t: TestContext;
let w: PosWorld;
const staff = {} as Record<'admin' | 'cashierA' | 'cashierB' | 'marketing' | 'otherOrg', { id: string; headers: Headers }>;

beforeAll(async () => {
  t = await createTestApp();
  w = await posWorld(t.app);
  const make = async (role: string, orgId = w.orgId) => {
    const u = await createUser(t.app, { orgId, role });
    return { id: u.id, headers: bearer(await tokenFor(t.app, u)) };
  };
  staff.admin = await make('super_admin');
  staff.cashierA = await make('vendor_manager');
  staff.cashierB = await make('vendor_manager_plus');
  staff.marketing = await make('marketing');
  staff.otherOrg = await make('vendor_manager', (await createOrg(t.app)).id);
});
afterAll(async () => t?.close());

const as = (who: keyof typeof staff) => caller(t.app, staff[who].headers);
const fields = (res: { json: () => { error: { fields?: { field: string }[] } } }) => (res.json().error.fields ?? []).map((f) => f.field);
/** A register with cash only, whose one named cashier is cashierA. */
const tillOfCashierA = () =>
  ok(
    as('admin')('POST', '/pos/registers', { name: `Till ${randomUUID().slice(0, 6)}`, tenders: ['cash'], cashierIds: [staff.cashierA.id] }),
    201,
  );
const ordersOf = async (registerId: string) =>
  (await t.app.ctx.db.select().from(posOrders).where(eq(posOrders.registerId, registerId))).length;

describe(`point of sale: who may use a register (${driver})`, () => {
  it('lists as cashiers the members holding vendor_management, not other staff, vendors or another organization', async () => {
    const list = await ok(as('cashierA')('GET', '/pos/cashiers'));
    const ids = list.map((c: { userId: string }) => c.userId);
    expect(ids).toEqual(expect.arrayContaining([staff.admin.id, staff.cashierA.id, staff.cashierB.id]));
    expect(ids).not.toContain(staff.marketing.id);
    expect(ids).not.toContain(staff.otherOrg.id);
    expect(list.find((c: { userId: string }) => c.userId === staff.cashierB.id)).toMatchObject({ role: 'vendor_manager_plus' });
    expect((await as('marketing')('GET', '/pos/cashiers')).statusCode).toBe(403);
    expect((await w.call('GET', '/pos/cashiers', undefined, { authorization: '' })).statusCode).toBe(401);
  });

  it('lets only a manager name the cashiers, and only staff with point-of-sale access', async () => {
    const name = () => `Till ${randomUUID().slice(0, 6)}`;
    const refused = await as('cashierA')('POST', '/pos/registers', { name: name(), cashierIds: [staff.cashierA.id] });
    expect(refused.statusCode, refused.body).toBe(403);
    for (const bad of [staff.marketing.id, staff.otherOrg.id, randomUUID()]) {
      const res = await as('admin')('POST', '/pos/registers', { name: name(), cashierIds: [staff.cashierA.id, bad] });
      expect(res.statusCode, res.body).toBe(422);
      expect(fields(res)).toEqual(['cashierIds.1']);
    }
    const twice = await as('admin')('POST', '/pos/registers', { name: name(), cashierIds: [staff.cashierA.id, staff.cashierA.id] });
    expect(fields(twice)).toEqual(['cashierIds']);

    const register = await ok(as('admin')('POST', '/pos/registers', { name: name(), cashierIds: [staff.cashierA.id] }), 201);
    expect(register.cashierIds).toEqual([staff.cashierA.id]);
    // A cashier edits the register's other fields (sending the cashiers unchanged), but cannot add themself.
    const renamed = await ok(
      as('cashierA')('PATCH', `/pos/registers/${register.id}`, {
        openingFloat: 5_000,
        cashierIds: [staff.cashierA.id],
        expectedUpdatedAt: register.updatedAt,
      }),
    );
    const selfAdd = await as('cashierB')('PATCH', `/pos/registers/${register.id}`, {
      cashierIds: [staff.cashierA.id, staff.cashierB.id],
      expectedUpdatedAt: renamed.updatedAt,
    });
    expect(selfAdd.statusCode, selfAdd.body).toBe(403);
    const after = (await ok(w.call('GET', '/pos/registers'))).find((r: { id: string }) => r.id === register.id);
    expect(after).toMatchObject({ cashierIds: [staff.cashierA.id], openingFloat: 5_000 });
  });

  it('refuses a cashier not named on the register on every surface, while the named cashier and a manager sell', async () => {
    const register = await tillOfCashierA();
    const onRegister = { ...w, register };
    const b = as('cashierB');
    expect((await b('GET', `/pos/registers/${register.id}/lookup?q=olive`)).statusCode).toBe(403);
    expect((await b('GET', `/pos/registers/${register.id}/snapshot`)).statusCode).toBe(403);
    expect((await b('POST', '/pos/sessions', { registerId: register.id, openingFloat: 0 })).statusCode).toBe(403);

    const session = await ok(as('cashierA')('POST', '/pos/sessions', { registerId: register.id, openingFloat: 10_000 }), 201);
    expect((await as('cashierA')('GET', `/pos/registers/${register.id}/snapshot`)).statusCode).toBe(200);
    const refusedSale = await b('POST', '/pos/orders', saleBody(onRegister, session.id, [[2, 1]]));
    expect(refusedSale.statusCode, refusedSale.body).toBe(403);
    expect(await ordersOf(register.id)).toBe(0);
    const move = await b(
      'POST',
      `/pos/sessions/${session.id}/cash-moves`,
      { kind: 'in', amount: 100, reason: 'coins' },
      { 'idempotency-key': randomUUID() },
    );
    expect(move.statusCode, move.body).toBe(403);

    const sale = await ok(as('cashierA')('POST', '/pos/orders', saleBody(onRegister, session.id, [[2, 1]])), 201);
    await ok(as('admin')('POST', '/pos/orders', saleBody(onRegister, session.id, [[2, 1]])), 201);
    const ret = await b('POST', `/pos/orders/${sale.order.id}/returns`, {
      id: randomUUID(),
      registerId: register.id,
      sessionId: session.id,
      lines: [{ lineId: sale.order.lines[0].id, quantity: 1 }],
      refundTo: 'cash',
    });
    expect(ret.statusCode, ret.body).toBe(403);
    const close = await b('POST', `/pos/sessions/${session.id}/close`, { counted: [{ tender: 'cash', amount: 34_000 }] });
    expect(close.statusCode, close.body).toBe(403);
    expect(await ordersOf(register.id)).toBe(2);
    await ok(as('cashierA')('POST', `/pos/sessions/${session.id}/close`, { counted: [{ tender: 'cash', amount: 34_000 }] }));
  });
});

describe(`point of sale: the session lock of a refused sale (${driver})`, () => {
  it('is taken only for staff who may sell at the register, so a refused caller never holds up its cashier', async () => {
    const register = await tillOfCashierA();
    const session = await ok(as('cashierA')('POST', '/pos/sessions', { registerId: register.id, openingFloat: 0 }), 201);
    // Whether, after the sale's read, this transaction holds the session row's lock (its xid in the row's xmax).
    const locks = (userId: string, manager: boolean) =>
      t.app.ctx.db.transaction(async (tx) => {
        await saleContext(tx, w.orgId, randomUUID(), register.id, session.id, [], [], { userId, manager });
        const res = (await tx.execute(
          sql`select xmax::text = (txid_current() % 4294967296)::text as mine from pos_sessions where id = ${session.id}`,
        )) as unknown as { rows: { mine: boolean }[] } | { mine: boolean }[];
        return (Array.isArray(res) ? res : res.rows)[0]!.mine;
      });
    expect(await locks(staff.cashierB.id, false)).toBe(false);
    expect(await locks(staff.cashierA.id, false)).toBe(true);
    expect(await locks(staff.cashierB.id, true)).toBe(true);
  });
});

describe(`point of sale: discount limits per role (${driver})`, () => {
  it('are set by a manager only, with a version, for staff roles only', async () => {
    const fresh = await ok(w.call('GET', '/pos/settings'));
    expect(fresh).toEqual({ discountLimits: [], updatedAt: null });
    const limits = [{ role: 'vendor_manager', maxBasisPoints: 1_000 }];
    expect((await w.call('PUT', '/pos/settings', { discountLimits: limits, expectedUpdatedAt: null })).statusCode).toBe(403);
    const missing = await as('admin')('PUT', '/pos/settings', { discountLimits: limits });
    expect(fields(missing)).toEqual(['expectedUpdatedAt']);
    for (const [bad, field] of [
      [[{ role: 'market_vendor', maxBasisPoints: 100 }], 'discountLimits.0.role'],
      [[{ role: 'vendor_manager', maxBasisPoints: 10_001 }], 'discountLimits.0.maxBasisPoints'],
      [[...limits, { role: 'vendor_manager', maxBasisPoints: 5 }], 'discountLimits'],
    ] as const) {
      const res = await as('admin')('PUT', '/pos/settings', { discountLimits: bad, expectedUpdatedAt: null });
      expect(res.statusCode, res.body).toBe(422);
      expect(fields(res)).toEqual([field]);
    }
    const saved = await ok(as('admin')('PUT', '/pos/settings', { discountLimits: limits, expectedUpdatedAt: null }));
    expect(saved.discountLimits).toEqual(limits);
    const stale = await as('admin')('PUT', '/pos/settings', { discountLimits: [], expectedUpdatedAt: null });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(await ok(w.call('GET', '/pos/settings'))).toEqual(saved);
  });

  it("refuses a sale over the cashier's limit, writing nothing, and tells the register the limit", async () => {
    const settings = await ok(w.call('GET', '/pos/settings'));
    await ok(
      as('admin')('PUT', '/pos/settings', {
        discountLimits: [{ role: 'vendor_manager', maxBasisPoints: 1_000 }],
        expectedUpdatedAt: settings.updatedAt,
      }),
    );
    expect((await ok(w.call('GET', `/pos/registers/${w.register.id}/snapshot`))).discountLimit).toBe(1_000);
    expect((await ok(as('admin')('GET', `/pos/registers/${w.register.id}/snapshot`))).discountLimit).toBeNull();

    const session = await openSession(w, 0);
    const oil = w.items[0]!;
    const stockBefore = async () =>
      (await t.app.ctx.db.select().from(productVariants).where(eq(productVariants.id, oil.variantId!)))[0]!.stockQuantity;
    const stock = await stockBefore();
    const before = await ordersOf(w.register.id);
    // Two oils (10.000): 15% off the line, 20% off the order, or 1.001 off as an amount are each over 10%.
    const sale = (line: object | undefined, order: object | undefined, pay: number) =>
      saleBody(w, session.id, [[0, 2]], [{ tender: 'cash', amount: pay }], {
        ...(order ? { orderDiscount: order } : {}),
      }) as ReturnType<typeof saleBody> & { lines: { discount?: object }[] };
    const cases: [object | undefined, object | undefined, string][] = [
      [{ kind: 'percentage', value: 1_500 }, undefined, 'lines.0.discount'],
      [undefined, { kind: 'percentage', value: 2_000 }, 'orderDiscount'],
      [{ kind: 'amount', value: 600 }, { kind: 'amount', value: 401 }, 'orderDiscount'],
      [{ kind: 'amount', value: 1_001 }, undefined, 'lines.0.discount'],
    ];
    for (const [line, order, field] of cases) {
      const body = sale(line, order, 10_000);
      if (line) body.lines[0]!.discount = line;
      const res = await w.call('POST', '/pos/orders', body);
      expect(res.statusCode, res.body).toBe(422);
      expect(fields(res)).toEqual([field]);
    }
    expect(await ordersOf(w.register.id)).toBe(before);
    expect(await stockBefore()).toBe(stock);

    // 10% exactly is allowed (5% on the line and then 5% off what is left stays under 10% in all).
    const within = sale({ kind: 'percentage', value: 500 }, { kind: 'percentage', value: 500 }, 9_025);
    within.lines[0]!.discount = { kind: 'percentage', value: 500 };
    const recorded = await ok(w.call('POST', '/pos/orders', within), 201);
    expect(recorded.order.discount).toBe(975);
    // A manager without a limit gives half off.
    const half = sale(undefined, { kind: 'percentage', value: 5_000 }, 5_000);
    await ok(as('admin')('POST', '/pos/orders', half), 201);

    // Lowering the limit later never refuses the resend of a sale already recorded.
    const now = await ok(w.call('GET', '/pos/settings'));
    await ok(
      as('admin')('PUT', '/pos/settings', {
        discountLimits: [{ role: 'vendor_manager', maxBasisPoints: 0 }],
        expectedUpdatedAt: now.updatedAt,
      }),
    );
    const again = await w.call('POST', '/pos/orders', within);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().alreadyRecorded).toBe(true);
    const noDiscount = await w.call('POST', '/pos/orders', sale({ kind: 'amount', value: 0 }, undefined, 10_000));
    expect(noDiscount.statusCode, noDiscount.body).toBe(201);
  });
});
