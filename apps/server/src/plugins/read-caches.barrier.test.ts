import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../db/schema/index.js';
import { created, startCatalogApp } from '../modules/products/products.test-support.js';
import { driver, type TestContext } from '../../test/harness.js';
import { BARRIER_CHANNEL, NotifyBarrier } from './read-caches.js';

let t: TestContext;
let orgId: string;
let productId: string;

beforeAll(async () => {
  const started = await startCatalogApp();
  ({ t, orgId } = started);
  const api = started.api;
  await created(api.post('/tax-classes', { code: 'barrier_t', nameEn: 'Standard', nameAr: 'قياسي', isDefault: true }));
  productId = (await created(api.post('/products', { sku: 'BARRIER-1', nameEn: 'Honey', nameAr: 'عسل' }))).id;
});
afterAll(async () => t?.close());

async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 3000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('not heard within 3 s');
    await new Promise((r) => setTimeout(r, 2));
  }
}

const notify = (channel: string) => (token: string) => t.app.ctx.db.execute(sql`select pg_notify(${channel}, ${token})`);

describe(`the write barrier (${driver})`, () => {
  it('hears every cache notification of a committed write before a barrier committed after it', async () => {
    // What the app's listener hears, in order: a cache channel's name, or the barrier's token.
    const heard: string[] = [];
    const stop = await t.database.listen(['cache_catalog', 'cache_sessions', BARRIER_CHANNEL], (payload, channel) =>
      heard.push(channel === BARRIER_CHANNEL ? payload : channel),
    );
    try {
      for (let i = 0; i < 40; i++) {
        heard.length = 0;
        // The write goes through the app's pool (on PostgreSQL another connection than the listener's);
        // every other round it also touches a table of the session cache in the same transaction.
        await t.app.ctx.db.transaction(async (tx) => {
          await tx
            .update(products)
            .set({ nameEn: `Honey ${i}` })
            .where(eq(products.id, productId));
          if (i % 2) await tx.execute(sql`update organizations set name = name where id = ${orgId}`);
        });
        const token = `round-${i}`;
        await notify(BARRIER_CHANNEL)(token);
        await until(() => heard.includes(token));
        const before = heard.slice(0, heard.indexOf(token));
        expect(before, `round ${i}`).toContain('cache_catalog');
        if (i % 2) expect(before, `round ${i}`).toContain('cache_sessions');
      }
    } finally {
      await stop();
    }
  });

  it('passes once its own token came back through the listener', async () => {
    const barrier = new NotifyBarrier(notify(BARRIER_CHANNEL), 2000);
    const stop = await t.database.listen(BARRIER_CHANNEL, (token) => barrier.heard(token));
    try {
      barrier.setListening(true);
      for (let i = 0; i < 5; i++) expect(await barrier.pass()).toBe(true);
      // Another process's token (a different prefix) passes nobody here.
      await notify(BARRIER_CHANNEL)('another-process:1');
      expect(await barrier.pass()).toBe(true);
    } finally {
      await stop();
    }
  });

  it('answers false, so the caller empties every cache, when the token does not come back in time', async () => {
    // Sent on a channel nobody listens to: it never comes back.
    const lost = new NotifyBarrier(notify('nobody_listens'), 300);
    lost.setListening(true);
    const started = Date.now();
    expect(await lost.pass()).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('answers false at once while the feed is down, and to a pass still waiting when it goes down', async () => {
    const barrier = new NotifyBarrier(notify('nobody_listens'), 60_000);
    expect(await barrier.pass()).toBe(false);
    barrier.setListening(true);
    const waiting = barrier.pass();
    await new Promise((r) => setTimeout(r, 50));
    barrier.setListening(false);
    expect(await waiting).toBe(false);
    const failing = new NotifyBarrier(() => Promise.reject(new Error('the database is unavailable')), 60_000);
    failing.setListening(true);
    expect(await failing.pass()).toBe(false);
  });
});
