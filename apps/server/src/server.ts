import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config/config.js';
import { openDatabase } from './db/client.js';
import { DataDirLockedError } from './db/lock.js';
import { prepareDatabase } from './db/prepare.js';
import { seedDemoCatalogMedia } from './db/seed/demo-catalog.js';
import { DEMO_PASSWORD, DEMO_USERS } from './db/seed/seed.js';
import { blobStoreFor } from './modules/storage/index.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  if (database.driver === 'pglite') {
    console.log(
      `Embedded database (PGlite) in ${config.dataDir}. It keeps one connection and does not fsync: ` +
        'production belongs on a PostgreSQL server (set DATABASE_URL).',
    );
  }
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal} received, closing`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app?.close();
    } finally {
      await database.close();
      process.exit(0);
    }
  };
  // eslint-disable-next-line prefer-const -- a signal during start-up runs shutdown before the assignment: `let` reads undefined there, `const` would throw
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const { seeded } = await prepareDatabase(database, config);
  app = await buildApp({ config, database, log: { level: config.logLevel } });
  // The demo's product photos go through the asset library, which needs the app's blob store.
  if (seeded) await seedDemoCatalogMedia(database.db, blobStoreFor(app.ctx));
  await app.listen({ port: config.port, host: config.host });
  app.ctx.mailer.start();
  app.ctx.jobs.start();
  console.log(`\nMarket back office is running at ${config.publicUrl}`);
  if (seeded || config.demoSeed !== false) {
    console.log(`Demo sign-ins (password ${DEMO_PASSWORD}):`);
    for (const u of DEMO_USERS) console.log(`  ${u.email}${u.role ? `  (${u.role})` : '  (no membership)'}`);
  }
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
