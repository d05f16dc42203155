import pg from 'pg';
import { fmt, median } from './lib/load.js';
import { computed, getJson, productsApp, runLatency, spread } from './lib/products-app.js';

/** English and Arabic terms: common words, word pairs, infixes, a SKU fragment and a term nothing matches. */
export const SEARCH_TERMS = [
  'honey',
  'wildflower honey',
  'smoked olive',
  'ldflow',
  'tote bag',
  'sku-00123',
  'عسل',
  'زيت زيتون',
  'خزامى',
  'qwertz',
];

/** The list's id query for a search, exactly as the route sends it (product-list.repository.ts pageIds, default sort). */
const SEARCH_SQL = `select p.id, to_char(p.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as k from products p
  where p.org_id = $1 and p.search_text ilike $2 order by p.updated_at desc, p.id desc limit 51`;
const likeOf = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

async function timeSql(client: pg.Client, orgId: string, term: string, reps: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < reps; i++) {
    const t = performance.now();
    await client.query(SEARCH_SQL, [orgId, likeOf(term)]);
    times.push(performance.now() - t);
  }
  return median(times);
}

/**
 * P4: search over the 1M names through the route (q= with the terms above, cycled), p95 (target
 * <= 100 ms); and the same SQL timed with its indexes and without them, on PostgreSQL: without =
 * inside a transaction that drops the index(es) and is rolled back (nothing changes for anyone else,
 * and the planner picks its best remaining plan), first the trigram index alone, then also the
 * (org, updated_at, id, search_text) index. Ratio = sum over the terms of the median time without /
 * with (target >= 10).
 */
export async function p4(opts: { rounds: number; duration: number; connections: number }): Promise<void> {
  const p = await productsApp('postgres');
  const urls = SEARCH_TERMS.map((t) => `${p.url}/api/v1/products?limit=50&q=${encodeURIComponent(t)}`);
  const hits: string[] = [];
  for (const t of SEARCH_TERMS) {
    const page = await getJson<{ items: unknown[] }>(p, `/api/v1/products?limit=50&q=${encodeURIComponent(t)}`);
    hits.push(`${t} ${page.items.length}`);
  }
  await runLatency({ urls, duration: 1, connections: opts.connections, headers: computed(p) });
  const p95: number[] = [];
  const p50: number[] = [];
  for (let i = 0; i < opts.rounds; i++) {
    const r = await runLatency({ urls, duration: opts.duration, connections: opts.connections, headers: computed(p) });
    p95.push(r.p95);
    p50.push(r.p50);
  }
  // Per term, one pass each, so a slow term is named.
  const perTerm: string[] = [];
  for (const [k, t] of SEARCH_TERMS.entries()) {
    const r = await runLatency({
      urls: [urls[k]!],
      duration: Math.max(1, opts.duration / 4),
      connections: opts.connections,
      headers: computed(p),
    });
    perTerm.push(`${t} ${fmt(r.p95, 0)}`);
  }
  console.log(
    `P4 search over ${p.fixture.products.toLocaleString('en')} names through the route: p95 = ${fmt(median(p95), 1)} ms (spread ${spread(p95, 1)}; p50 ${fmt(median(p50), 1)} ms; ` +
      `${SEARCH_TERMS.length} terms cycled, ${opts.rounds} rounds x ${opts.duration} s, ${opts.connections} connections; target <= 100 ms)`,
  );
  console.log(`P4 per-term route p95 ms: ${perTerm.join(', ')} | page sizes: ${hits.join(', ')}`);

  const client = new pg.Client({ connectionString: p.databaseUrl });
  await client.connect();
  try {
    const reps = 3;
    const timeAll = async () => {
      const out: number[] = [];
      for (const t of SEARCH_TERMS) {
        await client.query(SEARCH_SQL, [p.fixture.orgId, likeOf(t)]);
        out.push(await timeSql(client, p.fixture.orgId, t, reps));
      }
      return out;
    };
    /** The same timings inside a transaction that drops `indexes` and is rolled back. */
    const timeWithout = async (indexes: string[]) => {
      await client.query('begin');
      try {
        for (const i of indexes) await client.query(`drop index ${i}`);
        return await timeAll();
      } finally {
        await client.query('rollback');
      }
    };
    const withIdx = await timeAll();
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    // The trigram index serves rare terms; common ones are found by walking products_org_updated_idx
    // (its trailing search_text key filters without visiting the table), so both are "its index".
    for (const indexes of [['products_search_trgm_idx'], ['products_search_trgm_idx', 'products_org_updated_idx']]) {
      const without = await timeWithout(indexes);
      const per = SEARCH_TERMS.map((t, k) => `${t} ${fmt(without[k]! / withIdx[k]!, 1)}x`);
      console.log(
        `P4 same SQL without / with ${indexes.join(' + ')} = ${fmt(sum(without) / sum(withIdx), 1)}x (sum of per-term medians ${fmt(sum(without), 0)} ms vs ${fmt(sum(withIdx), 0)} ms, ` +
          `${reps} runs per term; target >= 10) | per term: ${per.join(', ')}`,
      );
    }
  } finally {
    await client.end();
  }
}
