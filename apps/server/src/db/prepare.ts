import type { AppConfig } from '../config/config.js';
import type { Database } from './client.js';
import { hasOrganizations, seedDemo, seedReference } from './seed/seed.js';

/** Migrates, adds reference data and, when the operator wants it, the demo organization. */
export async function prepareDatabase(database: Database, config: Pick<AppConfig, 'databaseUrl' | 'demoSeed'>): Promise<{ seeded: boolean }> {
  await database.migrate();
  await seedReference(database.db);
  // The demo is seeded on the first start of an embedded database, or anywhere the operator sets DEMO_SEED=true.
  const wantDemo = config.demoSeed ?? !config.databaseUrl;
  if (wantDemo && !(await hasOrganizations(database.db))) {
    await seedDemo(database.db);
    return { seeded: true };
  }
  return { seeded: false };
}
