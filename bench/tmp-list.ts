import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { bearer, createUser, tokenFor } from '../apps/server/test/factories.js';
import { testConfig } from '../apps/server/test/harness.js';
import { openBench } from './lib/bench-db.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
const opened = await openBench('pglite', 'pglite-import');
const app = await buildApp({ config: testConfig({ dataDir: mkdtempSync(path.join(tmpdir(), 'x-')), databaseUrl: opened.url }), database: opened.database, webDist: null });
const db = app.ctx.db;
const org = ((await db.execute(sql`select org_id, count(*)::int n from products group by org_id order by n desc limit 1`)) as unknown as { rows: { org_id: string; n: number }[] }).rows[0]!;
console.log(org);
const user = await createUser(app, { orgId: org.org_id, role: 'super_admin' });
const h = bearer(await tokenFor(app, user));
const urls = ['/api/v1/products?limit=50&sort=name_asc&q=Product%201{i}', '/api/v1/products?limit=50&sort=price_desc&q=Product%202{i}', '/api/v1/products?limit=50&q=P6-1{i}', '/api/v1/products?limit=50&status=draft&q=Product%203{i}'];
async function round(label: string) {
  for (const url of urls) {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      const r = await app.inject({ method: 'GET', url: url.replace('{i}', String(i + (label === 'after' ? 5 : 0))), headers: h });
      if (r.statusCode !== 200) throw new Error(r.body);
      times.push(performance.now() - t);
    }
    console.log(label, url, times.map((x) => Math.round(x)).join(' '));
  }
}
await round('before');
const t = performance.now();
await db.execute(sql`analyze`);
console.log('analyze ms', Math.round(performance.now() - t));
await round('after');
await app.close();
await opened.database.close();
process.exit(0);
