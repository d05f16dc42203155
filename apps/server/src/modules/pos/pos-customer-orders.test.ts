import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, productVariants, vendorLedgerEntries } from '../../db/schema/index.js';
import { bearer, createOrg, createUser, tokenFor } from '../../../test/factories.js';
import { createTestApp, driver, type TestContext } from '../../../test/harness.js';
import { caller, ok, openSession, posWorld, type LooseBody, type PosWorld } from './pos.test-support.js';

let t: TestContext;
let w: PosWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await posWorld(t.app);
  await ok(w.call('POST', '/pos/commission-rules', { kind: 'percentage', rateBasisPoints: 1000 }), 201);
});
afterAll(async () => t?.close());

const stockOf = async (variantId: string) =>
  (await t.app.ctx.db.select({ n: productVariants.stockQuantity }).from(productVariants).where(eq(productVariants.id, variantId)))[0]!.n;
const ledgerOf = (sourceId: string) =>
  t.app.ctx.db
    .select({ vendorId: vendorLedgerEntries.vendorId, type: vendorLedgerEntries.entryType, amount: vendorLedgerEntries.amount })
    .from(vendorLedgerEntries)
    .where(and(eq(vendorLedgerEntries.orgId, w.orgId), eq(vendorLedgerEntries.sourceId, sourceId)));
const key = () => ({ 'idempotency-key': randomUUID() });

/** A pickup order of 2 olive oils (5.000 each, stock kept) and a clay bowl (12.000, no stock): 22.000. */
const orderBody = (extra: Record<string, unknown> = {}) => ({
  registerId: w.register.id,
  fulfilment: 'pickup',
  customerName: 'Salma Haddad',
  customerPhone: '+962 7 9000 0000',
  lines: [
    { productId: w.items[0]!.productId, variantId: w.items[0]!.variantId, quantity: 2 },
    { productId: w.items[2]!.productId, quantity: 1 },
  ],
  ...extra,
});
const move = (o: LooseBody, state: string, extra: Record<string, unknown> = {}) =>
  w.call('POST', `/pos/customer-orders/${o.id}/state`, { state, expectedUpdatedAt: o.updatedAt, ...extra });
const pay = (o: LooseBody, tender: string, amount: number) =>
  w.call('POST', `/pos/customer-orders/${o.id}/payments`, { tender, amount }, key());

