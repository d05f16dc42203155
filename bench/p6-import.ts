import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp, type App } from '../apps/server/src/app.js';
import type { Driver } from '../apps/server/src/db/client.js';
import { brands, catalogCategories, currencies, taxClasses } from '../apps/server/src/db/schema/index.js';
import { bearer, createOrg, createUser, tokenFor } from '../apps/server/test/factories.js';
import { testConfig } from '../apps/server/test/harness.js';
import { benchServerUrl, openBench } from './lib/bench-db.js';

/**
 * P6: a CSV import of N new products (SKU, English and Arabic names, price, brand, category) with validation and
 * upsert, through the real routes and jobs (upload, dry run, run), against `psql \copy` of the same file into a
 * staging table on the same PostgreSQL server; the same rows as XLSX. P7: the same CSV import on embedded PGlite
 * against the PostgreSQL run. Peak memory is the process's resident set sampled every 100 ms. A new organization
 * each run, in the database `market_bench_import` or under bench/.out/pglite-import. Run with `--only=p6`.
 */
export async function p6Import(opts: { rows: number; drivers: Driver[] }): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'market-bench-import-'));
  try {
    const csvFile = path.join(dir, 'products.csv');
    await writeCsv(csvFile, opts.rows);
    // The same SKUs with a new name and price on every row: a supplier's next file, every row an update.
    const updateFile = path.join(dir, 'products-update.csv');
    if (opts.rows <= 100_000) await writeCsv(updateFile, opts.rows, true);
    const xlsxFile = path.join(dir, 'products.xlsx');
    // The 1M-row figure is the CSV run's: an XLSX that size, the file of changes and publishing are left out (they
    // would take longer than the rest).
    const allSteps = opts.rows <= 100_000;
    if (allSteps) await writeXlsx(xlsxFile, opts.rows);
    const copy = psqlCopy(csvFile);
    console.log(
      `P6 peer: psql \\copy of ${opts.rows.toLocaleString('en')} rows (${(statSync(csvFile).size / 1e6).toFixed(1)} MB) into a staging table: ${copy.toFixed(2)} s (${Math.round(opts.rows / copy).toLocaleString('en')} rows/s)`,
    );
    const results: Record<string, { csv: Timing; xlsx?: Timing }> = {};
    for (const driver of opts.drivers) {
      const csv = await importOnce(driver, csvFile, 'text/csv', opts.rows, allSteps, allSteps ? updateFile : undefined);
      const xlsx =
        driver === 'postgres' && allSteps
          ? await importOnce(driver, xlsxFile, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', opts.rows)
          : undefined;
      results[driver] = { csv, xlsx };
      const line = (what: string, t: Timing) =>
        `P6 ${driver} ${what}: dry run ${t.dryRun.toFixed(1)} s, run ${t.run.toFixed(1)} s (${Math.round(opts.rows / t.run).toLocaleString('en')} rows/s written, ${Math.round(opts.rows / (t.dryRun + t.run)).toLocaleString('en')} rows/s dry run + run), peak RSS ${t.peakMb} MB`;
      console.log(line('CSV', csv));
      if (csv.update)
        console.log(
          `P6 ${driver} CSV of the same SKUs, every row changed: dry run ${csv.update.dryRun.toFixed(1)} s, run ${csv.update.run.toFixed(1)} s (${Math.round(opts.rows / csv.update.run).toLocaleString('en')} rows/s updated)`,
        );
      if (xlsx) console.log(line('XLSX', xlsx));
      const p = csv.publish;
      if (p)
        console.log(
          `Publishing ${driver} (${p.items.toLocaleString('en')} products): channel with its completeness ${p.channel.toFixed(1)} s, first publish ${p.first.toFixed(1)} s, second (nothing changed) ${p.second.toFixed(1)} s, RSS feed read ${p.feed.toFixed(1)} s (${p.feedMb} MB), a scheduled date (one product leaves) ${p.scheduled.toFixed(1)} s, one snapshot's items ${p.snapshotMb} MB stored, keeping 2 snapshots (snapshot 1's items let go) ${p.prune.toFixed(2)} s, peak RSS ${p.peakMb} MB`,
        );
    }
    const onPostgres = results.postgres;
    if (onPostgres) {
      console.log(`P6 CSV run / psql \\copy: ${(copy / onPostgres.csv.run).toFixed(3)} (target >= 0.25)`);
      const floor = onPostgres.csv.floor;
      if (floor !== undefined)
        console.log(
          `P6 floor: the run's ${opts.rows.toLocaleString('en')} products written again into products and their category rows alone ` +
            `(two INSERT ... SELECT with the table's indexes and triggers, rolled back): ${floor.toFixed(1)} s; ` +
            `psql \\copy / floor ${(copy / floor).toFixed(3)}, floor / CSV run ${(floor / onPostgres.csv.run).toFixed(3)}`,
        );
      if (onPostgres.xlsx) console.log(`P6 XLSX run / psql \\copy: ${(copy / onPostgres.xlsx.run).toFixed(3)} (target >= 0.10)`);
    }
    if (onPostgres && results.pglite)
      console.log(`P7 PGlite run / PostgreSQL run (rows/s): ${(onPostgres.csv.run / results.pglite.csv.run).toFixed(3)} (target >= 0.5)`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface Timing {
  dryRun: number;
  run: number;
  peakMb: number;
  /** Seconds to write the run's products again with nothing else (productsFloor); PostgreSQL's CSV import only. */
  floor?: number;
  /** The second file's import: the same SKUs, every row changed. */
  update?: { dryRun: number; run: number };
  publish?: PublishTiming;
}

/** Publishing what was imported to a new web channel: its completeness, two publishes and one feed read. */
interface PublishTiming {
  channel: number;
  first: number;
  second: number;
  feed: number;
  feedMb: number;
  /** A scheduled date applied: one product leaves, the rest copied into the next snapshot. */
  scheduled: number;
  /** One snapshot's items in the database (MB, their share of the table and its indexes). */
  snapshotMb: number;
  /** Keeping two snapshots: the channel's save that lets go of snapshot 1's items. */
  prune: number;
  items: number;
  peakMb: number;
}

const rowOf = (i: number, changed = false) => [
  `P6-${i}`,
  `Product ${i}${changed ? ' (new)' : ''}`,
  `منتج ${i}`,
  `${(i % 500) + (changed ? 2 : 1)}.${String(i % 100).padStart(2, '0')}`,
  'acme',
  'food',
];
const HEADER = ['SKU', 'Name', 'الاسم', 'Price', 'Brand', 'Categories'];

async function writeCsv(file: string, rows: number, changed = false): Promise<void> {
  const out = createWriteStream(file);
  out.write(`${HEADER.join(',')}\n`);
  for (let i = 0; i < rows; i++)
    if (!out.write(`${rowOf(i, changed).join(',')}\n`)) await new Promise<void>((r) => out.once('drain', () => r()));
  await new Promise<void>((r) => out.end(r));
}

async function writeXlsx(file: string, rows: number): Promise<void> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false, useStyles: false });
  const ws = wb.addWorksheet('Products');
  ws.addRow(HEADER).commit();
  for (let i = 0; i < rows; i++) ws.addRow(rowOf(i)).commit();
  ws.commit();
  await wb.commit();
}

