import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createRequire } from 'node:module';
import { buildApp } from '../apps/server/src/app.js';
import { testConfig } from '../apps/server/test/harness.js';
import { openBenchPostgres } from './lib/bench-db.js';
import { fmt, median, type LoadResult } from './lib/load.js';
import { pgbench } from './lib/pgbench.js';
import { benchItems, benchSale, posBenchOrg, type BenchItems } from './lib/pos-fixture.js';

const REGISTERS = 10;
/** Sales a second offered across the registers in P8's unsaturated round. */
const OFFERED_RATE = 100;
// node-postgres's own conversion of a parameter to the text it sends (no type declarations ship for it).
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as { prepareValue: (v: unknown) => unknown };

/**
 * P8 (issue 17): checkout throughput at 10 registers. The route: `POST /api/v1/pos/orders` on the app listening on
 * loopback (PostgreSQL, database `market_bench_pos`), autocannon in its own process with 10 connections, each a
 * cashier at its own register with an open session, every request a new sale of three vendors' items (3 lines,
 * card + cash with change). The peer: pgbench at 10 clients running the identical SQL: the statements one sale
 * sent to PostgreSQL (recorded from node-postgres itself while the route recorded a sale, `begin` to `commit`,
 * parameters written in as the driver writes them), with what must differ per sale taken from variables: a new
 * order id (`gen_random_uuid()`), the client's register and session and its items (the receipt number is taken
 * by the statement that writes the sale, so none is sent back). Alternating rounds; route sales/s over pgbench tps (target >= 0.35) and the route's p99
 * (target <= 20 ms).
 */
