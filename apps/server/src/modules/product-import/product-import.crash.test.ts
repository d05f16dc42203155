import { rmSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, productImportRows, productImports, productVersions, products } from '../../db/schema/index.js';
import { bearer, createOrg, createUser, tokenFor } from '../../../test/factories.js';
import { createTestApp, driver, testConfig, type TestContext } from '../../../test/harness.js';
import { freePort, spawnTs, type Child } from '../../../test/lib/child.js';
import { multipart } from '../assets/assets.test-support.js';

// R10 (issue 18): the server process running an import is killed with SIGKILL after some batches committed. The
// database then holds whole batches only (as many products as committed rows, never part of a batch); after a
// restart the run resumes from the last committed batch and completes with every row written exactly once.

const ROWS = 3_000;

let t: TestContext;
let env: Record<string, string>;
let server: Child | null = null;
let tmp: string;

async function start(): Promise<Child> {
  const child = spawnTs('src/server.ts', [], env);
  await child.waitFor('is running at', 90_000);
  return child;
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, what: string, ms = 120_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}\n${server?.output().slice(-2000) ?? ''}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.runIf(driver === 'postgres')('R10: the server killed during an import (postgres)', () => {
  beforeAll(async () => {
    t = await createTestApp();
    const res = (await t.app.ctx.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${res.rows[0]!.name}`;
    tmp = mkdtempSync(path.join(tmpdir(), 'market-r10-import-'));
    env = {
      DATABASE_URL: url.toString(),
      // The same file store as the test app: the server reads the file the test uploaded.
      DATA_DIR: t.app.ctx.config.dataDir,
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      PUBLIC_URL: testConfig().publicUrl,
      JWT_SECRET: testConfig().jwtSecret,
      DEMO_SEED: 'false',
      LOG_LEVEL: 'silent',
    };
  }, 120_000);
  afterAll(async () => {
    server?.kill('SIGKILL');
    await server?.exited(10_000).catch(() => undefined);
    rmSync(tmp, { recursive: true, force: true });
    await t?.close();
  });

  it('leaves whole batches only, then resumes and writes every row once', async () => {
    const org = await createOrg(t.app);
    const auth = bearer(await tokenFor(t.app, await createUser(t.app, { orgId: org.id, role: 'inventory' })));
    const prefix = `R10-${Date.now().toString(36)}`;
    const lines = ['SKU,Name,الاسم'];
    for (let i = 0; i < ROWS; i++) lines.push(`${prefix}-${i},Item ${i},صنف ${i}`);
    const form = multipart(Buffer.from(lines.join('\n')), 'r10.csv', 'text/csv');
    const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
      const r = await t.app.inject({ method, url: `/api/v1${url}`, headers: auth, ...(payload ? { payload } : {}) });
      expect(r.statusCode, r.body).toBeLessThan(300);
      return r.json() as { id: string; updatedAt: string; state: string };
    };
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/v1/product-import/imports',
      headers: { ...auth, ...form.headers },
      payload: form.payload,
    });
    expect(up.statusCode, up.body).toBe(201);
    const id = (up.json() as { id: string }).id;
    let d = await call('GET', `/product-import/imports/${id}`);
    await call('POST', `/product-import/imports/${id}/dry-run`, { expectedUpdatedAt: d.updatedAt });
    while ((await t.app.ctx.jobs.runDue()) > 0);
    d = await call('GET', `/product-import/imports/${id}`);
    expect(d.state).toBe('validated');
    await call('POST', `/product-import/imports/${id}/run`, { expectedUpdatedAt: d.updatedAt });

    const state = async () => (await t.app.ctx.db.select().from(productImports).where(eq(productImports.id, id)))[0]!;
    const written = async () =>
      Number(
        (
          await t.app.ctx.db
            .select({ n: sql<number>`count(*)::int` })
            .from(products)
            .where(and(eq(products.orgId, org.id), sql`${products.sku} like ${`${prefix}-%`}`))
        )[0]!.n,
      );

    // The server's own job runner takes the run; it is killed once a few batches committed.
    server = await start();
    await until(state, (s) => s.committedRows >= 1_000, 'two committed batches');
    server.kill('SIGKILL');
    expect((await server.exited(10_000)).signal).toBe('SIGKILL');
    server = null;

    const cut = await state();
    expect(cut.state).toBe('running');
    expect(cut.committedRows % 500, 'whole batches only').toBe(0);
    expect(cut.committedRows).toBeLessThan(ROWS);
    expect(await written(), 'no product of a batch that did not commit').toBe(cut.committedRows);
    const runRows = async () =>
      Number(
        (
          await t.app.ctx.db
            .select({ n: sql<number>`count(*)::int` })
            .from(productImportRows)
            .where(and(eq(productImportRows.importId, id), eq(productImportRows.phase, 'run')))
        )[0]!.n,
      );
    expect(await runRows()).toBe(cut.committedRows);

    // The killed worker's lease would run out within a minute; the test lets that time pass at once.
    await t.app.ctx.db
      .update(jobs)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(and(eq(jobs.orgId, org.id), eq(jobs.status, 'running')));
    server = await start();
    const done = await until(state, (s) => s.state === 'completed', 'the resumed run to complete');
    expect(done.run).toMatchObject({ rows: ROWS, create: ROWS, error: 0 });
    expect(await written()).toBe(ROWS);
    expect(await runRows()).toBe(ROWS);
    const twice = await t.app.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(productVersions)
      .innerJoin(products, eq(products.id, productVersions.productId))
      .where(and(eq(products.orgId, org.id), sql`${productVersions.version} > 1`));
    expect(twice[0]!.n, 'no product written twice').toBe(0);
    console.log(`R10 import: killed after ${cut.committedRows} of ${ROWS} rows committed; resumed and completed with ${ROWS} products`);
  }, 300_000);
});