/**
 * Seconds PostgreSQL takes to write the products the run just created once more, and nothing else: every column
 * copied from them (a new SKU), with the same indexes and triggers (the list item, the category copy), and their
 * category rows; in one transaction, rolled back. No validation, versions, completeness, audit or change hashes:
 * the least any import of these rows into this schema costs, to set beside `psql \copy` into a bare table.
 */
async function productsFloor(url: string, orgId: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: cols } = await client.query<{ name: string }>(
      `select column_name as name from information_schema.columns where table_schema = 'public' and table_name = 'products'
         and is_generated = 'NEVER' and column_name <> 'id' order by ordinal_position`,
    );
    const names = cols.map((c) => `"${c.name}"`);
    const copied = cols.map((c) => (c.name === 'sku' ? `p.sku || '-F'` : `p."${c.name}"`));
    await client.query('begin');
    const t0 = performance.now();
    await client.query(
      `with ins as (insert into products (${names.join(', ')}) select ${copied.join(', ')} from products p where p.org_id = $1 and p.sku like 'P6-%' returning id, sku)
       insert into product_categories (org_id, product_id, category_id)
       select $1, ins.id, pc.category_id from ins join products old on old.org_id = $1 and old.sku = left(ins.sku, -2)
         join product_categories pc on pc.product_id = old.id`,
      [orgId],
    );
    const seconds = (performance.now() - t0) / 1000;
    await client.query('rollback');
    return seconds;
  } finally {
    await client.end();
  }
}

/** Seconds `psql \copy` takes to load the file into a fresh unlogged staging table of text columns. */
function psqlCopy(file: string): number {
  const url = benchServerUrl();
  const sql = `drop table if exists p6_staging; create unlogged table p6_staging (sku text, name text, name_ar text, price text, brand text, categories text);`;
  spawnSync('psql', [url, '-q', '-c', sql], { encoding: 'utf8' });
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    spawnSync('psql', [url, '-q', '-c', 'truncate p6_staging'], { encoding: 'utf8' });
    const t0 = performance.now();
    const r = spawnSync('psql', [url, '-q', '-c', `\\copy p6_staging from '${file}' with (format csv, header true)`], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`psql \\copy failed: ${r.stderr}`);
    times.push((performance.now() - t0) / 1000);
  }
  spawnSync('psql', [url, '-q', '-c', 'drop table p6_staging'], { encoding: 'utf8' });
  return Math.min(...times);
}

