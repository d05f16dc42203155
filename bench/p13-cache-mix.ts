import { execFile } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Driver } from '../apps/server/src/db/client.js';
import { BARRIER_CHANNEL, NotifyBarrier } from '../apps/server/src/plugins/read-caches.js';
import { createUser, tokenFor } from '../apps/server/test/factories.js';
import { fmt, median, type LoadResult } from './lib/load.js';
import { auth, productsApp, spread, type ProductsApp } from './lib/products-app.js';

/**
 * P13 (issue 15, item 3): the product list as a team that writes all day gets it. autocannon loads
 * GET /api/v1/products?limit=50 through the full route with a product_team member's session, cycling
 * through a few pages (default sort, by name, active only, one brand) so the catalogue cache holds
 * several, while a loop in this process writes once a second through the HTTP API as a super admin:
 * - no writes;
 * - (a) an unrelated write: PATCH a market location;
 * - (b) a product write: PATCH the first product of the default page (its name; it stays on that page).
 * Per phase: the share of list requests served from the catalogue cache (its own counters), req/s and p99
 * of the list, and the writes' latency. (a) and (b) also run under the old rule, emulated: after each
 * write every cache of the process is emptied, as the old onSend hook did for any write.
 * Then what the write barrier itself costs (the NOTIFY of a token and its return to the listener).
 */
export async function p13(opts: { rounds: number; duration: number; connections: number; drivers: Driver[] }): Promise<void> {
  for (const driver of opts.drivers) {
    const p = await productsApp(driver);
    const f = p.fixture;
    const admin = { authorization: `Bearer ${await tokenFor(p.app, await createUser(p.app, { orgId: f.orgId, role: 'super_admin' }))}` };
    const pages = ['limit=50', 'limit=50&sort=name_asc', 'limit=50&status=active', `limit=50&brandId=${f.brandId}`];
    for (const q of pages) await call(p, 'GET', `/api/v1/products?${q}`, auth(p));

    const location = await call<{ id: string; updatedAt: string }>(p, 'POST', '/api/v1/market-locations', admin, {
      nameEn: 'Bench Market',
      nameAr: 'سوق القياس',
    });
    let locationStamp = location.updatedAt;
    let flip = 0;
    const writeLocation = async () => {
      const body = { nameEn: `Bench Market ${flip++ % 2}`, expectedUpdatedAt: locationStamp };
      locationStamp = (await call<{ updatedAt: string }>(p, 'PATCH', `/api/v1/market-locations/${location.id}`, admin, body)).updatedAt;
    };
    const first = (await call<{ items: { id: string }[] }>(p, 'GET', '/api/v1/products?limit=1', auth(p))).items[0]!;
    let product = await call<{ version: number; nameEn: string }>(p, 'GET', `/api/v1/products/${first.id}`, admin);
    const originalName = product.nameEn;
    const writeProduct = async () => {
      const body = { nameEn: flip++ % 2 ? originalName : `${originalName} (edited)`, expectedVersion: product.version };
      product = await call(p, 'PATCH', `/api/v1/products/${first.id}`, admin, body);
    };
    const emptyEveryCache = () => {
      for (const cache of Object.values(p.app.ctx.caches)) cache.invalidate();
    };

    const oldRule = (write: () => Promise<void>) => async () => {
      await write();
      emptyEveryCache();
    };
    // [label, the write, pause between writes (ms): 1000 for one a second, 0 for back to back]
    const phases: [string, (() => Promise<void>) | null, number][] = [
      ['no writes', null, 1000],
      ['(a) one unrelated write/s', writeLocation, 1000],
      ['(b) one product write/s', writeProduct, 1000],
      ['(c) unrelated writes back to back', writeLocation, 0],
      ['(a) old rule, emulated', oldRule(writeLocation), 1000],
      ['(b) old rule, emulated', oldRule(writeProduct), 1000],
      ['(c) old rule, emulated', oldRule(writeLocation), 0],
    ];
    const results = new Map<string, PhaseResult[]>();
    await runPages(p, pages, { duration: 2, connections: opts.connections });
    try {
      for (let round = 0; round < opts.rounds; round++) {
        for (const [label, write, pauseMs] of phases) {
          const r = await phase(p, pages, opts, write, pauseMs);
          results.set(label, [...(results.get(label) ?? []), r]);
        }
      }
    } finally {
      await call(p, 'PATCH', `/api/v1/products/${first.id}`, admin, { nameEn: originalName, expectedVersion: product.version });
      await fetch(`${p.url}/api/v1/market-locations/${location.id}`, { method: 'DELETE', headers: admin });
    }
    for (const [label, runs] of results) {
      const hit = runs.map((r) => r.hitRate * 100);
      const writes = runs.flatMap((r) => r.writeMs);
      const rps = runs.map((r) => r.load.rps);
      const p99 = runs.map((r) => r.load.p99);
      const wps = writes.length / runs.length / opts.duration;
      console.log(
        `P13 product list under writes over ${f.products.toLocaleString('en')} (${driver}, ${label}): ` +
          `served from cache ${fmt(median(hit), 2)}% (spread ${spread(hit, 2)}; ${median(runs.map((r) => r.computed))} requests not from cache per window), ` +
          `${fmt(median(rps), 0)} req/s (spread ${spread(rps, 0)}), p99 ${median(p99)} ms (spread ${spread(p99, 0)})` +
          (writes.length ? `; ${fmt(wps, 1)} writes/s, each answered in median ${fmt(median(writes), 1)} ms` : '') +
          `; ${opts.rounds} rounds x ${opts.duration} s, ${opts.connections} connections, ${pages.length} pages`,
      );
    }
    await barrierCost(p);
  }
}

