// R9: 500 random session runs (200 on PGlite) (open, sales with discounts and split tenders, returns, cash moves, X reports,
// close): the Z report, kept from running totals as sales happen, never diverges from the orders the session
// holds, recomputed here from the orders, their lines and payments alone.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productVariants } from '../../db/schema/index.js';
import { Rng } from '../../../test/lib/prng.js';
import { createTestApp, driver, type TestContext } from '../../../test/harness.js';
import { priceOrder } from './pos-pricing.js';
import { createSellable, ok, posWorld, type LooseBody, type PosWorld } from './pos.test-support.js';

// 500 runs on PostgreSQL (the production database); 200 on embedded PGlite, which runs every request on one
// connection and would otherwise take most of a minute more of the suite for the same code path.
const RUNS = driver === 'postgres' ? 500 : 200;
const CHAINS = 4;

let t: TestContext;
let w: PosWorld;
let registers: string[];
beforeAll(async () => {
  t = await createTestApp();
  w = await posWorld(t.app);
  // A fourth item with another tax rate and no vendor (the operator's own goods), and commission rules.
  w.items.push(await createSellable(t.app, w.orgId, { price: 799, stock: 1_000_000 }));
  await t.app.ctx.db
    .update(productVariants)
    .set({ stockQuantity: 1_000_000 })
    .where(sql`${productVariants.orgId} = ${w.orgId}`);
  await ok(w.call('POST', '/pos/commission-rules', { kind: 'percentage', rateBasisPoints: 1250, minimum: 100, maximum: 900 }), 201);
  await ok(w.call('POST', '/pos/commission-rules', { vendorId: w.vendors[2]!.id, kind: 'flat', amount: 350 }), 201);
  registers = [w.register.id];
  for (let i = 1; i < CHAINS; i++)
    registers.push((await ok(w.call('POST', '/pos/registers', { name: `Model till ${i}`, tenders: ['cash', 'card', 'voucher'] }), 201)).id);
  await ok(
    w.call('PATCH', `/pos/registers/${w.register.id}`, { tenders: ['cash', 'card', 'voucher'], expectedUpdatedAt: w.register.updatedAt }),
  );
});
afterAll(async () => t?.close());

const rowsOf = (r: unknown) => (Array.isArray(r) ? r : (r as { rows: Record<string, unknown>[] }).rows) as Record<string, unknown>[];
const n = (v: unknown) => Number(v ?? 0);

