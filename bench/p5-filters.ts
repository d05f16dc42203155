import { sql } from 'drizzle-orm';
import type { Driver } from '../apps/server/src/db/client.js';
import { fmt, median } from './lib/load.js';
import { computed, getJson, productsApp, runLatency, spread, type ProductsApp } from './lib/products-app.js';

/**
 * P5: every filter the list offers (status, brand, vendor, family, category with descendants and a
 * shelf, completeness range, search + filter), each against the unfiltered first page, alternating
 * A/B per round: p95 ratio per filter (target <= 3 for each). Prints the worst and every ratio.
 */
export async function p5(opts: { rounds: number; duration: number; connections: number; drivers: Driver[] }): Promise<void> {
  for (const driver of opts.drivers) {
    const p = await productsApp(driver);
    const filters = await p5Filters(p);
    const base = `${p.url}/api/v1/products?limit=50`;
    const sizes: string[] = [];
    for (const [name, q] of filters)
      sizes.push(`${name} ${(await getJson<{ items: unknown[] }>(p, `/api/v1/products?limit=50&${q}`)).items.length}`);
    await runLatency({ urls: [base], duration: 1, connections: opts.connections, headers: computed(p) });
    const ratios = new Map<string, number[]>(filters.map(([n]) => [n, []]));
    const filtered = new Map<string, number[]>(filters.map(([n]) => [n, []]));
    const unfiltered: number[] = [];
    for (let i = 0; i < opts.rounds; i++) {
      for (const [name, q] of filters) {
        const a = await runLatency({ urls: [base], duration: opts.duration, connections: opts.connections, headers: computed(p) });
        const b = await runLatency({
          urls: [`${base}&${q}`],
          duration: opts.duration,
          connections: opts.connections,
          headers: computed(p),
        });
        unfiltered.push(a.p95);
        filtered.get(name)!.push(b.p95);
        ratios.get(name)!.push(b.p95 / a.p95);
      }
    }
    const rows = filters.map(([n]) => ({ n, r: median(ratios.get(n)!), s: spread(ratios.get(n)!), ms: median(filtered.get(n)!) }));
    const worst = rows.reduce((w, x) => (x.r > w.r ? x : w));
    console.log(
      `P5 filters p95 / unfiltered p95: worst ${fmt(worst.r)} (${worst.n}; spread ${worst.s}), unfiltered p95 ${fmt(median(unfiltered), 1)} ms; ${driver}, ` +
        `${opts.rounds} rounds x ${opts.duration} s per side, ${opts.connections} connections; target <= 3 each`,
    );
    console.log(
      `P5 per filter (ratio, p95 ms): ${rows.map((x) => `${x.n} ${fmt(x.r)} ${fmt(x.ms, 1)}`).join(' | ')} | page sizes: ${sizes.join(', ')}`,
    );
  }
}

/**
 * P5's filters over the fixture: a name and the query string that adds the filter to `/api/v1/products?limit=50`
 * (P2 measures each against its pgbench peers).
 */
export async function p5Filters(p: ProductsApp): Promise<[string, string][]> {
  const f = p.fixture;
  const leaf = (
    (await p.database.db.execute(sql`select c.id from catalog_categories c where c.org_id = ${f.orgId}
      and not exists (select 1 from catalog_categories k where k.parent_id = c.id) order by c.code limit 1`)) as unknown as {
      rows: { id: string }[];
    }
  ).rows[0]!.id;
  return [
    ['status=draft', 'status=draft'],
    ['status=active,archived', 'status=active,archived'],
    ['brand', `brandId=${f.brandId}`],
    ['vendor', `vendorId=${f.vendorId}`],
    ['family', `familyId=${f.familyId}`],
    ['category+descendants', `categoryId=${f.rootCategoryId}`],
    ['category leaf', `categoryId=${leaf}`],
    ['completeness 40-60', 'completenessMin=40&completenessMax=60'],
    ['completeness 100', 'completenessMin=100'],
    ['search+status', `q=honey&status=draft`],
    ['search+category', `q=olive&categoryId=${f.rootCategoryId}`],
  ];
}
