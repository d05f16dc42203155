import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { posOrders, productVariants, vendorLedgerEntries } from '../../db/schema/index.js';
import { createTestApp, driver, testConfig, type TestContext } from '../../../test/harness.js';
import { freePort, spawnTs, type Child } from '../../../test/lib/child.js';
import { ok, openSession, posWorld, saleBody, type PosWorld } from './pos.test-support.js';

// R10 (issue 17): the server process is killed with SIGKILL in the middle of a burst of sales on PostgreSQL. After
// a restart every sale the server acknowledged is there, and sending every sale again (acknowledged or cut off)
// records each exactly once: stock, the session's totals and the vendor ledger agree with the orders.

const SENDERS = 6;
const KILL_AFTER_ACKS = 120;

let t: TestContext;
let w: PosWorld;
let dataDir: string;
let env: Record<string, string>;
let server: Child | null = null;

async function start(): Promise<Child> {
  const child = spawnTs('src/server.ts', [], env);
  await child.waitFor('is running at', 90_000);
  return child;
}

describe.runIf(driver === 'postgres')('R10: the server killed during a burst of sales (postgres)', () => {
  beforeAll(async () => {
    t = await createTestApp();
    w = await posWorld(t.app);
    const res = (await t.app.ctx.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
    const name = res.rows[0]!.name;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const port = await freePort();
    dataDir = mkdtempSync(path.join(tmpdir(), 'market-r10-'));
    env = {
      DATABASE_URL: url.toString(),
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      // The tokens of the test's users name the test app's issuer and are signed with its secret.
      PUBLIC_URL: testConfig().publicUrl,
      JWT_SECRET: testConfig().jwtSecret,
      DEMO_SEED: 'false',
      LOG_LEVEL: 'silent',
    };
  }, 120_000);
  afterAll(async () => {
    server?.kill('SIGKILL');
    await server?.exited(10_000).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
    await t?.close();
  });

  it('keeps every acknowledged sale and records each sale once after a resend', async () => {
    const session = await openSession(w, 0);
    const oil = w.items[0]!;
    // Stock enough for every sale the burst can send: the refusal of a sale past zero is not what is tested here.
    await t.app.ctx.db.update(productVariants).set({ stockQuantity: 100_000 }).where(eq(productVariants.id, oil.variantId!));
    server = await start();
    const base = `http://127.0.0.1:${env.PORT}`;

    const bodies = new Map<string, ReturnType<typeof saleBody>>();
    const acked = new Set<string>();
    const statuses = new Map<number | string, number>();
    const deadline = Date.now() + 60_000;
    let killed = false;
    const send = async (body: ReturnType<typeof saleBody>) => {
      const res = await fetch(`${base}/api/v1/pos/orders`, {
        method: 'POST',
        headers: { ...w.manager, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return res.status;
    };
    const sender = async () => {
      while (!killed) {
        const body = saleBody(w, session.id, [[0, 1]]);
        bodies.set(body.id, body);
        try {
          const status = await send(body);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (status === 201) acked.add(body.id);
        } catch {
          // Cut off by the kill: whether it was recorded is not known to the register, which sends it again.
          statuses.set('cut off', (statuses.get('cut off') ?? 0) + 1);
        }
        if (Date.now() > deadline) throw new Error(`no burst: ${JSON.stringify([...statuses])}\n${server!.output().slice(-2000)}`);
        if (acked.size >= KILL_AFTER_ACKS && !killed) {
          killed = true;
          server!.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: SENDERS }, sender));
    expect((await server.exited(10_000)).signal).toBe('SIGKILL');
    const unknown = [...bodies.keys()].filter((id) => !acked.has(id));

    server = await start();
    // Every acknowledged sale survived the kill.
    const stored = new Set(
      (await t.app.ctx.db.select({ id: posOrders.id }).from(posOrders).where(eq(posOrders.sessionId, session.id))).map((r) => r.id),
    );
    expect([...acked].filter((id) => !stored.has(id))).toEqual([]);
    // Sending everything again: the acknowledged answer the stored sale, the rest are recorded now or were already.
    for (const [id, body] of bodies) {
      const res = await fetch(`${base}/api/v1/pos/orders`, {
        method: 'POST',
        headers: { ...w.manager, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status, id).toBe(201);
      const { alreadyRecorded } = (await res.json()) as { alreadyRecorded: boolean };
      expect(alreadyRecorded, id).toBe(stored.has(id));
    }
    const committed = unknown.filter((id) => stored.has(id)).length;
    console.log(
      `R10: ${bodies.size} sales sent, ${acked.size} acknowledged before the kill, ${unknown.length} cut off ` +
        `(${committed} of them had committed); after the resend each is recorded once`,
    );

    const n = bodies.size;
    const orders = await t.app.ctx.db.select({ id: posOrders.id }).from(posOrders).where(eq(posOrders.sessionId, session.id));
    expect(orders.length).toBe(n);
    const [v] = await t.app.ctx.db.select().from(productVariants).where(eq(productVariants.id, oil.variantId!));
    expect(v!.stockQuantity).toBe(100_000 - n);
    const sales = await t.app.ctx.db
      .select({ n: sql<number>`count(*)::int`, sum: sql<number>`coalesce(sum(amount), 0)::bigint` })
      .from(vendorLedgerEntries)
      .where(and(eq(vendorLedgerEntries.vendorId, w.vendors[0]!.id), eq(vendorLedgerEntries.entryType, 'sale')));
    expect(sales[0]!.n).toBe(n);
    expect(Number(sales[0]!.sum)).toBe(-n * oil.price);
    // The session's running totals (what the Z report is made of) count each sale once.
    const z = await ok(w.call('POST', `/pos/sessions/${session.id}/close`, { counted: [{ tender: 'cash', amount: n * oil.price }] }));
    expect(z.session).toMatchObject({ saleCount: n, grossSales: n * oil.price });
    expect(z.session.closing).toContainEqual({ tender: 'cash', expected: n * oil.price, counted: n * oil.price, difference: 0 });
  }, 300_000);
});