interface PhaseResult {
  load: LoadResult;
  hitRate: number;
  /** List requests not served from the cache (computed, or waiting for the computation another started). */
  computed: number;
  writeMs: number[];
}

/** One load window with the write loop beside it; hit rate from the catalogue cache's counters over the window. */
async function phase(
  p: ProductsApp,
  pages: string[],
  opts: { duration: number; connections: number },
  write: (() => Promise<void>) | null,
  pauseMs: number,
): Promise<PhaseResult> {
  const cache = p.app.ctx.caches.catalog;
  const writeMs: number[] = [];
  let writing = write !== null;
  const writer = (async () => {
    // The first write comes a moment into the window (the cache starts warm in every phase), then one per pause.
    await new Promise((r) => setTimeout(r, 1000 - pauseMs));
    while (writing) {
      await new Promise((r) => setTimeout(r, pauseMs));
      if (!writing || !write) break;
      const t = performance.now();
      await write();
      writeMs.push(performance.now() - t);
    }
  })();
  const hits = cache.hits;
  const misses = cache.misses;
  try {
    const load = await runPages(p, pages, opts);
    if (load.errors || load.non2xx) throw new Error(`products list answered errors: ${JSON.stringify(load)}`);
    const h = cache.hits - hits;
    const m = cache.misses - misses;
    return { load, hitRate: h / Math.max(1, h + m), computed: m, writeMs };
  } finally {
    writing = false;
    await writer;
  }
}

/** autocannon (bench/lib/load-worker.mjs, a separate process) cycling through the pages on every connection. */
function runPages(p: ProductsApp, pages: string[], opts: { duration: number; connections: number }): Promise<LoadResult> {
  const args = {
    url: p.url,
    requests: pages.map((q) => ({ method: 'GET', path: `/api/v1/products?${q}` })),
    duration: opts.duration,
    connections: opts.connections,
    headers: auth(p),
    maxOverallRequests: 2_000_000,
  };
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [path.join(import.meta.dirname, 'lib/load-worker.mjs'), JSON.stringify(args)],
      { timeout: (opts.duration + 30) * 1000, maxBuffer: 1 << 20 },
      (err, stdout) => (err ? reject(err) : resolve(JSON.parse(stdout) as LoadResult)),
    );
  });
}

/**
 * What a writing request's barrier adds to its answer: the same NotifyBarrier the app uses, on its own
 * listening connection, idle (no other load), 300 passes in a row.
 */
async function barrierCost(p: ProductsApp): Promise<void> {
  const barrier = new NotifyBarrier((token) => p.database.db.execute(sql`select pg_notify(${BARRIER_CHANNEL}, ${token})`));
  const stop = await p.database.listen(BARRIER_CHANNEL, (token) => barrier.heard(token));
  barrier.setListening(true);
  try {
    for (let i = 0; i < 20; i++) await barrier.pass();
    const ms: number[] = [];
    for (let i = 0; i < 300; i++) {
      const t = performance.now();
      if (!(await barrier.pass())) throw new Error('the barrier did not come back');
      ms.push(performance.now() - t);
    }
    ms.sort((a, b) => a - b);
    console.log(
      `P13 write barrier (${p.driver}): median ${fmt(median(ms), 2)} ms, p99 ${fmt(ms[Math.ceil(ms.length * 0.99) - 1]!, 2)} ms per writing request (300 passes, idle)`,
    );
  } finally {
    barrier.setListening(false);
    await stop();
  }
}

async function call<T = unknown>(p: ProductsApp, method: string, url: string, headers: Record<string, string>, body?: unknown): Promise<T> {
  const res = await fetch(`${p.url}${url}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}
