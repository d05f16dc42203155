import { todayUtc } from '../apps/server/src/lib/dates.js';
import * as repo from '../apps/server/src/modules/search/search.repository.js';
import { createUser, tokenFor } from '../apps/server/test/factories.js';
import { fmt, median } from './lib/load.js';
import { inlineSql, recordingDb } from './lib/pgbench.js';
import { productsApp, routeVsPgbench, spread } from './lib/products-app.js';
import { SEARCH_TERMS } from './p4-search.js';

/** P4's terms (English, Arabic, word pairs, infixes, a SKU fragment, no match) plus SKU prefixes of 2 and 8 characters. */
export const GLOBAL_TERMS = [...SEARCH_TERMS, 'sk', 'sku-0004'];
const LIMIT = 5;

/**
 * The statements GET /api/v1/search runs for a super admin (every group), taken from search.repository.ts
 * itself (a recording stand-in for the database), with their parameters written in as literals for pgbench.
 */
async function routeSql(orgId: string, q: string): Promise<string[]> {
  const { db: recorder, seen } = recordingDb();
  await repo.searchProducts(recorder, orgId, q, LIMIT);
  await repo.searchVendors(recorder, orgId, q, LIMIT);
  await repo.searchApplications(recorder, orgId, q, LIMIT);
  await repo.searchMarketDays(recorder, orgId, q, LIMIT, todayUtc());
  await repo.searchLocations(recorder, orgId, q, LIMIT);
  await repo.searchAssets(recorder, orgId, q, LIMIT);
  return inlineSql(seen);
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
  const m = await routeVsPgbench({ urls, terms: GLOBAL_TERMS, scripts, headers, databaseUrl: p.databaseUrl, ...opts });
  console.log(
    `P12-search GET /api/v1/search over ${p.fixture.products.toLocaleString('en')} products, every group (super admin): p95 = ${fmt(median(m.routeP95), 1)} ms ` +
      `(spread ${spread(m.routeP95, 1)}; p50 ${fmt(median(m.routeP50), 1)} ms; ${GLOBAL_TERMS.length} terms cycled, ${opts.rounds} rounds x ${opts.duration} s, ${opts.connections} connections; target < 150 ms)`,
  );
  console.log(
    `P12-search peer: pgbench running the route's ${scripts[0]!.length} statements per term, same clients: p95 = ${fmt(median(m.sqlP95), 1)} ms (spread ${spread(m.sqlP95, 1)}); ` +
      `route / SQL p95 = ${fmt(median(m.ratios), 2)}x (spread ${spread(m.ratios, 2)})`,
  );
  console.log(`P12-search per-term route p95 ms: ${m.perTerm.join(', ')} | groups: ${hits.join(', ')}`);
}