/** The session's figures recomputed from its orders, lines, payments and cash moves (not from its totals). */
async function fromOrders(sessionId: string, openingFloat: number) {
  const q = async (s: ReturnType<typeof sql>) => rowsOf(await t.app.ctx.db.execute(s));
  const [o] = await q(sql`select
      count(*) filter (where kind = 'sale') as sales, count(*) filter (where kind = 'return') as returns_count,
      coalesce(sum(total) filter (where kind = 'sale'), 0) as gross, coalesce(sum(total) filter (where kind = 'return'), 0) as returns,
      coalesce(sum(discount) filter (where kind = 'sale'), 0) as discounts,
      coalesce(sum(tax) filter (where kind = 'sale'), 0) - coalesce(sum(tax) filter (where kind = 'return'), 0) as taxes
    from pos_orders where session_id = ${sessionId}`);
  const tenders = await q(sql`select p.tender,
      coalesce(sum(p.amount) filter (where o.kind = 'sale'), 0) as taken, coalesce(sum(p.change) filter (where o.kind = 'sale'), 0) as change,
      coalesce(sum(p.amount) filter (where o.kind = 'return'), 0) as refunded
    from pos_order_payments p join pos_orders o on o.id = p.order_id where o.session_id = ${sessionId} group by p.tender`);
  const vendors = await q(sql`select coalesce(l.vendor_id::text, '') as vendor,
      coalesce(sum(l.total) filter (where l.kind = 'sale'), 0) as gross, coalesce(sum(l.total) filter (where l.kind = 'return'), 0) as returns,
      coalesce(sum(l.commission) filter (where l.kind = 'sale'), 0) - coalesce(sum(l.commission) filter (where l.kind = 'return'), 0) as commission
    from pos_order_lines l join pos_orders o on o.id = l.order_id where o.session_id = ${sessionId} group by 1`);
  const taxes = await q(sql`select l.tax_rate_bp as rate,
      sum(case when l.kind = 'sale' then l.tax else -l.tax end) as tax, sum(case when l.kind = 'sale' then l.total - l.tax else -(l.total - l.tax) end) as taxable
    from pos_order_lines l join pos_orders o on o.id = l.order_id where o.session_id = ${sessionId} group by 1`);
  const [moves] =
    await q(sql`select coalesce(sum(amount) filter (where kind = 'in'), 0) as cash_in, coalesce(sum(amount) filter (where kind = 'out'), 0) as cash_out
    from pos_cash_moves where session_id = ${sessionId}`);
  const cash = tenders.find((x) => x.tender === 'cash');
  return {
    saleCount: n(o!.sales),
    returnCount: n(o!.returns_count),
    grossSales: n(o!.gross),
    returns: n(o!.returns),
    discounts: n(o!.discounts),
    taxes: n(o!.taxes),
    cashIn: n(moves!.cash_in),
    cashOut: n(moves!.cash_out),
    expectedCash: openingFloat + n(cash?.taken) - n(cash?.change) - n(cash?.refunded) + n(moves!.cash_in) - n(moves!.cash_out),
    byTender: Object.fromEntries(tenders.map((x) => [x.tender, n(x.taken) - n(x.change) - n(x.refunded)])),
    byVendor: Object.fromEntries(vendors.map((v) => [v.vendor, [n(v.gross), n(v.returns), n(v.commission)]])),
    byTax: Object.fromEntries(
      taxes.filter((x) => n(x.tax) !== 0 || n(x.taxable) !== 0).map((x) => [String(x.rate), [n(x.taxable), n(x.tax)]]),
    ),
  };
}

function fromReport(r: LooseBody) {
  const s = r.session;
  return {
    saleCount: s.saleCount,
    returnCount: s.returnCount,
    grossSales: s.grossSales,
    returns: s.returns,
    discounts: s.discounts,
    taxes: s.taxes,
    cashIn: s.cashIn,
    cashOut: s.cashOut,
    expectedCash: s.expectedCash,
    byTender: Object.fromEntries(r.byTender.map((x: LooseBody) => [x.tender, x.net])),
    byVendor: Object.fromEntries(r.byVendor.map((v: LooseBody) => [v.vendorId ?? '', [v.gross, v.returns, v.commission]])),
    byTax: Object.fromEntries(
      r.byTax
        .filter((x: LooseBody) => x.tax !== 0 || x.taxable !== 0)
        .map((x: LooseBody) => [String(x.rateBasisPoints), [x.taxable, x.tax]]),
    ),
  };
}

type Figures = Awaited<ReturnType<typeof fromOrders>>;
/** The figures with their per-tender, per-vendor and per-rate keys in one order, so both sides compare as JSON. */
function normal(f: Figures): Figures {
  const sort = <T>(o: Record<string, T>) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));
  return { ...f, byTender: sort(f.byTender), byVendor: sort(f.byVendor), byTax: sort(f.byTax) };
}

