import { randomUUID } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog, emailOutbox, posRegisters, productVariants, vendorLedgerEntries } from '../../db/schema/index.js';
import { createOrg, createUser, tokenFor, bearer } from '../../../test/factories.js';
import { createTestApp, driver, type TestContext } from '../../../test/harness.js';
import { caller, ok, openSession, posWorld, saleBody, type PosWorld } from './pos.test-support.js';

let t: TestContext;
let w: PosWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await posWorld(t.app);
  await ok(w.call('POST', '/pos/commission-rules', { kind: 'percentage', rateBasisPoints: 1000 }), 201);
  await ok(w.call('POST', '/pos/commission-rules', { vendorId: w.vendors[1]!.id, kind: 'flat', amount: 200 }), 201);
});
afterAll(async () => t?.close());

const stockOf = async (variantId: string) =>
  (await t.app.ctx.db.select({ n: productVariants.stockQuantity }).from(productVariants).where(eq(productVariants.id, variantId)))[0]!.n;
const ledgerOf = (vendorId: string) =>
  t.app.ctx.db
    .select({ type: vendorLedgerEntries.entryType, amount: vendorLedgerEntries.amount, sourceId: vendorLedgerEntries.sourceId })
    .from(vendorLedgerEntries)
    .where(and(eq(vendorLedgerEntries.orgId, w.orgId), eq(vendorLedgerEntries.vendorId, vendorId)));

