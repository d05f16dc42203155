import { openBench } from './lib/bench-db.js';
import { ensureProductFixture } from './lib/product-fixture.js';

/**
 * node --import tsx bench/build-fixture.ts [postgres|pglite] [products]: builds (or finds) the product
 * fixture ahead of a bench run; the figures build it themselves when missing.
 */
const driver = (process.argv[2] ?? 'postgres') as 'postgres' | 'pglite';
const n = Number(process.argv[3] ?? 1_000_000);
const { database } = await openBench(driver, driver === 'postgres' ? 'market_bench' : 'pglite-products');
try {
  const f = await ensureProductFixture(database, n);
  console.log(f.built ? `built in ${f.seconds.toFixed(1)} s` : 'already there', JSON.stringify(f));
} finally {
  await database.close();
}
process.exit(0);
