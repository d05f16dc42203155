import { sql } from 'drizzle-orm';
import type { Driver } from '../apps/server/src/db/client.js';
import { encodeProductCursor } from '../apps/server/src/modules/products/product-list.cursor.js';
import { fmt, median } from './lib/load.js';
import { computed, getJson, productsApp, runLatency, spread } from './lib/products-app.js';

/**
 * P3: a deep page (the 50 rows after row 900,000 of the default sort, updated_desc, through a cursor made
 * with encodeProductCursor from that row) against page 1, alternating A/B: p99 ratio (target <= 2).
 * Checks first that the deep page starts exactly at row 900,001.
 */
export async function p3(opts: { rounds: number; duration: number; connections: number; drivers: Driver[] }): Promise<void> {
  for (const driver of opts.drivers) {
    const p = await productsApp(driver);
    const position = Math.min(900_000, p.fixture.products - 100);
    const res = (await p.database.db.execute(sql`
      select id, to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as k,
             lead(id) over (order by updated_at desc, id desc) as next_id
      from products where org_id = ${p.fixture.orgId}
      order by updated_at desc, id desc offset ${position - 1} limit 1`)) as unknown as {
      rows: { id: string; k: string; next_id: string }[];
    };
    const row = res.rows[0]!;
    const cursor = encodeProductCursor('updated_desc', { id: row.id, updatedAt: row.k });
    const deep = `/api/v1/products?limit=50&cursor=${cursor}`;
    const first = await getJson<{ items: { id: string }[] }>(p, deep);
    if (first.items[0]?.id !== row.next_id || first.items.length !== 50) throw new Error(`deep page does not start at row ${position + 1}`);
    const urlsA = [`${p.url}/api/v1/products?limit=50`];
    const urlsB = [`${p.url}${deep}`];
    await runLatency({ urls: urlsA, duration: 1, connections: opts.connections, headers: computed(p) });
    await runLatency({ urls: urlsB, duration: 1, connections: opts.connections, headers: computed(p) });
    const ratios: number[] = [];
    const a99: number[] = [];
    const b99: number[] = [];
    for (let i = 0; i < opts.rounds; i++) {
      const a = await runLatency({ urls: urlsA, duration: opts.duration, connections: opts.connections, headers: computed(p) });
      const b = await runLatency({ urls: urlsB, duration: opts.duration, connections: opts.connections, headers: computed(p) });
      a99.push(a.p99);
      b99.push(b.p99);
      ratios.push(b.p99 / a.p99);
    }
    console.log(
      `P3 deep page (after row ${position.toLocaleString('en')}) p99 / page-1 p99 = ${fmt(median(ratios))} (spread ${spread(ratios)}; deep p99 ${fmt(median(b99), 1)} ms vs page 1 ` +
        `${fmt(median(a99), 1)} ms; ${driver}, ${opts.rounds} rounds x ${opts.duration} s, ${opts.connections} connections; target <= 2)`,
    );
  }
}
