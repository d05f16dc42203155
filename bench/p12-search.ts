import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../apps/server/src/db/client.js';
import { todayUtc } from '../apps/server/src/lib/dates.js';
import * as repo from '../apps/server/src/modules/search/search.repository.js';
import { createUser, tokenFor } from '../apps/server/test/factories.js';
import { fmt, median } from './lib/load.js';
import { productsApp, runLatency, spread } from './lib/products-app.js';
import { SEARCH_TERMS } from './p4-search.js';

/** P4's terms (English, Arabic, word pairs, infixes, a SKU fragment, no match) plus SKU prefixes of 2 and 8 characters. */
export const GLOBAL_TERMS = [...SEARCH_TERMS, 'sk', 'sku-0004'];
const LIMIT = 5;

/**
 * The statements GET /api/v1/search runs for a super admin (every group), taken from search.repository.ts
 * itself (a recording stand-in for the database), with their parameters written in as literals for pgbench.
 */
async function routeSql(orgId: string, q: string): Promise<string[]> {
  const seen: SQL[] = [];
  const recorder = { execute: async (query: SQL) => (seen.push(query), { rows: [] }) } as unknown as DbOrTx;
  await repo.searchProducts(recorder, orgId, q, LIMIT);
  await repo.searchVendors(recorder, orgId, q, LIMIT);
  await repo.searchApplications(recorder, orgId, q, LIMIT);
  await repo.searchMarketDays(recorder, orgId, q, LIMIT, todayUtc());
  await repo.searchLocations(recorder, orgId, q, LIMIT);
  await repo.searchAssets(recorder, orgId, q, LIMIT);
  const dialect = new PgDialect();
  return seen.map((s) => {
    const { sql, params } = dialect.sqlToQuery(s);
    const literal = (v: unknown) => (typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);
    return sql.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1])).replace(/\s+/g, ' ');
  });
}

/** pgbench running one script per term (chosen at random per transaction) for `seconds`; p95/p50 of its transaction log, ms. */
function pgbench(url: string, scripts: string[][], seconds: number, clients: number): Promise<{ p95: number; p50: number; n: number }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'p12-search-'));
  const files = scripts.map((stmts, i) => {
    const f = path.join(dir, `term-${i}.sql`);
    writeFileSync(f, `${stmts.map((s) => `${s};`).join('\n')}\n`);
    return f;
  });
  const args = [
    '-n',
    '-c',
    String(clients),
    '-j',
    String(Math.min(clients, 2)),
    '-T',
    String(seconds),
    '-l',
    '--log-prefix',
    path.join(dir, 'log'),
  ];
  for (const f of files) args.push('-f', f);
  args.push(url);
  return new Promise((resolve, reject) => {
    execFile('pgbench', args, { timeout: (seconds + 60) * 1000 }, (err, _stdout, stderr) => {
      try {
        if (err) return reject(new Error(`pgbench failed: ${stderr}`));
        const us = readdirSync(dir)
          .filter((f) => f.startsWith('log'))
          .flatMap((f) => readFileSync(path.join(dir, f), 'utf8').trim().split('\n'))
          .map((line) => Number(line.split(' ')[2]))
          .filter((n) => Number.isFinite(n))
          .sort((a, b) => a - b);
        const at = (p: number) => us[Math.min(us.length - 1, Math.floor(p * us.length))]! / 1000;
        resolve({ p95: at(0.95), p50: at(0.5), n: us.length });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}

/**
 * P12-search: "Search everything..." over the 1M-product fixture through GET /api/v1/search as a super admin
 * (every group: products, vendors, applications, market days, locations, assets), the terms cycled: p95
 * (the issue's target: under 150 ms), per-term p95; and the peer: pgbench running the statements the route
 * sends for the same terms at the same client count, alternating A/B per round: p95 ratio route / SQL.
 */
export async function p12search(opts: { rounds: number; duration: number; connections: number }): Promise<void> {
  const p = await productsApp('postgres');
  if (!p.databaseUrl) throw new Error('P12-search needs PostgreSQL');
  const admin = await createUser(p.app, { orgId: p.fixture.orgId, role: 'super_admin' });
  const headers = { authorization: `Bearer ${await tokenFor(p.app, admin)}` };
  const urls = GLOBAL_TERMS.map((t) => `${p.url}/api/v1/search?q=${encodeURIComponent(t)}`);
  const hits: string[] = [];
  for (const [k, t] of GLOBAL_TERMS.entries()) {
    const res = await fetch(urls[k]!, { headers });
    if (!res.ok) throw new Error(`search ${t} answered ${res.status}`);
    const body = (await res.json()) as { groups: { group: string; items: unknown[] }[] };
    hits.push(`${t} ${body.groups.map((g) => `${g.group}:${g.items.length}`).join('/') || '-'}`);
  }
  const scripts = await Promise.all(GLOBAL_TERMS.map((t) => routeSql(p.fixture.orgId, t)));
  await runLatency({ urls, duration: 1, connections: opts.connections, headers });
  const route: number[] = [];
  const routeP50: number[] = [];
  const sqlP95: number[] = [];
  const ratios: number[] = [];
  for (let i = 0; i < opts.rounds; i++) {
    const a = await runLatency({ urls, duration: opts.duration, connections: opts.connections, headers });
    const b = await pgbench(p.databaseUrl, scripts, opts.duration, opts.connections);
    route.push(a.p95);
    routeP50.push(a.p50);
    sqlP95.push(b.p95);
    ratios.push(a.p95 / b.p95);
  }
  const perTerm: string[] = [];
  for (const [k, t] of GLOBAL_TERMS.entries()) {
    const r = await runLatency({ urls: [urls[k]!], duration: Math.max(1, opts.duration / 4), connections: opts.connections, headers });
    perTerm.push(`${t} ${fmt(r.p95, 0)}`);
  }
  console.log(
    `P12-search GET /api/v1/search over ${p.fixture.products.toLocaleString('en')} products, every group (super admin): p95 = ${fmt(median(route), 1)} ms ` +
      `(spread ${spread(route, 1)}; p50 ${fmt(median(routeP50), 1)} ms; ${GLOBAL_TERMS.length} terms cycled, ${opts.rounds} rounds x ${opts.duration} s, ${opts.connections} connections; target < 150 ms)`,
  );
  console.log(
    `P12-search peer: pgbench running the route's ${scripts[0]!.length} statements per term, same clients: p95 = ${fmt(median(sqlP95), 1)} ms (spread ${spread(sqlP95, 1)}); ` +
      `route / SQL p95 = ${fmt(median(ratios), 2)}x (spread ${spread(ratios, 2)})`,
  );
  console.log(`P12-search per-term route p95 ms: ${perTerm.join(', ')} | groups: ${hits.join(', ')}`);
}