describe(`customer orders: draft, confirm, pay, complete or cancel (${driver})`, () => {
  it('takes a pickup order priced from the catalogue, confirms it (stock taken), takes split payments and completes it into a sale with ledger entries', async () => {
    const oil = w.items[0]!.variantId!;
    const before = await stockOf(oil);
    const draft = await ok(w.call('POST', '/pos/customer-orders', orderBody()), 201);
    expect(draft).toMatchObject({
      state: 'draft',
      fulfilment: 'pickup',
      total: 22_000,
      paid: 0,
      saleId: null,
      customerName: 'Salma Haddad',
    });
    expect(draft.number).toMatch(/^O-\d{6}$/);
    expect(draft.lines.map((l: LooseBody) => [l.vendorName, l.unitPrice, l.quantity, l.total, l.stockTaken])).toEqual([
      ['Olive Grove', 5_000, 2, 10_000, false],
      ['Clay Works', 12_000, 1, 12_000, false],
    ]);
    expect(await stockOf(oil)).toBe(before);

    // A payment before confirmation is refused; confirming takes the stock.
    expect((await pay(draft, 'cash', 1_000)).statusCode).toBe(409);
    const confirmed = await ok(move(draft, 'confirmed'));
    expect(confirmed.state).toBe('confirmed');
    expect(confirmed.lines[0].stockTaken).toBe(true);
    expect(await stockOf(oil)).toBe(before - 2);

    // Completing with money due is refused and says how much.
    const early = await move(confirmed, 'completed');
    expect(early.statusCode).toBe(422);
    expect(early.json().error.fields).toEqual([{ field: 'state', message: '22000 is still due: take the payment first' }]);

    // Card 10.000 then cash 12.000; more than is due is refused; a tender the register does not take too.
    const afterCard = await ok(pay(confirmed, 'card', 10_000), 201);
    expect(afterCard.paid).toBe(10_000);
    const over = await pay(confirmed, 'cash', 12_001);
    expect(over.statusCode).toBe(422);
    expect(over.json().error.fields[0]).toEqual({ field: 'amount', message: 'is more than the 12000 still due' });
    expect((await pay(confirmed, 'voucher', 1_000)).json().error.fields[0].field).toBe('tender');
    const paid = await ok(pay(afterCard, 'cash', 12_000), 201);
    expect(paid.paid).toBe(22_000);
    expect((await pay(paid, 'cash', 1)).statusCode).toBe(409);

    const ready = await ok(move(paid, 'ready'));
    const done = await ok(move(ready, 'completed'));
    expect(done.state).toBe('completed');
    expect(done.saleReceiptNumber).toMatch(/^\d{6}$/);
    expect(done.history.map((e: LooseBody) => e.event)).toEqual(['created', 'confirmed', 'payment', 'payment', 'ready', 'completed']);
    // Stock was taken once, at confirmation.
    expect(await stockOf(oil)).toBe(before - 2);

    // The sale is an order of the register, outside any session, with the order's payments and lines.
    const sale = await ok(w.call('GET', `/pos/orders/${done.saleId}`));
    expect(sale).toMatchObject({ kind: 'sale', placement: 'customer_order', sessionId: null, total: 22_000, customerName: 'Salma Haddad' });
    expect(sale.payments).toEqual([
      { tender: 'card', amount: 10_000, change: 0, reference: done.number },
      { tender: 'cash', amount: 12_000, change: 0, reference: done.number },
    ]);
    expect(sale.lines.map((l: LooseBody) => [l.vendorName, l.total, l.commission])).toEqual([
      ['Olive Grove', 10_000, 1_000],
      ['Clay Works', 12_000, 1_200],
    ]);
    const ledger = await ledgerOf(done.saleId);
    expect(ledger).toHaveLength(4);
    expect(ledger).toEqual(
      expect.arrayContaining([
        { vendorId: w.vendors[0]!.id, type: 'sale', amount: -10_000 },
        { vendorId: w.vendors[0]!.id, type: 'commission', amount: 1_000 },
        { vendorId: w.vendors[2]!.id, type: 'sale', amount: -12_000 },
        { vendorId: w.vendors[2]!.id, type: 'commission', amount: 1_200 },
      ]),
    );
    // Completed is final; a second complete from the same screen is refused as stale.
    expect((await move(done, 'cancelled', { reason: 'changed mind' })).statusCode).toBe(409);
    expect((await move(ready, 'completed')).statusCode).toBe(409);
    expect((await w.call('GET', `/pos/orders?placement=customer_order`)).json().items.map((o: LooseBody) => o.id)).toContain(done.saleId);
  });

  it('a cash payment goes into the register’s open drawer, and cancelling puts stock back and refunds it from there', async () => {
    const session = await openSession(w, 10_000);
    const honey = w.items[1]!.variantId!;
    const before = await stockOf(honey);
    const draft = await ok(
      w.call('POST', '/pos/customer-orders', {
        registerId: w.register.id,
        fulfilment: 'delivery',
        deliveryAddress: '12 Rainbow St, Amman',
        customerName: 'Omar',
        lines: [{ productId: w.items[1]!.productId, variantId: honey, quantity: 3 }],
      }),
      201,
    );
    const confirmed = await ok(move(draft, 'confirmed'));
    expect(await stockOf(honey)).toBe(before - 3);
    const paid = await ok(pay(confirmed, 'cash', 5_000), 201);
    let s = await ok(w.call('GET', `/pos/sessions/${session.id}`));
    expect(s.expectedCash).toBe(15_000);

    expect((await move(paid, 'cancelled')).json().error.fields).toEqual([{ field: 'reason', message: 'say why the order is cancelled' }]);
    const cancelled = await ok(move(paid, 'cancelled', { reason: 'customer is travelling' }));
    expect(cancelled).toMatchObject({ state: 'cancelled', paid: 0 });
    expect(cancelled.payments.map((p: LooseBody) => [p.tender, p.amount])).toEqual([
      ['cash', 5_000],
      ['cash', -5_000],
    ]);
    expect(cancelled.history.at(-2)).toMatchObject({ event: 'cancelled', reason: 'customer is travelling' });
    expect(cancelled.lines[0].stockTaken).toBe(false);
    expect(await stockOf(honey)).toBe(before);
    s = await ok(w.call('GET', `/pos/sessions/${session.id}`));
    expect(s.expectedCash).toBe(10_000);
    await ok(w.call('POST', `/pos/sessions/${session.id}/close`, { counted: [{ tender: 'cash', amount: 10_000 }] }));
  });

  it('confirming more than is in stock is refused and takes nothing', async () => {
    const honey = w.items[1]!.variantId!;
    const stock = await stockOf(honey);
    const draft = await ok(
      w.call(
        'POST',
        '/pos/customer-orders',
        orderBody({ lines: [{ productId: w.items[1]!.productId, variantId: honey, quantity: stock + 1 }] }),
      ),
      201,
    );
    const res = await move(draft, 'confirmed');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.fields).toEqual([{ field: 'lines.0.quantity', message: `only ${stock} in stock` }]);
    expect(await stockOf(honey)).toBe(stock);
    expect((await ok(w.call('GET', `/pos/customer-orders/${draft.id}`))).state).toBe('draft');
  });

  it('edits a draft (re-priced, stale edits refused) and not a confirmed order', async () => {
    const draft = await ok(w.call('POST', '/pos/customer-orders', orderBody()), 201);
    const edited = await ok(
      w.call('PATCH', `/pos/customer-orders/${draft.id}`, {
        expectedUpdatedAt: draft.updatedAt,
        lines: [{ productId: w.items[2]!.productId, quantity: 2, discount: { kind: 'percentage', value: 1000 } }],
        note: 'gift wrap',
      }),
    );
    expect(edited).toMatchObject({ total: 21_600, discount: 2_400, note: 'gift wrap' });
    expect(edited.lines).toHaveLength(1);
    const stale = await w.call('PATCH', `/pos/customer-orders/${draft.id}`, { expectedUpdatedAt: draft.updatedAt, note: 'x' });
    expect(stale.statusCode).toBe(409);
    // Switching to delivery needs an address.
    const noAddress = await w.call('PATCH', `/pos/customer-orders/${draft.id}`, {
      expectedUpdatedAt: edited.updatedAt,
      fulfilment: 'delivery',
    });
    expect(noAddress.statusCode).toBe(422);
    expect(noAddress.json().error.fields).toEqual([{ field: 'deliveryAddress', message: 'is required for a delivery' }]);
    const confirmed = await ok(move(edited, 'confirmed'));
    const late = await w.call('PATCH', `/pos/customer-orders/${draft.id}`, { expectedUpdatedAt: confirmed.updatedAt, note: 'y' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.fields).toEqual([{ field: 'state', message: 'is confirmed' }]);
  });

  it('validates at the edge: a delivery without an address, an empty order, another organization’s product', async () => {
    const noAddress = await w.call('POST', '/pos/customer-orders', orderBody({ fulfilment: 'delivery' }));
    expect(noAddress.statusCode).toBe(422);
    expect(noAddress.json().error.fields).toEqual([{ field: 'deliveryAddress', message: 'is required for a delivery' }]);
    const empty = await w.call('POST', '/pos/customer-orders', orderBody({ lines: [] }));
    expect(empty.json().error.fields).toEqual([{ field: 'lines', message: 'add at least one item' }]);
    const other = await posWorld(t.app);
    const foreign = await w.call(
      'POST',
      '/pos/customer-orders',
      orderBody({ lines: [{ productId: other.items[2]!.productId, quantity: 1 }] }),
    );
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().error.fields).toEqual([{ field: 'lines.0.productId', message: 'is not a product of this organization' }]);
    const foreignRegister = await w.call('POST', '/pos/customer-orders', orderBody({ registerId: other.register.id }));
    expect(foreignRegister.json().error.fields).toEqual([{ field: 'registerId', message: 'is not a register' }]);
  });

  it('lists and searches orders; another organization, a vendor and a cashier not on the register see nothing', async () => {
    const mine = await ok(
      w.call('POST', '/pos/customer-orders', orderBody({ customerName: 'Layla Nasser', customerEmail: 'layla@example.com' })),
      201,
    );
    const byName = await ok(w.call('GET', '/pos/customer-orders?q=layla'));
    expect(byName.items.map((o: LooseBody) => o.id)).toEqual([mine.id]);
    const byNumber = await ok(w.call('GET', `/pos/customer-orders?q=${Number(mine.number.slice(2))}`));
    expect(byNumber.items.map((o: LooseBody) => o.id)).toEqual([mine.id]);
    const drafts = await ok(w.call('GET', '/pos/customer-orders?state=draft&limit=1'));
    expect(drafts.items).toHaveLength(1);
    expect(drafts.nextCursor).toEqual(expect.any(String));
    const next = await ok(w.call('GET', `/pos/customer-orders?state=draft&limit=1&cursor=${drafts.nextCursor}`));
    expect(next.items[0].id).not.toBe(drafts.items[0].id);
    expect((await w.call('GET', '/pos/customer-orders?cursor=nonsense')).statusCode).toBe(422);

    const otherOrg = await createOrg(t.app);
    const outsider = caller(t.app, bearer(await tokenFor(t.app, await createUser(t.app, { orgId: otherOrg.id, role: 'vendor_manager' }))));
    expect((await outsider('GET', `/pos/customer-orders/${mine.id}`)).statusCode).toBe(404);
    expect((await outsider('GET', '/pos/customer-orders')).json().items).toEqual([]);
    expect(
      (await outsider('POST', `/pos/customer-orders/${mine.id}/state`, { state: 'confirmed', expectedUpdatedAt: mine.updatedAt }))
        .statusCode,
    ).toBe(404);

    const vendor = caller(t.app, w.vendor);
    expect((await vendor('GET', '/pos/customer-orders')).statusCode).toBe(403);
    expect((await vendor('GET', `/pos/customer-orders/${mine.id}`)).statusCode).toBe(403);

    // A register limited to one cashier: another cashier cannot take or move its orders.
    const admin = caller(t.app, bearer(await tokenFor(t.app, await createUser(t.app, { orgId: w.orgId, role: 'admin' }))));
    const named = await createUser(t.app, { orgId: w.orgId, role: 'vendor_manager' });
    const limited = await ok(
      admin('POST', '/pos/registers', { name: `Pickup ${randomUUID().slice(0, 6)}`, tenders: ['cash'], cashierIds: [named.id] }),
      201,
    );
    const refused = await w.call('POST', '/pos/customer-orders', orderBody({ registerId: limited.id }));
    expect(refused.statusCode).toBe(403);
    const theirs = await ok(admin('POST', '/pos/customer-orders', orderBody({ registerId: limited.id })), 201);
    expect(
      (await w.call('POST', `/pos/customer-orders/${theirs.id}/state`, { state: 'confirmed', expectedUpdatedAt: theirs.updatedAt }))
        .statusCode,
    ).toBe(403);
  });

  it('audits each step for the dashboard', async () => {
    const draft = await ok(w.call('POST', '/pos/customer-orders', orderBody()), 201);
    const confirmed = await ok(move(draft, 'confirmed'));
    await ok(pay(confirmed, 'card', 22_000), 201);
    const rows = await t.app.ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'customer_order'), eq(auditLog.entityId, draft.id)));
    expect(rows.map((r) => r.action).sort()).toEqual(['confirm', 'create', 'payment']);
  });

  it('a payment without an Idempotency-Key is refused; the same key sent twice records it once', async () => {
    const draft = await ok(w.call('POST', '/pos/customer-orders', orderBody()), 201);
    const confirmed = await ok(move(draft, 'confirmed'));
    const missing = await w.call('POST', `/pos/customer-orders/${confirmed.id}/payments`, { tender: 'card', amount: 100 });
    expect(missing.statusCode).toBe(422);
    const k = key();
    const first = await ok(w.call('POST', `/pos/customer-orders/${confirmed.id}/payments`, { tender: 'card', amount: 100 }, k), 201);
    const again = await w.call('POST', `/pos/customer-orders/${confirmed.id}/payments`, { tender: 'card', amount: 100 }, k);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().paid).toBe(first.paid);
    expect((await ok(w.call('GET', `/pos/customer-orders/${confirmed.id}`))).payments).toHaveLength(1);
  });

  it('two screens completing, paying or cancelling the same order at once: one wins, one sale, never overpaid', async () => {
    const draft = await ok(w.call('POST', '/pos/customer-orders', orderBody()), 201);
    const confirmed = await ok(move(draft, 'confirmed'));
    const pays = await Promise.all([pay(confirmed, 'card', 22_000), pay(confirmed, 'card', 22_000), pay(confirmed, 'cash', 22_000)]);
    expect(pays.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const paid = await ok(w.call('GET', `/pos/customer-orders/${draft.id}`));
    expect(paid.paid).toBe(22_000);
    const ends = await Promise.all([move(paid, 'completed'), move(paid, 'completed'), move(paid, 'cancelled', { reason: 'duplicate' })]);
    expect(ends.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const sales = await ok(w.call('GET', `/pos/orders?placement=customer_order&q=Salma`));
    const final = await ok(w.call('GET', `/pos/customer-orders/${draft.id}`));
    expect(sales.items.filter((o: LooseBody) => o.id === final.saleId)).toHaveLength(final.state === 'completed' ? 1 : 0);
    expect((await ledgerOf(final.saleId ?? randomUUID())).length).toBe(final.state === 'completed' ? 4 : 0);
  });
});