describe(`point of sale: a sale, its return and the session's close (${driver})`, () => {
  it('sells items of three vendors with a split tender, records it once, and closes the session with a cash difference', async () => {
    const session = await openSession(w, 20_000);
    const oilStock = await stockOf(w.items[0]!.variantId!);
    // 2 x 5.000 + 1 x 3.250 + 1 x 12.000 = 25.250; card 10.000, cash 20.000 handed over (4.750 change).
    const body = saleBody(
      w,
      session.id,
      [
        [0, 2],
        [1, 1],
        [2, 1],
      ],
      [
        { tender: 'card', amount: 10_000 },
        { tender: 'cash', amount: 20_000 },
      ],
    );
    const res = await w.call('POST', '/pos/orders', body);
    expect(res.statusCode, res.body).toBe(201);
    const { order, alreadyRecorded } = res.json();
    expect(alreadyRecorded).toBe(false);
    expect(order).toMatchObject({ kind: 'sale', total: 25_250, subtotal: 25_250, placement: 'session', sessionId: session.id });
    expect(order.payments).toEqual([
      { tender: 'card', amount: 10_000, change: 0, reference: '' },
      { tender: 'cash', amount: 20_000, change: 4_750, reference: '' },
    ]);
    // Tax is included: 16% of a 10.000 line is 10.000 * 1600 / 11600 = 1.379.
    expect(
      order.lines.map((l: { vendorName: string; total: number; tax: number; commission: number }) => [
        l.vendorName,
        l.total,
        l.tax,
        l.commission,
      ]),
    ).toEqual([
      ['Olive Grove', 10_000, 1_379, 1_000],
      ['Bee Farm', 3_250, 448, 200],
      ['Clay Works', 12_000, 1_655, 1_200],
    ]);
    expect(await stockOf(w.items[0]!.variantId!)).toBe(oilStock - 2);

    // The same sale again: the stored order, said to be recorded already, nothing written twice.
    const again = await w.call('POST', '/pos/orders', body);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual({ order, alreadyRecorded: true });
    expect(await stockOf(w.items[0]!.variantId!)).toBe(oilStock - 2);
    // The same id with other content is refused, naming the id.
    const other = await w.call('POST', '/pos/orders', { ...body, lines: [body.lines[0]], payments: [{ tender: 'cash', amount: 10_000 }] });
    expect(other.statusCode).toBe(422);
    expect(other.json().error.fields[0].field).toBe('id');

    // The ledger: each vendor's sale (< 0, owed to them) and commission (> 0).
    expect((await ledgerOf(w.vendors[0]!.id)).filter((e) => e.sourceId === order.id)).toEqual([
      { type: 'sale', amount: -10_000, sourceId: order.id },
      { type: 'commission', amount: 1_000, sourceId: order.id },
    ]);

    // Return one oil (restocked) to the original tenders: 5.000 back, commission 500 reversed.
    const ret = await w.call('POST', `/pos/orders/${order.id}/returns`, {
      id: randomUUID(),
      registerId: w.register.id,
      sessionId: session.id,
      lines: [{ lineId: order.lines[0].id, quantity: 1, restock: true }],
    });
    expect(ret.statusCode, ret.body).toBe(201);
    const returned = ret.json().order;
    expect(returned).toMatchObject({ kind: 'return', total: 5_000, originalOrderId: order.id, originalReceiptNumber: order.receiptNumber });
    expect(returned.payments).toEqual([{ tender: 'card', amount: 5_000, change: 0, reference: '' }]);
    expect(await stockOf(w.items[0]!.variantId!)).toBe(oilStock - 1);
    // More than is left to return is refused, naming the line's quantity.
    const tooMany = await w.call('POST', `/pos/orders/${order.id}/returns`, {
      id: randomUUID(),
      registerId: w.register.id,
      sessionId: session.id,
      lines: [{ lineId: order.lines[0].id, quantity: 2 }],
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error.fields[0].field).toBe('lines.0.quantity');

    // X report: by vendor gross, returns, commission and what is payable.
    const x = await ok(w.call('GET', `/pos/sessions/${session.id}/report`));
    expect(x.kind).toBe('x');
    expect(x.byVendor.find((v: { vendorName: string }) => v.vendorName === 'Olive Grove')).toMatchObject({
      gross: 10_000,
      returns: 5_000,
      net: 5_000,
      commission: 500,
      payable: 4_500,
    });
    expect(x.byTender).toEqual([
      { tender: 'cash', taken: 20_000, refunded: 0, change: 4_750, net: 15_250 },
      { tender: 'card', taken: 10_000, refunded: 5_000, change: 0, net: 5_000 },
    ]);

    // Cash out 5.000 with a reason, then close: counted cash 30.000 against 20.000 + 15.250 - 5.000 = 30.250.
    const move = await w.call(
      'POST',
      `/pos/sessions/${session.id}/cash-moves`,
      { kind: 'out', amount: 5_000, reason: 'Bank drop' },
      { 'idempotency-key': randomUUID() },
    );
    expect(move.statusCode, move.body).toBe(201);
    const z = await ok(
      w.call('POST', `/pos/sessions/${session.id}/close`, {
        counted: [
          { tender: 'cash', amount: 30_000 },
          { tender: 'card', amount: 5_000 },
        ],
        note: 'Short by 250',
      }),
    );
    expect(z.kind).toBe('z');
    expect(z.session).toMatchObject({ status: 'closed', saleCount: 1, returnCount: 1, grossSales: 25_250, returns: 5_000, cashOut: 5_000 });
    expect(z.session.closing).toEqual([
      { tender: 'cash', expected: 30_250, counted: 30_000, difference: -250 },
      { tender: 'card', expected: 5_000, counted: 5_000, difference: 0 },
    ]);
    expect(z.cashMoves).toMatchObject([{ kind: 'out', amount: 5_000, reason: 'Bank drop' }]);
    // Closed means final: the Z report reads the same later, a second close and a cash move are refused.
    expect(await ok(w.call('GET', `/pos/sessions/${session.id}/report`))).toEqual(z);
    expect((await w.call('POST', `/pos/sessions/${session.id}/close`, { counted: [] })).statusCode).toBe(409);
    expect(
      (
        await w.call(
          'POST',
          `/pos/sessions/${session.id}/cash-moves`,
          { kind: 'in', amount: 1, reason: 'x' },
          { 'idempotency-key': randomUUID() },
        )
      ).statusCode,
    ).toBe(409);
    // Even the database refuses to change a closed session.
    const edit = await t.app.ctx.db
      .execute(sql`update pos_sessions set closing_note = 'edited' where id = ${session.id}`)
      .catch((e: Error) => e);
    expect(String((edit as Error & { cause?: Error }).cause?.message ?? edit)).toMatch(/closed session is never changed/);

    // The vendor sees only their own lines.
    const own = await ok(caller(t.app, w.vendor)('GET', '/pos/vendor-order-lines'));
    expect(own.length).toBe(2);
    expect(own.every((l: { line: { vendorName: string } }) => l.line.vendorName === 'Olive Grove')).toBe(true);
    expect((await caller(t.app, w.vendor)('GET', `/pos/orders/${order.id}`)).statusCode).toBe(403);

    // Settlement: Olive Grove is owed 10.000 - 5.000 - 500; a payout settles part of it.
    const rows = await ok(w.call('GET', '/pos/settlement'));
    expect(rows.find((r: { vendorName: string }) => r.vendorName === 'Olive Grove')).toMatchObject({
      sales: 10_000,
      returns: 5_000,
      commission: 500,
      balance: -4_500,
    });
    const payout = { vendorId: w.vendors[0]!.id, amount: 4_000, method: 'bank_transfer', reference: 'TRX-1', paidOn: '2026-11-28' };
    const key = { 'idempotency-key': randomUUID() };
    expect((await w.call('POST', '/pos/payouts', payout, key)).statusCode).toBe(201);
    expect((await w.call('POST', '/pos/payouts', payout, key)).headers['idempotent-replayed']).toBe('true');
    const after = await ok(w.call('GET', '/pos/settlement'));
    expect(after.find((r: { vendorName: string }) => r.vendorName === 'Olive Grove')).toMatchObject({ payouts: 4_000, balance: -500 });
  });

  it('refuses a sale past the stock unless the register allows it, and records it as such when it does', async () => {
    const session = await openSession(w, 0).catch(
      async () => (await ok(w.call('GET', `/pos/sessions?registerId=${w.register.id}&status=open`)))[0],
    );
    await t.app.ctx.db.update(productVariants).set({ stockQuantity: 1 }).where(eq(productVariants.id, w.items[1]!.variantId!));
    const refused = await w.call('POST', '/pos/orders', saleBody(w, session.id, [[1, 2]]));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.fields).toEqual([{ field: 'lines.0.quantity', message: 'only 1 in stock' }]);
    expect(await stockOf(w.items[1]!.variantId!)).toBe(1);
    const reg = await ok(w.call('GET', '/pos/registers'));
    const mine = reg.find((r: { id: string }) => r.id === w.register.id);
    await ok(w.call('PATCH', `/pos/registers/${w.register.id}`, { allowNegativeStock: true, expectedUpdatedAt: mine.updatedAt }));
    const sold = await ok(w.call('POST', '/pos/orders', saleBody(w, session.id, [[1, 2]])), 201);
    expect(sold.order.lines[0].soldPastZero).toBe(true);
    expect(await stockOf(w.items[1]!.variantId!)).toBe(-1);
    const back = await ok(w.call('GET', `/pos/registers`));
    await ok(
      w.call('PATCH', `/pos/registers/${w.register.id}`, {
        allowNegativeStock: false,
        expectedUpdatedAt: back.find((r: { id: string }) => r.id === w.register.id).updatedAt,
      }),
    );
  });

  it('puts a late sale of a closed session in the open one, or holds it when none is open: never dropped', async () => {
    const open = (await ok(w.call('GET', `/pos/sessions?registerId=${w.register.id}&status=open`)))[0] ?? (await openSession(w, 0));
    await ok(w.call('POST', `/pos/sessions/${open.id}/close`, { counted: [] }));
    const held = await ok(w.call('POST', '/pos/orders', saleBody(w, open.id, [[2, 1]])), 201);
    expect(held.order).toMatchObject({ placement: 'held', sessionId: null });
    const next = await openSession(w, 0);
    const moved = await ok(w.call('POST', '/pos/orders', saleBody(w, open.id, [[2, 1]])), 201);
    expect(moved.order).toMatchObject({ placement: 'moved', sessionId: next.id });
    const s = await ok(w.call('GET', `/pos/sessions/${next.id}`));
    expect(s.saleCount).toBe(1);
  });

  it('refuses bad sales naming the field, and keeps organizations apart', async () => {
    const session = (await ok(w.call('GET', `/pos/sessions?registerId=${w.register.id}&status=open`)))[0];
    const cases: [Record<string, unknown>, string][] = [
      [{ lines: [] }, 'lines'],
      [{ payments: [{ tender: 'cash', amount: 1 }] }, 'payments'],
      [{ payments: [{ tender: 'card', amount: 99_000 }] }, 'payments'],
      [{ payments: [{ tender: 'voucher', amount: 99_000 }] }, 'payments.0.tender'],
      [{ lines: [{ productId: randomUUID(), quantity: 1, unitPrice: 1 }] }, 'lines.0.productId'],
      [{ lines: [{ productId: w.items[0]!.productId, quantity: 0, unitPrice: 1 }] }, 'lines.0.quantity'],
      [{ sessionId: randomUUID() }, 'sessionId'],
      [{ soldAt: 'yesterday' }, 'soldAt'],
    ];
    for (const [over, field] of cases) {
      const res = await w.call('POST', '/pos/orders', { ...saleBody(w, session.id, [[2, 1]]), ...over });
      expect(res.statusCode, `${JSON.stringify(over)} ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(
        res.json().error.fields.map((f: { field: string }) => f.field),
        JSON.stringify(over),
      ).toContain(field);
    }

    const other = await createOrg(t.app);
    const outsider = caller(t.app, bearer(await tokenFor(t.app, await createUser(t.app, { orgId: other.id, role: 'super_admin' }))));
    const sale = await ok(w.call('POST', '/pos/orders', saleBody(w, session.id, [[2, 1]])), 201);
    expect((await outsider('GET', `/pos/orders/${sale.order.id}`)).statusCode).toBe(404);
    expect((await outsider('GET', '/pos/orders')).json().items).toEqual([]);
    expect((await outsider('GET', `/pos/sessions/${session.id}`)).statusCode).toBe(404);
    // Another organization cannot sell on this register, nor replay this order's id.
    const theirs = await outsider('POST', '/pos/orders', saleBody(w, session.id, [[2, 1]]));
    expect(theirs.statusCode).toBe(422);
    expect(theirs.json().error.fields[0].field).toBe('registerId');
    const replay = await outsider('POST', '/pos/orders', { ...saleBody(w, session.id, [[2, 1]]), id: sale.order.id });
    expect(replay.statusCode).toBe(422);
    expect(JSON.stringify(replay.json())).not.toContain(sale.order.receiptNumber);
    // Anonymous callers and vendors reach nothing of the point of sale.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/pos/orders' })).statusCode).toBe(401);
    expect((await caller(t.app, w.vendor)('POST', '/pos/orders', saleBody(w, session.id, [[2, 1]]))).statusCode).toBe(403);
  });

  it('lists orders newest first with filters, search by receipt number, and keyset pages', async () => {
    const all = await ok(w.call('GET', '/pos/orders?limit=2'));
    expect(all.items.length).toBe(2);
    expect(all.nextCursor).toBeTruthy();
    const next = await ok(w.call('GET', `/pos/orders?limit=2&cursor=${all.nextCursor}`));
    expect(next.items[0].id).not.toBe(all.items[0].id);
    const returns = await ok(w.call('GET', '/pos/orders?kind=return'));
    expect(returns.items.every((o: { kind: string }) => o.kind === 'return')).toBe(true);
    const byVendor = await ok(w.call('GET', `/pos/orders?vendorId=${w.vendors[1]!.id}`));
    expect(byVendor.items.length).toBeGreaterThan(0);
    const first = all.items[0];
    const found = await ok(w.call('GET', `/pos/orders?q=${Number(first.receiptNumber)}`));
    expect(found.items.map((o: { id: string }) => o.id)).toContain(first.id);
    expect((await w.call('GET', '/pos/orders?cursor=nonsense')).statusCode).toBe(422);

    // The same filters as a file: CSV and XLSX, a formula-like customer name neutralised, vendors refused.
    const session = (await ok(w.call('GET', `/pos/sessions?registerId=${w.register.id}&status=open`)))[0];
    await ok(w.call('POST', '/pos/orders', saleBody(w, session.id, [[2, 1]], undefined, { customerName: '=HYPERLINK("x")' })), 201);
    const csv = await w.call('GET', '/pos/orders/export?format=csv&kind=sale');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('receipt_number,kind,sold_at,register,cashier,customer,lines,vendors,tenders,placement,currency,total');
    expect(lines.length - 1).toBe((await ok(w.call('GET', '/pos/orders?kind=sale&limit=100'))).items.length);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[1]).toMatch(/,sale,.*,JOD,12\.000$/);
    const xlsx = await w.call('GET', `/pos/orders/export?format=xlsx&vendorId=${w.vendors[2]!.id}`);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const sheet = strFromU8(unzipSync(new Uint8Array((xlsx as unknown as { rawPayload: Buffer }).rawPayload))['xl/worksheets/sheet1.xml']!);
    expect(sheet).toContain('receipt_number');
    expect(sheet).toContain("'=HYPERLINK");
    expect((await w.call('GET', '/pos/orders/export?format=pdf')).statusCode).toBe(422);
    expect((await caller(t.app, w.vendor)('GET', '/pos/orders/export?format=csv')).statusCode).toBe(403);
  });

  it('finds sellables by barcode, SKU and Arabic name, and reports sales by vendor with the previous period', async () => {
    const oil = w.items[0]!;
    const [v] = await t.app.ctx.db
      .select({ barcode: productVariants.barcode })
      .from(productVariants)
      .where(eq(productVariants.id, oil.variantId!));
    const byBarcode = await ok(w.call('GET', `/pos/registers/${w.register.id}/lookup?q=${v!.barcode}`));
    expect(byBarcode[0]).toMatchObject({
      variantId: oil.variantId,
      price: 5_000,
      taxRateBasisPoints: 1600,
      tracksStock: true,
      vendorName: 'Olive Grove',
    });
    const bySku = await ok(w.call('GET', `/pos/registers/${w.register.id}/lookup?q=${w.items[2]!.sku.toLowerCase()}`));
    expect(bySku[0]).toMatchObject({ productId: w.items[2]!.productId, variantId: null, tracksStock: false, stock: null });
    // An exact match answers alone: the name search runs only when nothing matched exactly.
    expect(bySku).toHaveLength(1);
    const byName = await ok(w.call('GET', `/pos/registers/${w.register.id}/lookup?q=${encodeURIComponent('عسل')}`));
    expect(byName.map((s: { nameEn: string }) => s.nameEn)).toContain('Wild honey');
    const snap = await ok(w.call('GET', `/pos/registers/${w.register.id}/snapshot`));
    expect(snap.items.length).toBe(3);
    expect(snap.currency).toEqual({ code: 'JOD', minorDigits: 3 });

    const today = new Date().toISOString().slice(0, 10);
    const report = await ok(w.call('GET', `/pos/reports/sales?from=${today}&to=${today}&groupBy=vendor`));
    const olive = report.rows.find((r: { labelEn: string }) => r.labelEn === 'Olive Grove');
    expect(olive).toMatchObject({ gross: 10_000, returns: 5_000, net: 5_000, previousNet: 0 });
    expect(report.totals.net).toBe(report.rows.reduce((a: number, r: { net: number }) => a + r.net, 0));
    const byTender = await ok(w.call('GET', `/pos/reports/sales?from=${today}&to=${today}&groupBy=tender`));
    expect(byTender.totals.net).toBe(report.totals.net);
    expect((await w.call('GET', `/pos/reports/sales?from=${today}&to=2000-01-01&groupBy=day`)).statusCode).toBe(422);
    // A period asked for to compare with (the report screen asks for the same days of last week or last month):
    // tomorrow against today holds today's sales as the previous figures; without it, the day just before.
    const tomorrow = new Date(Date.parse(today) + 86_400_000).toISOString().slice(0, 10);
    const compared = await ok(
      w.call('GET', `/pos/reports/sales?from=${tomorrow}&to=${tomorrow}&groupBy=vendor&compareFrom=${today}&compareTo=${today}`),
    );
    expect(compared).toMatchObject({ previousFrom: today, previousTo: today, previousTotals: report.totals, totals: { net: 0 } });
    const weekAgo = new Date(Date.parse(today) - 7 * 86_400_000).toISOString().slice(0, 10);
    const lastWeek = await ok(
      w.call('GET', `/pos/reports/sales?from=${today}&to=${today}&groupBy=vendor&compareFrom=${weekAgo}&compareTo=${weekAgo}`),
    );
    expect(lastWeek).toMatchObject({ previousFrom: weekAgo, previousTo: weekAgo, previousTotals: { net: 0 }, totals: report.totals });
    for (const [query, field, message] of [
      [`compareFrom=${weekAgo}`, 'query.compareTo', 'is needed with compareFrom'],
      [`compareTo=${weekAgo}`, 'query.compareFrom', 'is needed with compareTo'],
      [`compareFrom=${today}&compareTo=${weekAgo}`, 'query.compareTo', 'must be on or after compareFrom'],
      [`compareFrom=${weekAgo}&compareTo=${today}`, 'query.compareTo', 'must be before from'],
      [`compareFrom=2000-01-01&compareTo=${weekAgo}`, 'query.compareTo', 'a period covers at most 366 days'],
      [`compareFrom=last-week&compareTo=${weekAgo}`, 'query.compareFrom', 'must be a date written YYYY-MM-DD'],
    ]) {
      const refused = await w.call('GET', `/pos/reports/sales?from=${today}&to=${today}&groupBy=vendor&${query}`);
      expect(refused.statusCode, query).toBe(422);
      expect(refused.json().error.fields[0], query).toEqual({ field, message });
    }
    // The same report as a file: a row per vendor with both labels, then the totals.
    const file = await w.call('GET', `/pos/reports/sales/export?from=${today}&to=${today}&groupBy=vendor&format=csv`);
    expect(file.statusCode, file.body).toBe(200);
    const rows = file.body.trim().split('\r\n');
    expect(rows[0]).toBe('vendor,label_en,label_ar,orders,gross,returns,net,previous_net,currency');
    expect(rows).toContainEqual(expect.stringMatching(/^[0-9a-f-]{36},Olive Grove,.+,10\.000,5\.000,5\.000,0\.000,JOD$/));
    expect(rows.at(-2)).toMatch(new RegExp(`^total,${today} – ${today},,\\d+,`));
    const yesterday = new Date(Date.parse(today) - 86_400_000).toISOString().slice(0, 10);
    expect(rows.at(-1)).toBe(`previous_total,${yesterday} – ${yesterday},,0,0.000,0.000,0.000,,JOD`);
    const weekFile = await w.call(
      'GET',
      `/pos/reports/sales/export?from=${today}&to=${today}&groupBy=vendor&format=csv&compareFrom=${weekAgo}&compareTo=${weekAgo}`,
    );
    expect(weekFile.body.trim().split('\r\n').at(-1)).toMatch(new RegExp(`^previous_total,${weekAgo} – ${weekAgo},`));
    const sheet = await w.call('GET', `/pos/reports/sales/export?from=${today}&to=${today}&groupBy=tender&format=xlsx`);
    expect(sheet.headers['content-type']).toContain('spreadsheetml');
    expect((await w.call('GET', `/pos/reports/sales/export?from=${today}&to=${today}&groupBy=tender`)).statusCode).toBe(422);
  });

  it('takes the stock of a variant on two lines together: the line it does not cover is named, and nothing is taken', async () => {
    const session = await openSession(w, 0).catch(
      async () => (await ok(w.call('GET', `/pos/sessions?registerId=${w.register.id}&status=open`)))[0],
    );
    const [other, twice] = [w.items[0]!.variantId!, w.items[1]!.variantId!];
    await t.app.ctx.db.update(productVariants).set({ stockQuantity: 3 }).where(eq(productVariants.id, twice));
    const otherBefore = await stockOf(other);
    // 2 + 2 of a stock of 3: the first line is covered, the second has 1 left for it.
    const refused = await w.call(
      'POST',
      '/pos/orders',
      saleBody(w, session.id, [
        [0, 1],
        [1, 2],
        [1, 2],
      ]),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.fields).toEqual([{ field: 'lines.2.quantity', message: 'only 1 in stock' }]);
    expect([await stockOf(twice), await stockOf(other)]).toEqual([3, otherBefore]);
    const sold = await ok(
      w.call(
        'POST',
        '/pos/orders',
        saleBody(w, session.id, [
          [1, 2],
          [0, 1],
          [1, 1],
        ]),
      ),
      201,
    );
    expect(sold.order.lines.map((l: { soldPastZero: boolean }) => l.soldPastZero)).toEqual([false, false, false]);
    expect([await stockOf(twice), await stockOf(other)]).toEqual([0, otherBefore - 1]);
  });

  it('e-mails a receipt in English and Arabic to the customer or a given address, at most 5 times an hour, without links', async () => {
    await t.app.ctx.db
      .update(posRegisters)
      .set({ receiptHeaderEn: 'Harbour Market', receiptHeaderAr: 'سوق الميناء', receiptFooterEn: 'Thank you', receiptFooterAr: 'شكرًا' })
      .where(eq(posRegisters.id, w.register.id));
    const session = (await ok(w.call('GET', `/pos/sessions?registerId=${w.register.id}&status=open`)))[0];
    const customer = `buyer-${randomUUID().slice(0, 6)}@example.test`;
    const sale = await ok(
      w.call(
        'POST',
        '/pos/orders',
        saleBody(w, session.id, [[2, 1]], undefined, { customerEmail: customer, customerName: 'Visit www.evil.test' }),
      ),
      201,
    );
    const outboxTo = (to: string) => t.app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
    expect(await ok(w.call('POST', `/pos/orders/${sale.order.id}/email`, {}))).toEqual({ queuedTo: customer });
    const [mail] = await outboxTo(customer);
    expect(mail!.subject).toContain(`Receipt ${sale.order.receiptNumber}`);
    expect(mail!.subject).toContain(`إيصال ${sale.order.receiptNumber}`);
    for (const text of [
      'Harbour Market',
      'سوق الميناء',
      'Clay bowl',
      'وعاء فخار',
      'Clay Works',
      'Total: 12.000 JOD',
      'Cash: 12.000 JOD',
      'Thank you',
      'شكرًا',
    ])
      expect(mail!.textBody).toContain(text);
    expect(mail!.htmlBody).not.toMatch(/<a\s|href=/i);
    const [audit] = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, sale.order.id), eq(auditLog.action, 'receipt_emailed')));
    expect(audit).toMatchObject({
      entityType: 'pos_order',
      after: { to: customer, receiptNumber: sale.order.receiptNumber, outboxId: mail!.id },
    });

    // Another address on request; a sale without a customer address needs one; a bad address names the field.
    const other = `other-${randomUUID().slice(0, 6)}@example.test`;
    await ok(w.call('POST', `/pos/orders/${sale.order.id}/email`, { to: other }));
    const bare = await ok(w.call('POST', '/pos/orders', saleBody(w, session.id, [[2, 1]])), 201);
    const none = await w.call('POST', `/pos/orders/${bare.order.id}/email`, {});
    expect(none.statusCode, none.body).toBe(422);
    expect(none.json().error.fields.map((f: { field: string }) => f.field)).toEqual(['to']);
    const bad = await w.call('POST', `/pos/orders/${bare.order.id}/email`, { to: 'not an address' });
    expect(bad.json().error.fields.map((f: { field: string }) => f.field)).toEqual(['to']);

    // Five sends in an hour at most, counted across concurrent requests.
    const sends = await Promise.all([1, 2, 3, 4].map(() => w.call('POST', `/pos/orders/${sale.order.id}/email`, { to: other })));
    expect(sends.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 409]);
    expect((await outboxTo(customer)).length + (await outboxTo(other)).length).toBe(5);

    // Another organization, a vendor and an anonymous visitor e-mail nothing.
    const outsider = caller(
      t.app,
      bearer(await tokenFor(t.app, await createUser(t.app, { orgId: (await createOrg(t.app)).id, role: 'super_admin' }))),
    );
    expect((await outsider('POST', `/pos/orders/${bare.order.id}/email`, { to: other })).statusCode).toBe(404);
    expect((await caller(t.app, w.vendor)('POST', `/pos/orders/${bare.order.id}/email`, { to: other })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/pos/orders/${bare.order.id}/email`, payload: {} })).statusCode).toBe(401);
  });
});
