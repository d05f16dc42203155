import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.js';
import type { Driver } from '../apps/server/src/db/client.js';
import { testConfig } from '../apps/server/test/harness.js';
import { openBench } from './lib/bench-db.js';
import { fmt, median } from './lib/load.js';
import { posBenchOrg } from './lib/pos-fixture.js';

/**
 * Closing a session is O(1) (decision 018): a session with 5,000 sales (three vendors, split tenders, a return
 * in every 25) closes through the real route as fast as an empty one. Peer: closing an empty session of another
 * register through the same route, alternating, 5 rounds each: close time in ms and the ratio. Also the
 * throughput of the 5,000 sales (one cashier, sequential) as they were recorded. A new organization each run in
 * `bench/.out/pglite-pos` or the database `market_bench_pos` on the PostgreSQL server. Run with `--only=p8-close`.
 */
export async function p8SessionClose(opts: { drivers: Driver[]; sales?: number }): Promise<void> {
  const SALES = opts.sales ?? 5_000;
  for (const driver of opts.drivers) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'market-bench-pos-'));
    const opened = await openBench(driver, 'market_bench_pos');
    const app = await buildApp({ config: testConfig({ dataDir, databaseUrl: opened.url }), database: opened.database, webDist: null });
    try {
      const { items, call } = await posBenchOrg(app);
      const busy = await call('POST', '/pos/registers', { name: 'Busy till', tenders: ['cash', 'card'] });
      const quiet = await call('POST', '/pos/registers', { name: 'Quiet till', tenders: ['cash', 'card'] });

      const closeTimes: { full: number[]; empty: number[] } = { full: [], empty: [] };
      let salesPerSecond = 0;
      for (let round = 0; round < 5; round++) {
        const full = await call('POST', '/pos/sessions', { registerId: busy.id, openingFloat: 10_000 });
        // The first round's session takes all the sales; rounds 2-5 fill their own with 1,000 (to keep the run short).
        const n = round === 0 ? SALES : Math.min(SALES, 1_000);
        const started = performance.now();
        for (let i = 0; i < n; i++) {
          const lines = items.map((it, k) => ({
            productId: it.productId,
            variantId: it.variantId,
            quantity: 1 + ((i + k) % 3),
            unitPrice: it.price,
          }));
          const total = lines.reduce((a, l) => a + l.quantity * l.unitPrice, 0);
          const order = await call('POST', '/pos/orders', {
            id: randomUUID(),
            registerId: busy.id,
            sessionId: full.id,
            soldAt: new Date().toISOString(),
            lines,
            payments: [
              { tender: 'card', amount: Math.floor(total / 2) },
              { tender: 'cash', amount: total - Math.floor(total / 2) + 500 },
            ],
          });
          if (i % 25 === 0) {
            const first = order.order as { id: string; lines: { id: string }[] };
            await call('POST', `/pos/orders/${first.id}/returns`, {
              id: randomUUID(),
              registerId: busy.id,
              sessionId: full.id,
              lines: [{ lineId: first.lines[0]!.id, quantity: 1 }],
            });
          }
        }
        if (round === 0) salesPerSecond = n / ((performance.now() - started) / 1000);
        const empty = await call('POST', '/pos/sessions', { registerId: quiet.id, openingFloat: 10_000 });
        const time = async (id: string) => {
          const t0 = performance.now();
          await call('POST', `/pos/sessions/${id}/close`, { counted: [{ tender: 'cash', amount: 0 }] });
          return performance.now() - t0;
        };
        // Alternate which closes first.
        if (round % 2 === 0) {
          closeTimes.full.push(await time(full.id));
          closeTimes.empty.push(await time(empty.id));
        } else {
          closeTimes.empty.push(await time(empty.id));
          closeTimes.full.push(await time(full.id));
        }
        if (round === 0) console.log(`P8 close (${driver}): first session held ${n} sales; closed in ${fmt(closeTimes.full[0]!)} ms`);
      }
      const full = median(closeTimes.full);
      const empty = median(closeTimes.empty);
      console.log(
        `P8 close (${driver}): session with ${SALES.toLocaleString('en')} (then 1,000) sales closes in median ${fmt(full)} ms ` +
          `(max ${fmt(Math.max(...closeTimes.full))} ms; target < 1000) vs an empty session ${fmt(empty)} ms: ratio ${fmt(full / empty)}; ` +
          `recording: ${fmt(salesPerSecond, 0)} sales/s from one sequential cashier (3 lines, split tender, a return every 25)`,
      );
    } finally {
      await app.close();
      await opened.database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}
