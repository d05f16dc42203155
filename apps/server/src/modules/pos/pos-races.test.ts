// R7: sales and returns sent again and again at once (a register retrying, a second tab) are recorded once.
// R8: concurrent checkouts against a small stock: exactly as many succeed as there are items, never below zero.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productVariants } from '../../db/schema/index.js';
import { Rng } from '../../../test/lib/prng.js';
import { createTestApp, driver, type TestContext } from '../../../test/harness.js';
import { createSellable, ok, openSession, posWorld, saleBody, type PosWorld } from './pos.test-support.js';

let t: TestContext;
let w: PosWorld;
let sessionId: string;
beforeAll(async () => {
  t = await createTestApp();
  w = await posWorld(t.app);
  await ok(w.call('POST', '/pos/commission-rules', { kind: 'percentage', rateBasisPoints: 750 }), 201);
  sessionId = (await openSession(w, 0)).id;
});
afterAll(async () => t?.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
type Rows = { rows: Record<string, unknown>[] } | Record<string, unknown>[];
const rowsOf = (r: unknown) => (Array.isArray(r) ? r : (r as { rows: Record<string, unknown>[] }).rows) as Record<string, unknown>[];
const one = async (q: ReturnType<typeof sql>) => rowsOf((await t.app.ctx.db.execute(q)) as Rows)[0]!;

describe(`point of sale under retry races and contention (${driver})`, () => {
  it('R7: 1,000 randomized sends of 150 sales and 50 returns: each recorded once, changed content refused, nothing duplicated', async () => {
    const rng = new Rng(7017);
    // Plenty of stock: this test is about duplicates, not about running out.
    await t.app.ctx.db
      .update(productVariants)
      .set({ stockQuantity: 100_000 })
      .where(sql`${productVariants.orgId} = ${w.orgId}`);
    const sales = Array.from({ length: 150 }, () => {
      const lines: [number, number][] = [[rng.int(0, 2), rng.int(1, 3)]];
      if (rng.bool()) lines.push([rng.int(0, 2), rng.int(1, 2)]);
      return saleBody(w, sessionId, lines);
    });
    const sends: { body: Record<string, unknown>; url: string; changed: boolean }[] = [];
    for (const s of sales) {
      const n = rng.int(4, 6);
      for (let i = 0; i < n; i++) {
        const changed = i > 0 && rng.bool(0.1);
        sends.push({ url: '/pos/orders', changed, body: changed ? { ...s, note: 'changed on resend' } : s });
      }
    }
    const sendAll = async (list: typeof sends) => {
      // Shuffle, then send in waves of 20 at once with random small delays.
      const order = [...list].sort(() => rng.next() - 0.5);
      const answers: { send: (typeof sends)[number]; status: number; body: { order?: { id: string }; alreadyRecorded?: boolean } }[] = [];
      for (let i = 0; i < order.length; i += 20) {
        answers.push(
          ...(await Promise.all(
            order.slice(i, i + 20).map(async (send) => {
              await sleep(rng.int(0, 3));
              const res = await w.call('POST', send.url, send.body);
              return { send, status: res.statusCode, body: res.json() };
            }),
          )),
        );
      }
      return answers;
    };
    const saleAnswers = await sendAll(sends);
    // Every send either recorded the sale, answered it as recorded already, or (changed content) was refused.
    for (const a of saleAnswers) expect([201, 422], JSON.stringify(a.body)).toContain(a.status);
    const firstByEachId = new Map<string, number>();
    for (const a of saleAnswers.filter((x) => x.status === 201 && !x.body.alreadyRecorded))
      firstByEachId.set(a.body.order!.id, (firstByEachId.get(a.body.order!.id) ?? 0) + 1);
    expect([...firstByEachId.values()].every((n) => n === 1)).toBe(true);

    // Returns of the first line of 50 sales, each return sent 4 to 8 times at once.
    const recorded = await Promise.all(sales.slice(0, 50).map((s) => ok(w.call('GET', `/pos/orders/${s.id as string}`))));
    const returnSends: typeof sends = [];
    for (const order of recorded) {
      const body = {
        id: randomUUID(),
        registerId: w.register.id,
        sessionId,
        lines: [{ lineId: order.lines[0].id, quantity: 1, restock: true }],
      };
      for (let i = 0, n = rng.int(4, 8); i < n; i++) returnSends.push({ url: `/pos/orders/${order.id}/returns`, changed: false, body });
    }
    const returnAnswers = await sendAll(returnSends);
    expect(returnAnswers.every((a) => a.status === 201)).toBe(true);
    const totalSends = sends.length + returnSends.length;
    expect(totalSends).toBeGreaterThanOrEqual(1_000);

    const counts = await one(sql`
      select (select count(*) from pos_orders where org_id = ${w.orgId} and kind = 'sale')::int as sales,
        (select count(*) from pos_orders where org_id = ${w.orgId} and kind = 'return')::int as returns,
        (select count(*) from (select source_id, vendor_id, entry_type from vendor_ledger_entries where org_id = ${w.orgId}
          group by 1, 2, 3 having count(*) > 1) d)::int as duplicate_entries,
        (select count(distinct receipt_number) = count(*) from pos_orders where org_id = ${w.orgId}) as receipts_unique`);
    expect(counts).toEqual({ sales: 150, returns: 50, duplicate_entries: 0, receipts_unique: true });
    // The session's running totals agree with the orders it holds.
    const session = await ok(w.call('GET', `/pos/sessions/${sessionId}`));
    const sums = await one(sql`
      select coalesce(sum(total) filter (where kind = 'sale'), 0)::bigint as gross, coalesce(sum(total) filter (where kind = 'return'), 0)::bigint as returns
      from pos_orders where session_id = ${sessionId}`);
    expect([session.grossSales, session.returns, session.saleCount, session.returnCount]).toEqual([
      Number(sums.gross),
      Number(sums.returns),
      150,
      50,
    ]);
    const check = await ok(w.call('GET', '/ledger/consistency'));
    expect(check.disagreements).toEqual([]);
  }, 180_000);

  it('carts naming items in different orders at four registers at once: every sale recorded, none deadlocked', async () => {
    const rng = new Rng(8080);
    const items = await Promise.all(
      [700, 900, 1_100].map((price, i) => createSellable(t.app, w.orgId, { vendorId: w.vendors[i]!.id, price, stock: 10_000 })),
    );
    // Registers of their own: sales at one register wait on its session first, so only registers cross.
    const tills = await Promise.all(
      [0, 1, 2, 3].map(async (i) => {
        const register = await ok(w.call('POST', '/pos/registers', { name: `Crosswise ${i}`, tenders: ['cash'] }), 201);
        const session = await ok(w.call('POST', '/pos/sessions', { registerId: register.id, openingFloat: 0 }), 201);
        return { registerId: register.id as string, sessionId: session.id as string };
      }),
    );
    const taken = items.map(() => 0);
    const sale = (till: (typeof tills)[number]) => {
      // Two of the three items (sometimes one twice), in a shuffled order: each sale moves some items' rows and not
      // others, so the table's order of the rows changes from one sale to the next.
      const two = [0, 1, 2].sort(() => rng.next() - 0.5).slice(0, 2);
      const picks = [...two, ...(rng.bool(0.3) ? [two[0]!] : [])].sort(() => rng.next() - 0.5);
      const lines = picks.map((i) => {
        taken[i]! += 1;
        return { productId: items[i]!.productId, variantId: items[i]!.variantId, quantity: 1, unitPrice: [700, 900, 1_100][i]! };
      });
      const total = lines.reduce((x, l) => x + l.unitPrice, 0);
      return { id: randomUUID(), ...till, soldAt: new Date().toISOString(), lines, payments: [{ tender: 'cash', amount: total }] };
    };
    const statuses: number[] = [];
    for (let wave = 0; wave < 30; wave++)
      statuses.push(
        ...(await Promise.all([...tills, ...tills].map((till) => w.call('POST', '/pos/orders', sale(till))))).map((r) => r.statusCode),
      );
    expect(statuses.filter((s) => s !== 201)).toEqual([]);
    const stock = await t.app.ctx.db
      .select({ id: productVariants.id, n: productVariants.stockQuantity })
      .from(productVariants)
      .where(
        sql`${productVariants.id} in (${sql.join(
          items.map((it) => sql`${it.variantId}`),
          sql`, `,
        )})`,
      );
    expect(items.map((it) => stock.find((r) => r.id === it.variantId)!.n)).toEqual(taken.map((n) => 10_000 - n));
  }, 120_000);

  it('R8: 50 concurrent checkouts of one item against a stock of 20: exactly 20 succeed, stock ends at 0', async () => {
    const item = await createSellable(t.app, w.orgId, { vendorId: w.vendors[0]!.id, price: 1_500, stock: 20 });
    const body = () => ({
      ...saleBody(w, sessionId, [[0, 1]]),
      lines: [{ productId: item.productId, variantId: item.variantId, quantity: 1, unitPrice: 1_500 }],
      payments: [{ tender: 'cash', amount: 1_500 }],
    });
    const answers = await Promise.all(Array.from({ length: 50 }, () => w.call('POST', '/pos/orders', body())));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201).length).toBe(20);
    expect(statuses.filter((s) => s === 409).length).toBe(30);
    const [v] = await t.app.ctx.db
      .select({ n: productVariants.stockQuantity })
      .from(productVariants)
      .where(eq(productVariants.id, item.variantId!));
    expect(v!.n).toBe(0);
    const lines = await one(sql`select count(*)::int as n from pos_order_lines where variant_id = ${item.variantId}`);
    expect(lines.n).toBe(20);
  }, 120_000);
});