async function importOnce(
  driver: Driver,
  file: string,
  type: string,
  rows: number,
  withPublish = false,
  updateFile?: string,
): Promise<Timing> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'market-bench-import-app-'));
  const opened = await openBench(driver, driver === 'postgres' ? 'market_bench_import' : 'pglite-import');
  const app = await buildApp({ config: testConfig({ dataDir, databaseUrl: opened.url }), database: opened.database, webDist: null });
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
  try {
    const tokenOf = await org(app);
    const auth = await tokenOf();
    const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
      const res = await app.inject({ method, url: `/api/v1${url}`, headers: await tokenOf(), ...(payload ? { payload } : {}) });
      if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
      return res.json() as {
        id: string;
        updatedAt: string;
        state: string;
        dryRun: { rows: number; error: number } | null;
        run: { create: number; update: number; error: number } | null;
      };
    };
    /** Uploads a file, dry-runs and runs it; the seconds of each, checked to have done `expect` to every row. */
    const importFile = async (name: string, fileType: string, expect: 'create' | 'update') => {
      const boundary = 'p6boundary';
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${path.basename(name)}"\r\nContent-Type: ${fileType}\r\n\r\n`,
        ),
        readFileSync(name),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const up = await app.inject({
        method: 'POST',
        url: '/api/v1/product-import/imports',
        headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      });
      if (up.statusCode !== 201) throw new Error(`upload: ${up.statusCode} ${up.body}`);
      const id = (up.json() as { id: string }).id;
      const drain = async () => {
        while ((await app.ctx.jobs.runDue()) > 0);
      };
      let d = await call('GET', `/product-import/imports/${id}`);
      let t0 = performance.now();
      await call('POST', `/product-import/imports/${id}/dry-run`, { expectedUpdatedAt: d.updatedAt });
      await drain();
      const dryRun = (performance.now() - t0) / 1000;
      d = await call('GET', `/product-import/imports/${id}`);
      if (d.state !== 'validated' || d.dryRun?.rows !== rows || d.dryRun.error) throw new Error(`dry run: ${JSON.stringify(d)}`);
      t0 = performance.now();
      await call('POST', `/product-import/imports/${id}/run`, { expectedUpdatedAt: d.updatedAt });
      await drain();
      const run = (performance.now() - t0) / 1000;
      d = await call('GET', `/product-import/imports/${id}`);
      if (d.state !== 'completed' || d.run?.[expect] !== rows) throw new Error(`run: ${JSON.stringify(d)}`);
      return { dryRun, run };
    };
    const { dryRun, run } = await importFile(file, type, 'create');
    const peakMb = Math.round(peak / 1e6);
    const floor = driver === 'postgres' && type === 'text/csv' ? await productsFloor(opened.url!, tokenOf.orgId) : undefined;
    const update = updateFile ? await importFile(updateFile, 'text/csv', 'update') : undefined;
    if (!withPublish) return { dryRun, run, peakMb, update, floor };
    peak = process.memoryUsage().rss;
    return {
      dryRun,
      run,
      peakMb,
      update,
      floor,
      publish: { ...(await publishAll(app, tokenOf.admin, rows)), peakMb: Math.round(peak / 1e6) },
    };
  } finally {
    clearInterval(sampler);
    await app.close();
    await opened.database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * A web channel over every imported product (made after the import, so its completeness is computed for all of them
 * at once), published twice (the second finds nothing changed), its RSS feed read whole, and one product's scheduled unpublish
 * date applied by the job runner.
 */
async function publishAll(app: App, tokenOf: () => Promise<Record<string, string>>, rows: number): Promise<Omit<PublishTiming, 'peakMb'>> {
  const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => {
    const res = await app.inject({ method, url: `/api/v1${url}`, headers: await tokenOf(), ...(payload ? { payload } : {}) });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return res;
  };
  let t0 = performance.now();
  const ch = (
    await call('POST', '/catalog-publishing/channels', {
      kind: 'web',
      name: 'Everything',
      locales: ['en', 'ar'],
      rules: { activeOnly: false, minCompleteness: 0, categoryIds: [], brandIds: [], vendorIds: [] },
    })
  ).json() as { id: string; updatedAt: string };
  const channel = (performance.now() - t0) / 1000;
  t0 = performance.now();
  const first = (await call('POST', `/catalog-publishing/channels/${ch.id}/publish`, {})).json() as { itemCount: number; added: number };
  const firstS = (performance.now() - t0) / 1000;
  if (first.itemCount !== rows || first.added !== rows) throw new Error(`publish: ${JSON.stringify(first)}`);
  t0 = performance.now();
  const second = (await call('POST', `/catalog-publishing/channels/${ch.id}/publish`, {})).json() as { changed: number; added: number };
  const secondS = (performance.now() - t0) / 1000;
  if (second.changed || second.added) throw new Error(`second publish: ${JSON.stringify(second)}`);
  t0 = performance.now();
  const feed = await call('GET', `/catalog-publishing/channels/${ch.id}/snapshots/2/export?format=rss`);
  const feedS = (performance.now() - t0) / 1000;
  const items = feed.body.split('<item>').length - 1;
  if (items !== rows) throw new Error(`feed: ${items} items`);
  // A scheduled date: one product leaves the channel when its unpublish time comes (the job queued by the save).
  const one = (await call('GET', `/products?limit=1`)).json() as { items: { id: string }[] };
  const until = new Date(Date.now() + 3_600_000);
  const scheduledCh = (
    await call('PATCH', `/catalog-publishing/channels/${ch.id}`, {
      schedules: [{ productId: one.items[0]!.id, publishAt: null, unpublishAt: until.toISOString() }],
      expectedUpdatedAt: ch.updatedAt,
    })
  ).json() as { updatedAt: string };
  t0 = performance.now();
  while ((await app.ctx.jobs.runDue({ now: new Date(until.getTime() + 1000) })) > 0);
  const scheduledS = (performance.now() - t0) / 1000;
  const [third] = (await call('GET', `/catalog-publishing/channels/${ch.id}/snapshots`)).json() as { number: number; removed: number }[];
  if (third?.number !== 3 || third.removed !== 1) throw new Error(`scheduled date: ${JSON.stringify(third)}`);
  // What one snapshot's items take in the database (rows, with their indexes' share by row count), then keeping two
  // snapshots: the save lets go of snapshot 1's items (decision 021).
  const size = (await app.ctx.db.execute(sql`
    select (select count(*) from catalog_snapshot_items i join catalog_snapshots s on s.id = i.snapshot_id
              where s.channel_id = ${ch.id} and s.number = 1)::float8 / greatest(count(*), 1) * pg_total_relation_size('catalog_snapshot_items') as bytes
    from catalog_snapshot_items`)) as unknown as { rows: { bytes: number }[] } | { bytes: number }[];
  const snapshotMb = Math.round(Number((Array.isArray(size) ? size : size.rows)[0]!.bytes) / 1e5) / 10;
  t0 = performance.now();
  await call('PATCH', `/catalog-publishing/channels/${ch.id}`, { keepSnapshots: 2, expectedUpdatedAt: scheduledCh.updatedAt });
  const pruneS = (performance.now() - t0) / 1000;
  const [, , firstAfter] = (await call('GET', `/catalog-publishing/channels/${ch.id}/snapshots`)).json() as { itemsKept: boolean }[];
  if (firstAfter?.itemsKept !== false) throw new Error(`keepSnapshots: ${JSON.stringify(firstAfter)}`);
  return {
    channel,
    first: firstS,
    second: secondS,
    feed: feedS,
    feedMb: Math.round(feed.rawPayload.length / 1e5) / 10,
    scheduled: scheduledS,
    snapshotMb,
    prune: pruneS,
    items,
  };
}

/** A new organization with the brand and category the file names, and its catalogue team member's bearer. */
/** The importing user, and a fresh token of theirs (a 1M-row run outlasts an access token's 15 minutes). */
async function org(
  app: App,
): Promise<(() => Promise<Record<string, string>>) & { admin: () => Promise<Record<string, string>>; orgId: string }> {
  const db = app.ctx.db;
  const o = await createOrg(app);
  await db
    .insert(currencies)
    .values({ orgId: o.id, code: 'USD', nameEn: 'US dollar', nameAr: 'دولار', symbol: '$', minorDigits: 2, isBase: true });
  await db.insert(taxClasses).values({ orgId: o.id, code: 'std', nameEn: 'Standard', nameAr: 'قياسي', isDefault: true });
  await db.insert(brands).values({ orgId: o.id, code: 'acme', nameEn: 'Acme', nameAr: 'أكمي' });
  await db.insert(catalogCategories).values({ orgId: o.id, code: 'food', nameEn: 'Food', nameAr: 'طعام' });
  const user = await createUser(app, { orgId: o.id, role: 'inventory' });
  const admin = await createUser(app, { orgId: o.id, role: 'admin' });
  return Object.assign(async () => bearer(await tokenFor(app, user)), {
    admin: async () => bearer(await tokenFor(app, admin)),
    orgId: o.id,
  });
}