async function run(rng: Rng, registerId: string, divergences: string[]) {
  const openingFloat = rng.int(0, 50) * 1_000;
  const session = await ok(w.call('POST', '/pos/sessions', { registerId, openingFloat }), 201);
  const sales: LooseBody[] = [];
  for (let s = 0, k = rng.int(1, 2); s < k; s++) {
    const lines = Array.from({ length: rng.int(1, 3) }, () => {
      const item = rng.pick(w.items);
      const discount = rng.bool(0.3)
        ? rng.bool()
          ? { kind: 'percentage', value: rng.int(1, 5_000) }
          : { kind: 'amount', value: rng.int(1, 2_000) }
        : undefined;
      return {
        productId: item.productId,
        variantId: item.variantId,
        quantity: rng.int(1, 4),
        unitPrice: item.price,
        ...(discount ? { discount } : {}),
      };
    });
    const orderDiscount = rng.bool(0.2) ? { kind: 'percentage', value: rng.int(1, 2_000) } : undefined;
    // A card or voucher pays part of the total, cash the rest and often more (change is given).
    const { total } = priceOrder(
      lines.map((l) => ({ ...l, taxRateBasisPoints: 0 })) as Parameters<typeof priceOrder>[0],
      orderDiscount as Parameters<typeof priceOrder>[1],
    );
    const card = rng.bool(0.5) ? rng.int(0, Math.floor(total / 2)) : 0;
    const payments = [
      ...(card > 0 ? [{ tender: rng.bool() ? 'card' : 'voucher', amount: card }] : []),
      { tender: 'cash', amount: total - card + rng.int(1, 5_000) },
    ];
    const body = {
      id: randomUUID(),
      registerId,
      sessionId: session.id,
      soldAt: new Date().toISOString(),
      lines,
      payments,
      ...(orderDiscount ? { orderDiscount } : {}),
    };
    sales.push((await ok(w.call('POST', '/pos/orders', body), 201)).order);
  }
  for (let r = 0, k = rng.int(0, 1); r < k; r++) {
    const sale = rng.pick(sales);
    const line = rng.pick(sale.lines as LooseBody[]);
    const left = line.quantity - line.returnedQuantity;
    if (left <= 0) continue;
    const quantity = rng.int(1, left);
    await ok(
      w.call('POST', `/pos/orders/${sale.id}/returns`, {
        id: randomUUID(),
        registerId,
        sessionId: session.id,
        lines: [{ lineId: line.id, quantity, restock: rng.bool() }],
        refundTo: rng.bool() ? 'cash' : 'original',
      }),
      201,
    );
    line.returnedQuantity += quantity;
  }
  if (rng.bool(0.3))
    await ok(
      w.call(
        'POST',
        `/pos/sessions/${session.id}/cash-moves`,
        { kind: 'in', amount: rng.int(1, 5_000), reason: 'Change float' },
        { 'idempotency-key': randomUUID() },
      ),
      201,
    );
  if (rng.bool(0.1)) {
    const x = normal(fromReport(await ok(w.call('GET', `/pos/sessions/${session.id}/report`))));
    const want = normal(await fromOrders(session.id, openingFloat));
    if (JSON.stringify(x) !== JSON.stringify(want)) divergences.push(`X ${session.id}: ${JSON.stringify(x)} != ${JSON.stringify(want)}`);
  }
  const counted = [{ tender: 'cash', amount: rng.int(0, 100_000) }];
  const z = await ok(w.call('POST', `/pos/sessions/${session.id}/close`, { counted }));
  const want = normal(await fromOrders(session.id, openingFloat));
  const got = normal(fromReport(z));
  if (JSON.stringify(got) !== JSON.stringify(want)) divergences.push(`Z ${session.id}: ${JSON.stringify(got)} != ${JSON.stringify(want)}`);
  const cash = z.session.closing.find((c: LooseBody) => c.tender === 'cash');
  if (cash.expected !== want.expectedCash || cash.difference !== counted[0]!.amount - want.expectedCash)
    divergences.push(`count ${session.id}`);
}

describe(`R9: the Z report against the orders (${driver})`, () => {
  it(`${RUNS} random session runs on ${CHAINS} registers: 0 divergences`, async () => {
    const divergences: string[] = [];
    await Promise.all(
      registers.map(async (registerId, chain) => {
        const rng = new Rng(9000 + chain);
        for (let i = chain; i < RUNS; i += CHAINS) await run(rng, registerId, divergences);
      }),
    );
    expect(divergences.slice(0, 3)).toEqual([]);
    const [closed] = rowsOf(
      await t.app.ctx.db.execute(sql`select count(*)::int as n from pos_sessions where org_id = ${w.orgId} and status = 'closed'`),
    );
    expect(closed!.n).toBe(RUNS);
  }, 600_000);
});
