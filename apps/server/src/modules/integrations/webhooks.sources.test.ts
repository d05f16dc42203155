import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, tokenFor } from '../../../test/factories.js';
import { createTestApp, driver, type TestContext } from '../../../test/harness.js';
import { multipart } from '../assets/assets.test-support.js';
import { ok, openSession, posWorld, saleBody, type PosWorld } from '../pos/pos.test-support.js';

// The events that are not born from an audit row: a sale or a return at the register, and a product import's end.
let t: TestContext;
let w: PosWorld;
let admin: Record<string, string>;
const received: { type: string; data: Record<string, unknown> }[] = [];
let server: http.Server;
let url: string;

beforeAll(async () => {
  t = await createTestApp({ webhooksAllowPrivateNetworks: true });
  w = await posWorld(t.app);
  admin = bearer(await tokenFor(t.app, await createUser(t.app, { orgId: w.orgId, role: 'super_admin' })));
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push(JSON.parse(body));
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
}, 120_000);
afterAll(async () => {
  await new Promise<void>((r) => server?.close(() => r()));
  await t?.close();
});

const api = (method: 'GET' | 'POST' | 'PATCH', path: string, payload?: object, headers = admin) =>
  t.app.inject({ method, url: `/api/v1${path}`, headers, ...(payload ? { payload } : {}) });
// The register's one open session, shared by the tests that sell.
let opened: ReturnType<typeof openSession> | undefined;
const theSession = () => (opened ??= openSession(w));
const drain = async () => {
  for (let i = 0; i < 50; i++) if ((await t.app.ctx.jobs.runDue({ now: new Date(Date.now() + 3600_000) })) === 0) return;
  throw new Error('the queue did not drain');
};

describe(`webhook events from sales and imports (${driver})`, () => {
  it('queues nothing for a sale when no enabled endpoint wants sale.completed (read with the sale’s context)', async () => {
    const refunds = await ok(api('POST', '/webhook-endpoints', { url, events: ['sale.refunded'] }), 201);
    const off = await ok(api('POST', '/webhook-endpoints', { url, events: ['sale.completed'] }), 201);
    await ok(api('PATCH', `/webhook-endpoints/${off.id}`, { enabled: false, expectedUpdatedAt: off.updatedAt }));
    const session = await theSession();
    received.length = 0;
    await ok(w.call('POST', '/pos/orders', saleBody(w, session.id, [[0, 1]])), 201);
    await drain();
    expect(received).toEqual([]);
    const queued = await t.app.ctx.db.execute(sql`select count(*)::int as n from webhook_deliveries where org_id = ${w.orgId}`);
    expect((queued as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    // Neither endpoint takes part in the tests below.
    await ok(api('PATCH', `/webhook-endpoints/${refunds.id}`, { enabled: false, expectedUpdatedAt: refunds.updatedAt }));
  });

  it('sends sale.completed and sale.refunded with the receipt and each vendor’s share', async () => {
    await ok(api('POST', '/webhook-endpoints', { url, events: ['sale.completed', 'sale.refunded'] }), 201);
    const session = await theSession();
    received.length = 0;
    const sale = await ok(w.call('POST', '/pos/orders', saleBody(w, session.id, [[0, 2]])), 201);
    await drain();
    expect(received.map((e) => e.type)).toEqual(['sale.completed']);
    expect(received[0]!.data).toMatchObject({ id: sale.order.id, receiptNumber: sale.order.receiptNumber, register: w.register.name });
    expect(received[0]!.data.vendors).toEqual([expect.objectContaining({ vendorId: w.vendors[0]!.id, total: 10_000 })]);

    received.length = 0;
    const ret = await w.call('POST', `/pos/orders/${sale.order.id}/returns`, {
      id: randomUUID(),
      registerId: w.register.id,
      sessionId: session.id,
      lines: [{ lineId: sale.order.lines[0].id, quantity: 1, restock: true }],
    });
    expect(ret.statusCode, ret.body).toBe(201);
    await drain();
    expect(received.map((e) => e.type)).toEqual(['sale.refunded']);
    expect(received[0]!.data).toMatchObject({ id: ret.json().order.id });
  });

  it('sends import.completed with the counts when an import run ends', async () => {
    await ok(api('POST', '/webhook-endpoints', { url, events: ['import.completed', 'import.failed'] }), 201);
    const file = Buffer.from(`SKU,Name\nWH-${randomUUID().slice(0, 6)},Honey\n`);
    const form = multipart(file, 'hooks.csv', 'text/csv');
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/v1/product-import/imports',
      headers: { ...admin, ...form.headers },
      payload: form.payload,
    });
    expect(up.statusCode, up.body).toBe(201);
    const id = up.json().id as string;
    const step = async (action: 'dry-run' | 'run') => {
      const d = (await api('GET', `/product-import/imports/${id}`)).json();
      expect((await api('POST', `/product-import/imports/${id}/${action}`, { expectedUpdatedAt: d.updatedAt })).statusCode).toBe(202);
      await drain();
    };
    await step('dry-run');
    received.length = 0;
    await step('run');
    expect(received.map((e) => e.type)).toEqual(['import.completed']);
    expect(received[0]!.data, JSON.stringify(received[0])).toMatchObject({
      id,
      fileName: 'hooks.csv',
      counts: expect.objectContaining({ rows: 1, create: 1, error: 0 }),
    });
  });
});
