import { sql } from 'drizzle-orm';
import { loadConfig } from '../config/config.js';
import { blobStoreFromConfig } from '../lib/blob-store.js';
import { openDatabase } from './client.js';
import { prepareDatabase } from './prepare.js';
import { seedDemoCatalogMedia } from './seed/demo-catalog.js';
import { seedDemo, seedReference } from './seed/seed.js';

/** npm run db:migrate | db:seed | db:reset [-- --force] */
async function main(): Promise<void> {
  const [cmd, ...flags] = process.argv.slice(2);
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    if (cmd === 'migrate') {
      await database.migrate();
      await seedReference(database.db);
      console.log('Database migrated');
    } else if (cmd === 'seed') {
      await database.migrate();
      await seedReference(database.db);
      await seedDemo(database.db, config.jwtSecret);
      await seedDemoCatalogMedia(database.db, blobStoreFromConfig(config));
      console.log('Demo organization seeded (skipped if organizations already exist)');
    } else if (cmd === 'reset') {
      const host = config.databaseUrl ? new URL(config.databaseUrl).hostname : 'embedded';
      const local = ['embedded', 'localhost', '127.0.0.1', '::1', '[::1]'].includes(host);
      if (!local && !flags.includes('--force')) {
        throw new Error(`Refusing to reset the database on ${host}: it is not local. Add --force if you really mean it.`);
      }
      await database.db.execute(
        sql`drop schema if exists public cascade; drop schema if exists auth cascade; drop schema if exists drizzle cascade; drop schema if exists storage cascade; create schema public;`,
      );
      await prepareDatabase(database, { databaseUrl: config.databaseUrl, demoSeed: true, jwtSecret: config.jwtSecret });
      await seedDemoCatalogMedia(database.db, blobStoreFromConfig(config));
      console.log('Database reset and demo organization seeded');
    } else {
      throw new Error('Usage: cli.ts migrate | seed | reset [--force]');
    }
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error((err as Error).message);
  process.exit(1);
});
