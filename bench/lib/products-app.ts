import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { buildApp, type App } from '../../apps/server/src/app.js';
import type { Database, Driver } from '../../apps/server/src/db/client.js';
import { createUser, tokenFor } from '../../apps/server/test/factories.js';
import { testConfig } from '../../apps/server/test/harness.js';
import { openBenchPglite, openBenchPostgres } from './bench-db.js';
import { fmt } from './load.js';
import { pgbench } from './pgbench.js';
import { signIn, startServerOn } from './server-process.js';
import { ensureProductFixture, type ProductFixture } from './product-fixture.js';

export const FIXTURE_PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 1_000_000);

export interface ProductsApp {
  app: App;
  database: Database;
  driver: Driver;
  /** PostgreSQL only: the bench database's URL (P4 runs SQL on it directly). */
  databaseUrl?: string;
  url: string;
  token: string;
  fixture: ProductFixture;
  /** Signs in again for a fresh token (a run longer than an access token's life); the in-process app's token does not expire. */
  renew?(): Promise<void>;
  close(): Promise<void>;
}

const started = new Map<Driver, Promise<ProductsApp>>();

/**
 * The full application on the product fixture (market_bench on the PostgreSQL server, or a reused
 * PGlite folder under bench/.out), listening on loopback, with a product_team member's session token.
 * Started once per driver and shared by P2-P5; closeProductApps() ends them.
 */
export function productsApp(driver: Driver): Promise<ProductsApp> {
  let p = started.get(driver);
  if (!p) {
    p = start(driver);
    started.set(driver, p);
  }
  return p;
}

export async function closeProductApps(): Promise<void> {
  for (const p of started.values()) await (await p).close();
  started.clear();
}

async function start(driver: Driver): Promise<ProductsApp> {
  const opened = driver === 'postgres' ? await openBenchPostgres('market_bench') : await openBenchPglite('pglite-products');
  const database = opened.database;
  const databaseUrl = 'url' in opened ? opened.url : undefined;
  const fixture = await ensureProductFixture(database, FIXTURE_PRODUCTS);
  if (!fixture.built) console.log(`fixture: ${FIXTURE_PRODUCTS.toLocaleString('en')} products reused (${driver})`);
  // The app's own files (storage) go to a temp folder; PGlite's data stays in bench/.out.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'market-bench-products-'));
  const app = await buildApp({ config: testConfig({ dataDir, databaseUrl }), database, webDist: null });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const user = await createUser(app, { orgId: fixture.orgId, role: 'product_team' });
  const token = await tokenFor(app, user);
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return {
    app,
    database,
    driver,
    databaseUrl,
    url: `http://127.0.0.1:${port}`,
    token,
    fixture,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The same fixture served by the server as `npm start` runs it, in its own process on the fixture's PostgreSQL
 * database, for a product_team member of the fixture's organization signed in through that server: what users get,
 * without the bench's own work and heap in the serving process. Shaped as the app, so auth() and computed() serve it.
 */
export async function productionProductsApp(p: ProductsApp): Promise<ProductsApp> {
  if (!p.databaseUrl) throw new Error('productionProductsApp: PostgreSQL only');
  const password = `Bench-${Date.now()}-Pw!`;
  const user = await createUser(p.app, { orgId: p.fixture.orgId, role: 'product_team', password });
  const server = await startServerOn(p.databaseUrl);
  try {
    const prod: ProductsApp = {
      ...p,
      url: server.url,
      token: await signIn(server.url, user.email, password),
      renew: async () => {
        prod.token = await signIn(server.url, user.email, password);
      },
      close: () => server.close(),
    };
    return prod;
  } catch (err) {
    await server.close();
    throw err;
  }
}

export interface LatencyResult {
  total: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
}

/** Timed requests from a separate process (latency-worker.mjs), cycling through urls; bounded in time and count. */
export function runLatency(opts: {
  urls: string[];
  duration: number;
  connections: number;
  headers?: Record<string, string>;
  amount?: number;
}): Promise<LatencyResult> {
  const worker = path.join(import.meta.dirname, 'latency-worker.mjs');
  const args = {
    urls: opts.urls,
    duration: opts.duration,
    connections: opts.connections,
    headers: opts.headers ?? {},
    amount: opts.amount ?? 200_000,
  };
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [worker, JSON.stringify(args)],
      { timeout: (opts.duration + 60) * 1000, maxBuffer: 1 << 20 },
      (err, stdout) => {
        if (err) return reject(err);
        const r = JSON.parse(stdout) as LatencyResult;
        if (r.errors || r.non2xx) return reject(new Error(`load answered errors: ${stdout} (${opts.urls[0]})`));
        resolve(r);
      },
    );
  });
}

export const auth = (p: ProductsApp) => ({ authorization: `Bearer ${p.token}` });

/**
 * The session plus `Cache-Control: no-cache`: the route computes every page afresh instead of serving it
 * from the catalogue cache, so P3-P5 time the queries they are about (and P2 reports both).
 */
export const computed = (p: ProductsApp) => ({ ...auth(p), 'cache-control': 'no-cache' });

/** GET through the app with the session; throws on a non-2xx answer. */
export async function getJson<T>(p: ProductsApp, pathAndQuery: string): Promise<T> {
  const res = await fetch(`${p.url}${pathAndQuery}`, { headers: auth(p) });
  if (!res.ok) throw new Error(`${pathAndQuery} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return (await res.json()) as T;
}

export const spread = (xs: number[], d = 2) => `${Math.min(...xs).toFixed(d)}-${Math.max(...xs).toFixed(d)}`;

/** What `routeVsPgbench` measured: medians over the rounds, their spreads, and each term's route p95. */
export interface RouteVsPgbench {
  routeP95: number[];
  routeP50: number[];
  sqlP95: number[];
  ratios: number[];
  perTerm: string[];
}

/**
 * A route's latency against pgbench running the route's own statements (P8-lookup, P12-search): a warm-up, then
 * alternating rounds (the route over every url cycled, then pgbench over the scripts, same clients), then each
 * term's route p95 alone.
 */
export async function routeVsPgbench(opts: {
  urls: string[];
  terms: string[];
  scripts: string[][];
  headers: Record<string, string>;
  databaseUrl: string;
  rounds: number;
  duration: number;
  connections: number;
}): Promise<RouteVsPgbench> {
  const { urls, headers, connections } = opts;
  await runLatency({ urls, duration: 1, connections, headers });
  const out: RouteVsPgbench = { routeP95: [], routeP50: [], sqlP95: [], ratios: [], perTerm: [] };
  for (let i = 0; i < opts.rounds; i++) {
    const a = await runLatency({ urls, duration: opts.duration, connections, headers });
    const b = await pgbench(opts.databaseUrl, opts.scripts, opts.duration, connections);
    out.routeP95.push(a.p95);
    out.routeP50.push(a.p50);
    out.sqlP95.push(b.p95);
    out.ratios.push(a.p95 / b.p95);
  }
  for (const [k, t] of opts.terms.entries()) {
    const r = await runLatency({ urls: [urls[k]!], duration: Math.max(1, opts.duration / 4), connections, headers });
    out.perTerm.push(`${t} ${fmt(r.p95, 1)}`);
  }
  return out;
}
