// R7: money-moving requests carry an Idempotency-Key. 200 keys, each sent 5 times at once with random delays
// (some sends with another body), over payments and refunds: every key has exactly one effect, no payment,
// refund or ledger entry is duplicated, and a send whose body differs from the one that won answers 422.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../../../test/lib/prng.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { manualInvoice, ok, paymentOrg, vendorOf, type Answer, type PaymentOrg } from './payment-management.test-support.js';

let t: TestContext;
let o: PaymentOrg;
beforeAll(async () => {
  t = await createTestApp();
  o = await paymentOrg(t.app);
});
afterAll(async () => t?.close());

const KEYS = 200;
const SENDS = 5;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Send {
  body: Record<string, unknown>;
  variant: boolean;
  answer?: Answer;
}

describe('R7 idempotency under retry races', () => {
  it('1,000 randomized retries over 200 keys: one effect per key, no duplicates, other bodies refused', async () => {
    const rng = new Rng(7007);
    const vendors = await Promise.all(Array.from({ length: 4 }, () => vendorOf(t.app, o.org.id)));
    // Invoices large enough that no payment of the run is refused for its balance.
    const invoices = await Promise.all(vendors.map((v) => manualInvoice(o.call, v.id, 50_000_000)));
    // Payments made beforehand, so refund keys have something to refund (far more than the run refunds).
    const paid: { paymentId: string; invoiceId: string }[] = [];
    for (let i = 0; i < 8; i++) {
      const inv = invoices[i % invoices.length];
      const p = await ok(
        o.call('POST', '/payments', {
          vendorId: inv.vendorId,
          method: 'card',
          amount: 1_000_000,
          allocations: [{ invoiceId: inv.id, amount: 1_000_000 }],
        }),
      );
      paid.push({ paymentId: p.id, invoiceId: inv.id });
    }

    const plans = Array.from({ length: KEYS }, (_, k) => {
      const key = `r7-${k}-${rng.uuid()}`;
      const isPayment = rng.bool(0.6);
      const base = (amount: number): Record<string, unknown> => {
        if (isPayment) {
          const inv = invoices[k % invoices.length];
          return { vendorId: inv.vendorId, method: 'cash', amount, reference: key, allocations: [{ invoiceId: inv.id, amount }] };
        }
        const target = rng.pick(paid);
        return { ...target, amount, method: 'cash', reason: key };
      };
      const amount = rng.int(1, 500);
      const same = base(amount);
      const other = {
        ...same,
        amount: amount + 1,
        ...(isPayment ? { allocations: [{ ...(same.allocations as object[])[0], amount: amount + 1 }] } : {}),
      };
      // About a third of the keys also get sends with another body (a client bug reusing a key).
      const mixed = rng.bool(0.35);
      const sends: Send[] = Array.from({ length: SENDS }, () => {
        const variant = mixed && rng.bool(0.4);
        return { body: variant ? other : same, variant };
      });
      return { key, isPayment, sends };
    });

    const started = Date.now();
    // A few keys at a time, each key's five sends at once with random delays (bounded for a 2-core machine).
    for (let i = 0; i < plans.length; i += 10) {
      await Promise.all(
        plans.slice(i, i + 10).flatMap((plan) =>
          plan.sends.map(async (s) => {
            await sleep(rng.int(0, 15));
            s.answer = await o.call('POST', plan.isPayment ? '/payments' : '/refunds', s.body, plan.key);
          }),
        ),
      );
    }
    const elapsed = Date.now() - started;

    const db = t.app.ctx.db;
    const rowsOf = async (q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows;
    const payments = await rowsOf(
      sql`select reference as key, count(*)::int as n, min(amount)::int as amount from payments where org_id = ${o.org.id} and reference like 'r7-%' group by reference`,
    );
    const refunds = await rowsOf(
      sql`select reason as key, count(*)::int as n, min(amount)::int as amount from refunds where org_id = ${o.org.id} and reason like 'r7-%' group by reason`,
    );
    const effects = new Map([...payments, ...refunds].map((r) => [String(r.key), { n: Number(r.n), amount: Number(r.amount) }]));
    const duplicateEntries = await rowsOf(
      sql`select source_type, source_id from vendor_ledger_entries where org_id = ${o.org.id} group by source_type, source_id having count(*) > 1`,
    );
    const receipts = await rowsOf(sql`select receipt_number from payments where org_id = ${o.org.id} order by receipt_number`);

    let replays = 0;
    let refusedOtherBody = 0;
    let wrongAnswers = 0;
    let keysWithOneEffect = 0;
    for (const plan of plans) {
      const effect = effects.get(plan.key);
      if (effect?.n === 1) keysWithOneEffect++;
      const winners = plan.sends.filter((s) => s.answer!.status === 201);
      const ids = new Set(winners.map((s) => s.answer!.body.id));
      replays += winners.filter((s) => s.answer!.headers['idempotent-replayed'] === 'true').length;
      if (ids.size !== 1 || winners.filter((s) => s.answer!.headers['idempotent-replayed'] !== 'true').length !== 1) wrongAnswers++;
      for (const s of plan.sends) {
        const matchesEffect = s.body.amount === effect?.amount;
        if (matchesEffect && s.answer!.status !== 201) wrongAnswers++;
        if (!matchesEffect) {
          if (s.answer!.status === 422 && s.answer!.body.error.fields[0].field === 'Idempotency-Key') refusedOtherBody++;
          else wrongAnswers++;
        }
      }
    }
    const consistency = await ok(o.call('GET', '/ledger/consistency'));
    console.log(
      `R7: requests=${KEYS * SENDS} keys=${KEYS} keys-with-one-effect=${keysWithOneEffect} payments=${payments.length} refunds=${refunds.length} duplicate-effects=${[...effects.values()].filter((e) => e.n > 1).length} duplicate-ledger-entries=${duplicateEntries.length} replays=${replays} other-body-422=${refusedOtherBody} wrong-answers=${wrongAnswers} ledger-disagreements=${consistency.disagreements.length} ms=${elapsed}`,
    );
    expect(keysWithOneEffect).toBe(KEYS);
    expect([...effects.values()].every((e) => e.n === 1)).toBe(true);
    expect(duplicateEntries).toEqual([]);
    expect(wrongAnswers).toBe(0);
    expect(refusedOtherBody).toBeGreaterThan(0);
    expect(replays).toBe(KEYS * SENDS - KEYS - refusedOtherBody);
    expect(receipts.map((r) => Number(String(r.receipt_number).slice(4)))).toEqual(receipts.map((_, i) => i + 1));
    expect(consistency.consistent).toBe(true);
  });
});
