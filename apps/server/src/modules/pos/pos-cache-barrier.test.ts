import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, driver, type TestContext } from '../../../test/harness.js';
import { CACHE_CHANNELS, WRITES_NO_CACHED_TABLE } from '../../plugins/read-caches.js';
import { ok, openSession, posWorld, saleBody, type PosWorld } from './pos.test-support.js';

let t: TestContext;
let w: PosWorld;
const heard: string[] = [];
const stops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  t = await createTestApp();
  w = await posWorld(t.app);
  for (const channel of Object.keys(CACHE_CHANNELS)) stops.push(await t.app.ctx.listen(channel, () => heard.push(channel)));
});
afterAll(async () => {
  for (const stop of stops) await stop();
  await t?.close();
});

/** Waits until `n` notifications were heard, or gives up after a second (when none should come). */
async function settle(n: number): Promise<void> {
  for (let i = 0; i < 100 && heard.length < n; i++) await new Promise((r) => setTimeout(r, 10));
}

// A sale and a return skip the write barrier (plugins/read-caches.ts, WRITES_NO_CACHED_TABLE): that is only
// right while nothing they write signals a cache. This records what their transactions notify.
describe(`the register's writes signal no cache (${driver})`, () => {
  it('lists exactly the sale and return routes', () => {
    expect([...WRITES_NO_CACHED_TABLE].sort()).toEqual(['POST /api/v1/pos/orders', 'POST /api/v1/pos/orders/:id/returns']);
  });

  it('a sale (stock taken, ledger written, session totals) and its return (restocked) send no cache notification', async () => {
    const session = await openSession(w);
    heard.length = 0;
    const sale = await ok(
      w.call(
        'POST',
        '/pos/orders',
        saleBody(w, session.id, [
          [0, 2],
          [1, 1],
          [2, 1],
        ]),
      ),
      201,
    );
    const line = sale.order.lines[0];
    await ok(
      w.call('POST', `/pos/orders/${sale.order.id}/returns`, {
        id: randomUUID(),
        registerId: w.register.id,
        sessionId: session.id,
        lines: [{ lineId: line.id, quantity: 1, restock: true }],
      }),
      201,
    );
    await settle(1);
    expect(heard).toEqual([]);

    // The listening works: a product write signals the catalogue.
    await t.app.ctx.db.execute(sql`update products set name_en = 'Clay bowl, glazed' where id = ${w.items[2]!.productId}`);
    await settle(1);
    expect(heard).toContain('cache_catalog');
  });
});
