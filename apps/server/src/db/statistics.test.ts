import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { driver } from '../../test/harness.js';
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
