import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../../apps/server/src/app.js';
import { openDatabase, type Database } from '../../apps/server/src/db/client.js';
import { prepareDatabase } from '../../apps/server/src/db/prepare.js';
import { createOrg, createUser, tokenFor } from '../../apps/server/test/factories.js';
import { testConfig } from '../../apps/server/test/harness.js';

export interface BenchApp {
  app: App;
  url: string;
  token: string;
  driver: string;
  close(): Promise<void>;
}

/** The full application on a fresh database (PGlite in a temp folder, or BENCH_DATABASE_URL), listening on loopback. */
export async function startFullApp(): Promise<BenchApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'market-bench-'));
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const database: Database = await openDatabase({ databaseUrl, dataDir });
  await prepareDatabase(database, { databaseUrl, demoSeed: false });
  const app = await buildApp({ config: testConfig({ dataDir, databaseUrl }), database, webDist: null });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const org = await createOrg(app);
  const user = await createUser(app, { orgId: org.id, role: 'super_admin' });
  const token = await tokenFor(app, user);
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    token,
    driver: database.driver,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
