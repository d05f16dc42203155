import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, driver } from '../../test/harness.js';
import { openDatabase } from './client.js';
import { prepareDatabase } from './prepare.js';
import { refreshStatistics } from './statistics.js';

const neverAnalyzed = sql`select count(*)::int as n from pg_class
  where relnamespace = 'public'::regnamespace and relkind in ('r', 'p') and reltuples < 0`;

// Embedded PGlite runs no autovacuum: an opened database gets the statistics its tables never had, and bulk work
// analyzes what it wrote (the publish and import runs call refreshStatistics; catalog-publishing.test checks one).
describe.skipIf(driver === 'postgres')('planner statistics on an embedded database', () => {
  it('analyzes every never-analyzed table when the database is prepared, and a named table on request', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'market-statistics-'));
    const database = await openDatabase({ dataDir: dir });
    try {
      await database.migrate();
      const before = (await database.db.execute(neverAnalyzed)) as unknown as { rows: { n: number }[] };
      expect(before.rows[0]!.n).toBeGreaterThan(50);
      await prepareDatabase(database, { databaseUrl: undefined, demoSeed: false });
      const after = (await database.db.execute(neverAnalyzed)) as unknown as { rows: { n: number }[] };
      expect(after.rows[0]!.n).toBe(0);

      await database.db.execute(sql`insert into languages (code, name, native_name, is_active)
        select 'x' || g, 'X' || g, 'X' || g, false from generate_series(1, 300) g`);
      await refreshStatistics(database.db, ['languages']);
      const tuples = (await database.db.execute(sql`select reltuples from pg_class where relname = 'languages'`)) as unknown as {
        rows: { reltuples: number }[];
      };
      expect(Number(tuples.rows[0]!.reltuples)).toBeGreaterThanOrEqual(300);
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

// An import run analyzes some columns of a wide table while it grows (product-import.jobs.ts): the row count and those
// columns' statistics follow, and no other column's are computed.
describe(`planner statistics of some columns (${driver})`, () => {
  it('refreshes the row count and the named columns only', async () => {
    const t = await createTestApp();
    try {
      const db = t.app.ctx.db;
      await db.execute(sql`create table statistics_probe (org_id uuid, sku text, note text)`);
      await db.execute(sql`insert into statistics_probe
        select case when g % 4 = 0 then '00000000-0000-4000-8000-000000000001'::uuid else gen_random_uuid() end, 'S' || g, repeat('x', 50)
        from generate_series(1, 2000) g`);
      await refreshStatistics(db, [{ table: 'statistics_probe', columns: ['org_id', 'sku'] }]);
      const tuples = (await db.execute(sql`select reltuples from pg_class where relname = 'statistics_probe'`)) as unknown as {
        rows: { reltuples: number }[];
      };
      expect(Number(tuples.rows[0]!.reltuples)).toBe(2000);
      const stats = (await db.execute(
        sql`select attname, n_distinct from pg_stats where tablename = 'statistics_probe' order by attname`,
      )) as unknown as { rows: { attname: string; n_distinct: number }[] };
      expect(stats.rows.map((r) => r.attname)).toEqual(['org_id', 'sku']);
      // The organization holding a quarter of the rows is seen as such.
      const common = (await db.execute(sql`select most_common_freqs[1] as f from pg_stats
        where tablename = 'statistics_probe' and attname = 'org_id'`)) as unknown as { rows: { f: number }[] };
      expect(Number(common.rows[0]!.f)).toBeCloseTo(0.25, 2);
    } finally {
      await t.close();
    }
  }, 120_000);
});
