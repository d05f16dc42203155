import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../../apps/server/src/app.js';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { prepareDatabase } from '../../apps/server/src/db/prepare.js';
import { createOrg, createUser, TEST_PASSWORD } from '../../apps/server/test/factories.js';
import { testConfig } from '../../apps/server/test/harness.js';

export interface WebApp {
  url: string;
  email: string;
  password: string;
  driver: string;
  close(): Promise<void>;
}

/**
 * The full application serving a built SPA (webDist) on a fresh database (PGlite in a temp folder,
 * or BENCH_DATABASE_URL), listening on loopback, with one super_admin who can sign in through the UI.
 */
export async function startWebApp(webDist: string): Promise<WebApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'market-bench-web-'));
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const database = await openDatabase({ databaseUrl, dataDir });
  let app: App | undefined;
  try {
    await prepareDatabase(database, { databaseUrl, demoSeed: false });
    app = await buildApp({ config: testConfig({ dataDir, databaseUrl }), database, webDist });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const org = await createOrg(app);
    const user = await createUser(app, { orgId: org.id, role: 'super_admin' });
    const addr = app.server.address();
    const port = typeof addr === 'object' && addr ? addr.port : 0;
    return {
      url: `http://127.0.0.1:${port}`,
      email: user.email,
      password: TEST_PASSWORD,
      driver: database.driver,
      close: async () => {
        await app?.close();
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await app?.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}
