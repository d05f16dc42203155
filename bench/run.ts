import type { Driver } from '../apps/server/src/db/client.js';
import { closeProductApps } from './lib/products-app.js';
import { p1 } from './p1-overhead.js';
import { p10 } from './p10-spa.js';
import { p11 } from './p11-grid.js';
import { p2 } from './p2-products.js';
import { p3 } from './p3-deep-page.js';
import { p4 } from './p4-search.js';
import { p5 } from './p5-filters.js';
import { p6Import } from './p6-import.js';
import { p12search } from './p12-search.js';
import { p13 } from './p13-cache-mix.js';
import { p14 } from './p14-board.js';
import { p8Lookup } from './p8-lookup.js';
import { p8SessionClose } from './p8-session-close.js';
import { p8Checkout } from './p8-checkout.js';
import { p9SalesReport } from './p9-sales-report.js';
import type { Preset } from './lib/web-lighthouse.js';

/**
 * npm run bench [-- --quick] [--only=p1,p10] [--lighthouse=mobile|desktop|both] [--drivers=postgres,pglite]:
 * one summary line per figure of the quality targets (P10 prints a few: bundle, its cross-check, Lighthouse
 * per config). P2-P5 run on the 1M-product fixture (built on first use, then reused); --drivers picks the
 * databases P2, P3 and P5 run on (default both; P4 compares against PostgreSQL's plan without the index).
 */
const quick = process.argv.includes('--quick');
const settings = quick ? { rounds: 3, duration: 3, connections: 10 } : { rounds: 5, duration: 8, connections: 10 };
const onlyArg = process.argv.find((a) => a.startsWith('--only='));
const only = onlyArg ? new Set(onlyArg.slice('--only='.length).toLowerCase().split(',').filter(Boolean)) : null;
const lighthouseArg = process.argv.find((a) => a.startsWith('--lighthouse='))?.slice('--lighthouse='.length) ?? 'both';
if (!['mobile', 'desktop', 'both'].includes(lighthouseArg)) {
  console.error(`--lighthouse= takes mobile, desktop or both, not ${lighthouseArg}`);
  process.exit(2);
}
const presets: Preset[] = lighthouseArg === 'both' ? ['mobile', 'desktop'] : [lighthouseArg as Preset];
// P6's row count (`--rows=1000000` for the 1M-row figure; above 100,000 the XLSX run is left out).
const rowsArg = process.argv.find((a) => a.startsWith('--rows='))?.slice('--rows='.length);
const driversArg = process.argv.find((a) => a.startsWith('--drivers='))?.slice('--drivers='.length) ?? 'postgres,pglite';
const drivers = driversArg.split(',').filter(Boolean) as Driver[];
if (!drivers.length || drivers.some((d) => d !== 'postgres' && d !== 'pglite')) {
  console.error(`--drivers= takes postgres and/or pglite, not ${driversArg}`);
  process.exit(2);
}
// Latency figures (P3-P5) compare percentiles of many short runs; 4 connections keep the queueing of a
// 2-core machine out of the percentiles while still overlapping requests.
const latency = quick ? { rounds: 3, duration: 2, connections: 4 } : { rounds: 3, duration: 4, connections: 4 };

const figures: Record<string, () => Promise<void>> = {
  p1: () => p1(settings),
  p2: () => p2({ ...settings, drivers }),
  p3: () => p3({ ...latency, drivers }),
  p4: () => p4(latency),
  p5: () => p5({ ...latency, drivers }),
  p6: () => p6Import({ rows: rowsArg ? Number(rowsArg) : quick ? 20_000 : 100_000, drivers }),
  p10: () => p10({ lighthouseRuns: 3, presets }),
  p11: () => p11(),
  'p12-search': () => p12search(latency),
  'p8-lookup': () => p8Lookup(latency),
  p13: () => p13({ rounds: quick ? 1 : 3, duration: quick ? 6 : 10, connections: settings.connections, drivers }),
  p14: () => p14(),
  p8: () => p8Checkout({ rounds: quick ? 2 : 3, duration: quick ? 5 : 10 }),
  p9: () => p9SalesReport({ runs: quick ? 60 : 150 }),
  'p8-close': () => p8SessionClose({ drivers, sales: quick ? 2_000 : 5_000 }),
};
const unknown = only ? [...only].filter((f) => !(f in figures)) : [];
if (unknown.length) {
  console.error(`Unknown figure ${unknown.join(', ')}; known: ${Object.keys(figures).join(', ')}`);
  process.exit(2);
}
try {
  for (const [name, run] of Object.entries(figures)) {
    if (!only || only.has(name)) await run();
  }
} finally {
  await closeProductApps();
}
process.exit(0);
