/**
 * A process that opens the embedded database on a folder and keeps it open, as the server does:
 * `node --import tsx test/lib/db-holder.ts <dataDir> [--wait]`. Prints READY once open and closes on
 * SIGTERM. With --wait it loads its modules, prints LOADED and opens only when a line arrives on
 * stdin, so a test can time the lock guard without the module loading in front of it.
 */
import { once } from 'node:events';
import { openDatabase } from '../../src/db/client.js';

const [dataDir, flag] = process.argv.slice(2);
if (!dataDir) {
  console.error('usage: db-holder.ts <dataDir> [--wait]');
  process.exit(2);
}

if (flag === '--wait') {
  console.log('LOADED');
  await once(process.stdin, 'data');
  process.stdin.pause();
}

try {
  const database = await openDatabase({ dataDir });
  await database.db.execute('select 1');
  process.on('SIGTERM', () => {
    void database.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
  setInterval(() => {}, 60_000);
  console.log('READY');
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
