import type { AppConfig } from '../config/config.js';
import type { Database } from './client.js';
import { analyzeNeverAnalyzed } from './statistics.js';
import { hasOrganizations, seedDemo, seedReference } from './seed/seed.js';

/**
 * Migrates, adds reference data and, when the operator wants it, the demo organization; an embedded database (no
 * autovacuum) then gets the planner statistics its tables never had (db/statistics.ts).
 */
export async function prepareDatabase(
  database: Database,
  config: Pick<AppConfig, 'databaseUrl' | 'demoSeed'> & Partial<Pick<AppConfig, 'jwtSecret'>>,
): Promise<{ seeded: boolean }> {
  await database.migrate();
  await seedReference(database.db);
  // The demo is seeded on the first start of an embedded database, or anywhere the operator sets DEMO_SEED=true.
  const wantDemo = config.demoSeed ?? !config.databaseUrl;
  let seeded = false;
  if (wantDemo && !(await hasOrganizations(database.db))) {
    if (!config.jwtSecret) throw new Error('The demo needs the server secret (status links of its applications are sealed with it)');
    await seedDemo(database.db, config.jwtSecret);
    seeded = true;
  }
  if (database.driver === 'pglite') await analyzeNeverAnalyzed(database.db);
  return { seeded };
}