export async function p8Checkout(opts: { rounds: number; duration: number }): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'market-bench-p8-'));
  const opened = await openBenchPostgres('market_bench_pos', REGISTERS + 2);
  const app = await buildApp({ config: testConfig({ dataDir, databaseUrl: opened.url }), database: opened.database, webDist: null });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const admin = new pg.Client({ connectionString: opened.url });
  await admin.connect();
  try {
    const addr = app.server.address();
    const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
    const { orgId, categoryId, items, call, auth } = await posBenchOrg(app);
    // Each register sells its own vendors' three items (a market's stalls), so registers contend only for what
    // they share: the organization's counters of nothing, the vendor ledger's table, the commission rules.
    const registers: { registerId: string; sessionId: string; items: BenchItems; sale: ReturnType<typeof benchSale> }[] = [];
    for (let i = 0; i < REGISTERS; i++) {
      const register = await call('POST', '/pos/registers', { name: `Till ${i}`, tenders: ['cash', 'card'] });
      const session = await call('POST', '/pos/sessions', { registerId: register.id, openingFloat: 10_000 });
      const own = i === 0 ? items : await benchItems(app, orgId, categoryId, `r${i}`);
      registers.push({ registerId: register.id, sessionId: session.id, items: own, sale: benchSale(own) });
    }
    const sale = registers[0]!.sale;

    // One sale recorded at the driver: every statement and its parameters.
    const seen: { text: string; values: unknown[] }[] = [];
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const q = args[0] as string | { text: string; values?: unknown[] };
      const text = typeof q === 'string' ? q : q.text;
      const values = (typeof q === 'string' ? undefined : q.values) ?? (Array.isArray(args[1]) ? (args[1] as unknown[]) : []);
      seen.push({ text, values });
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    const orderId = randomUUID();
    const { registerId, sessionId } = registers[0]!;
    let receipt: string;
    try {
      const res = await call('POST', '/pos/orders', { ...sale, id: orderId, registerId, sessionId, soldAt: new Date().toISOString() });
      receipt = (res.order as { receiptNumber: string }).receiptNumber;
    } finally {
      pg.Client.prototype.query = query;
    }
    const first = seen.findIndex((s) => /^begin/i.test(s.text.trim()));
    const last = seen.findIndex((s) => /^commit/i.test(s.text.trim()));
    if (first < 0 || last < first) throw new Error(`P8: no transaction among ${seen.length} statements`);
    const literal = (v: unknown): string => {
      if (v === null || v === undefined) return 'null';
      const p = prepareValue(v);
      if (p === null) return 'null';
      if (typeof p === 'number' || typeof p === 'boolean') return String(p);
      return `'${String(p).replace(/'/g, "''")}'`;
    };
    const statements = seen.slice(first, last + 1).map((s) => {
      let text = s.text.replace(/\$(\d+)/g, (_, n: string) => literal(s.values[Number(n) - 1])).replace(/\s+/g, ' ');
      // What differs per sale: the order id, the register and its session.
      text = text.replaceAll(`'pos_order:${orderId}'`, `('pos_order' || chr(58) || ':oid')`);
      text = text.replaceAll(`'pos:${registerId}'`, `('pos' || chr(58) || ':reg')`);
      text = text.replaceAll(`'${orderId}'`, `':oid'`).replaceAll(`'${registerId}'`, `':reg'`).replaceAll(`'${sessionId}'`, `':ses'`);
      items.forEach((it, k) => {
        text = text.replaceAll(`'${it.productId}'`, `':p${k}'`).replaceAll(`'${it.variantId}'`, `':v${k}'`);
      });
      // Inside an array parameter (`= any($2::uuid[])`, the totals' unnest) an id is an element of a literal such as
      // '{"a","b"}': pgbench substitutes variables there too.
      text = text.replaceAll(orderId, ':oid').replaceAll(registerId, ':reg').replaceAll(sessionId, ':ses');
      items.forEach((it, k) => {
        text = text.replaceAll(it.productId, `:p${k}`).replaceAll(it.variantId, `:v${k}`);
      });
      return text;
    });
    // The sale takes its receipt number in the statement that writes it, so no statement sends one back.
    if (statements.some((s) => s.includes(`'${receipt}'`))) throw new Error('P8: a receipt number was sent back in the script');
    const left = [orderId, sessionId, registerId, ...items.flatMap((it) => [it.productId, it.variantId])];
    if (statements.some((s) => left.some((id) => s.includes(id)))) throw new Error('P8: an id was left in the script');
    // The client's register and session, from a small table of this run (client k sells at register k % 10).
    await admin.query('drop table if exists p8_clients');
    await admin.query(
      'create table p8_clients (n int primary key, reg uuid, ses uuid, p0 uuid, p1 uuid, p2 uuid, v0 uuid, v1 uuid, v2 uuid)',
    );
    for (const [n, r] of registers.entries())
      await admin.query('insert into p8_clients values ($1, $2, $3, $4, $5, $6, $7, $8, $9)', [
        n,
        r.registerId,
        r.sessionId,
        ...r.items.map((it) => it.productId),
        ...r.items.map((it) => it.variantId),
      ]);
    // Each line ends with ';', or with `\gset` in its place (pgbench stores that statement's answer in variables).
    const scriptLines = [
      `select gen_random_uuid() as oid, reg, ses, p0, p1, p2, v0, v1, v2 from p8_clients where n = :client_id % ${REGISTERS} \\gset`,
      ...statements,
    ].map((s) => (s.endsWith('\\gset') ? s : `${s};`));

    // A dry run of each side, then the alternating rounds.
    await pgbenchScript(opened.url, scriptLines, 2, REGISTERS);
    await checkoutLoad(url, auth, registers, 2);
    const route: LoadResult[] = [];
    const peer: { tps: number; p99: number }[] = [];
    for (let round = 0; round < opts.rounds; round++) {
      route.push(await checkoutLoad(url, auth, registers, opts.duration));
      peer.push(await pgbenchScript(opened.url, scriptLines, opts.duration, REGISTERS));
    }
    // The same registers at an offered rate: a market's peak is far below the saturation above (ten registers at a
    // sale every 10 s is 1 a second), so this is the latency a cashier sees at a hundred times that.
    const offered = await checkoutLoad(url, auth, registers, opts.duration, OFFERED_RATE);
    // PostgreSQL alone at that rate: the same SQL at pgbench's own schedule (random arrivals), the database's own tail.
    const peerOffered = await pgbenchScript(opened.url, scriptLines, opts.duration, REGISTERS, OFFERED_RATE);
    const bad = [...route, offered].reduce((a, r) => a + r.errors + r.non2xx, 0);
    const rps = median(route.map((r) => r.rps));
    const tps = median(peer.map((p) => p.tps));
    const ratios = route.map((r, i) => r.rps / peer[i]!.tps);
    console.log(
      `P8 checkout (postgres, ${REGISTERS} registers, ${statements.length} statements a sale): route ${fmt(rps, 0)} sales/s p99 ${fmt(median(route.map((r) => r.p99)), 1)} ms ` +
        `(target <= 20), pgbench same SQL ${fmt(tps, 0)} tps p99 ${fmt(median(peer.map((p) => p.p99)), 1)} ms; ` +
        `route/pgbench ${fmt(median(ratios))} (spread ${fmt(Math.min(...ratios))}-${fmt(Math.max(...ratios))}; target >= 0.35); failed requests ${bad}`,
    );
    console.log(
      `P8 checkout at ${OFFERED_RATE} sales/s offered (the same ${REGISTERS} registers, not saturated): ${fmt(offered.rps, 0)} sales/s answered, ` +
        `p50 ${fmt(offered.p50, 1)} ms, p99 ${fmt(offered.p99, 1)} ms; pgbench same SQL at ${OFFERED_RATE} tps offered (-R): ` +
        `${fmt(peerOffered.tps, 0)} tps, p50 ${fmt(peerOffered.p50, 1)} ms, p99 ${fmt(peerOffered.p99, 1)} ms`,
    );
  } finally {
    await admin.query('drop table if exists p8_clients').catch(() => {});
    await admin.end();
    await app.close();
    await opened.database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function checkoutLoad(
  url: string,
  headers: Record<string, string>,
  registers: { registerId: string; sessionId: string; sale: ReturnType<typeof benchSale> }[],
  duration: number,
  rate?: number,
): Promise<LoadResult> {
  const worker = path.join(import.meta.dirname, 'lib', 'checkout-worker.mjs');
  const args = {
    url,
    duration,
    headers,
    registers: registers.map(({ registerId, sessionId, sale }) => ({ registerId, sessionId, sale })),
    amount: 200_000,
    rate,
  };
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [worker, JSON.stringify(args)], { timeout: (duration + 30) * 1000, maxBuffer: 1 << 20 }, (err, stdout) =>
      err ? reject(err) : resolve(JSON.parse(stdout) as LoadResult),
    );
  });
}

/** pgbench with one script of lines written as pgbench reads them. */
function pgbenchScript(url: string, lines: string[], seconds: number, clients: number, rate?: number) {
  return pgbench(url, [lines], seconds, clients, { rawLines: true, rate });
}
