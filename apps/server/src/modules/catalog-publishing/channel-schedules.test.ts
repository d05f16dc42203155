import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import { and, eq } from 'drizzle-orm';
import { driver, type TestContext } from '../../../test/harness.js';
import type { catalogPublishingRoutes as c } from '@market/contracts';
import { jobsOf } from '../jobs/index.js';
import { catalogFixture, created, startCatalogApp, type Api } from '../products/products.test-support.js';
import { applySchedules } from './catalog-publishing.service.js';
import { nextScheduleDate, productsDue, SCHEDULE_JOB } from './channel-schedules.js';
import { checksumOf } from './snapshot-formats.js';

let t: TestContext;
let orgId: string;
let api: Api;
beforeAll(async () => {
  ({ t, orgId, api } = await startCatalogApp());
  await catalogFixture(t, api, orgId);
}, 120_000);
afterAll(async () => t?.close());

type Channel = { id: string; updatedAt: string };
type Summary = c.SnapshotSummary;
const HOUR = 3_600_000;
const full = { descriptionEn: 'Good', nameAr: 'عسل', descriptionAr: 'جيد', status: 'active' };

async function brandWith(names: string[]) {
  const brand = await created<{ id: string }>(
    api.post('/brands', { code: `s_${randomUUID().slice(0, 6)}`, nameEn: 'Seasonal', nameAr: 'موسمي' }),
  );
  const tag = randomUUID().slice(0, 6);
  const products = [];
  for (const [k, name] of names.entries())
    products.push(
      await created<{ id: string; sku: string }>(
        api.post('/products', { sku: `SCH-${tag}-${k}`, nameEn: name, brandId: brand.id, ...full }),
      ),
    );
  return { brand, products };
}
const channelFor = (brandId: string, body: Record<string, unknown>) =>
  created<Channel>(
    api.post('/catalog-publishing/channels', {
      kind: 'web',
      name: `Seasonal ${randomUUID().slice(0, 6)}`,
      locales: ['en', 'ar'],
      rules: { activeOnly: true, minCompleteness: 0, categoryIds: [], brandIds: [brandId], vendorIds: [] },
      ...body,
    }),
  );
const snapshots = (ch: Channel) => created<Summary[]>(api.get(`/catalog-publishing/channels/${ch.id}/snapshots`));
const items = async (ch: Channel, n: number) =>
  (await api.get(`/catalog-publishing/channels/${ch.id}/snapshots/${n}/export?format=json`)).json().items as c.FeedItem[];
/** Runs what is due at `now`, and says whether any schedule job failed. */
async function runAt(now: Date) {
  while ((await t.app.ctx.jobs.runDue({ now })) > 0);
  const failed = (await jobsOf(t.app.ctx.db, orgId, [SCHEDULE_JOB])).filter((j) => j.status === 'failed' || j.lastError);
  expect(failed.map((j) => j.lastError)).toEqual([]);
}

describe(`scheduled publish and unpublish dates (${driver})`, () => {
  it('finds the next date and the products whose date fell in a window', () => {
    const at = (h: number) => new Date(Date.UTC(2026, 0, 1, h)).toISOString();
    const s = [
      { productId: 'a', publishAt: at(1), unpublishAt: at(5) },
      { productId: 'b', publishAt: null, unpublishAt: at(3) },
      { productId: 'c', publishAt: at(3), unpublishAt: null },
    ];
    expect(nextScheduleDate(s, new Date(at(0)))?.toISOString()).toBe(at(1));
    expect(nextScheduleDate(s, new Date(at(1)))?.toISOString()).toBe(at(3));
    expect(nextScheduleDate(s, new Date(at(5)))).toBeNull();
    expect(productsDue(s, new Date(at(1)), new Date(at(3)))).toEqual(['b', 'c']);
    expect(productsDue(s, new Date(at(0)), new Date(at(1)))).toEqual(['a']);
    expect(productsDue(s, new Date(at(1)), new Date(at(2)))).toEqual([]);
  });

  it('adds and removes a scheduled product on its own at its date, and nothing else that changed since the publish', async () => {
    const { brand, products } = await brandWith(['Always', 'Summer jam', 'Winter soup', 'Renamed later']);
    const [always, summer, winter, renamed] = [products[0]!, products[1]!, products[2]!, products[3]!];
    const now = Date.now();
    const summerFrom = new Date(now + HOUR);
    const winterUntil = new Date(now + 2 * HOUR);
    // No removal passes unconfirmed on this channel: a scheduled one still applies (a person set its date).
    const ch = await channelFor(brand.id, {
      maxRemovalPercent: 0,
      schedules: [
        { productId: summer.id, publishAt: summerFrom.toISOString(), unpublishAt: null },
        { productId: winter.id, publishAt: null, unpublishAt: winterUntil.toISOString() },
      ],
    });
    const first = await created<Summary>(api.post(`/catalog-publishing/channels/${ch.id}/publish`, {}));
    expect(first).toMatchObject({ number: 1, itemCount: 3, scheduled: false });
    await created(api.patch(`/products/${renamed.id}`, { nameEn: 'Renamed after the publish' }));

    // Before the date nothing happens.
    await runAt(new Date(summerFrom.getTime() - 60_000));
    expect((await snapshots(ch)).map((s) => s.number)).toEqual([1]);

    // At the publish date: snapshot 2 is snapshot 1 with the summer product, and not the rename.
    await runAt(new Date(summerFrom.getTime() + 1000));
    const [second] = await snapshots(ch);
    expect(second).toMatchObject({ number: 2, scheduled: true, itemCount: 4, added: 1, removed: 0, changed: 0 });
    const two = await items(ch, 2);
    expect(two.map((i) => i.sku)).toEqual([always.sku, summer.sku, winter.sku, renamed.sku].sort());
    expect(two.find((i) => i.id === renamed.id)!.names).toEqual({ en: 'Renamed later', ar: 'عسل' });
    expect(two.find((i) => i.id === summer.id)).toMatchObject({ names: { en: 'Summer jam', ar: 'عسل' } });
    expect(second!.checksum).toBe(checksumOf(two));

    // At the unpublish date: the winter product leaves, unconfirmed, as snapshot 3.
    await runAt(new Date(winterUntil.getTime() + 1000));
    const [third] = await snapshots(ch);
    expect(third).toMatchObject({ number: 3, scheduled: true, itemCount: 3, added: 0, removed: 1, changed: 0 });
    const three = await items(ch, 3);
    expect(three.map((i) => i.id).sort()).toEqual([always.id, summer.id, renamed.id].sort());
    expect(third!.checksum).toBe(checksumOf(three));
    const detail = await created<{ diff: { removed: { id: string }[] } }>(api.get(`/catalog-publishing/channels/${ch.id}/snapshots/3`));
    expect(detail.diff.removed).toEqual([{ id: winter.id, sku: winter.sku }]);

    // Recorded as the system's publish, not a person's.
    const audit = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, ch.id), eq(auditLog.action, 'publish')));
    expect(audit.map((a) => [a.actorId, (a.after as { scheduled: boolean }).scheduled])).toEqual(
      expect.arrayContaining([
        [expect.any(String), false],
        [null, true],
      ]),
    );

    // No date is left: later runs add nothing.
    await runAt(new Date(now + 48 * HOUR));
    expect((await snapshots(ch)).map((s) => s.number)).toEqual([3, 2, 1]);
  });

  it('follows a date that was moved, waits for a first publish, and changes nothing when run twice', async () => {
    const { brand, products } = await brandWith(['Early', 'Moved']);
    const [early, moved] = [products[0]!, products[1]!];
    const now = Date.now();
    const firstDate = new Date(now + HOUR);
    const movedTo = new Date(now + 3 * HOUR);
    const ch = await channelFor(brand.id, {
      schedules: [{ productId: moved.id, publishAt: firstDate.toISOString(), unpublishAt: null }],
    });
    // Never published: the date passes without a snapshot.
    await runAt(new Date(firstDate.getTime() + 1000));
    expect(await snapshots(ch)).toEqual([]);

    // Its date is moved later before the first publish: the product stays out until then.
    const onChannel = await created<Channel>(api.get(`/catalog-publishing/channels/${ch.id}`));
    const saved = await created<Channel>(
      api.patch(`/catalog-publishing/channels/${ch.id}`, {
        schedules: [{ productId: moved.id, publishAt: movedTo.toISOString(), unpublishAt: null }],
        expectedUpdatedAt: onChannel.updatedAt,
      }),
    );
    expect(saved.id).toBe(ch.id);
    const published = await created<Summary>(api.post(`/catalog-publishing/channels/${ch.id}/publish`, {}));
    expect(published).toMatchObject({ number: 1, itemCount: 1 });
    expect((await items(ch, 1)).map((i) => i.id)).toEqual([early.id]);

    await runAt(new Date(movedTo.getTime() - 60_000));
    expect((await snapshots(ch)).map((s) => s.number)).toEqual([1]);
    // The channel drops Arabic meanwhile: that waits for a person's publish, so the date adds to the snapshot as published.
    await created(api.patch(`/catalog-publishing/channels/${ch.id}`, { locales: ['en'], expectedUpdatedAt: saved.updatedAt }));
    await runAt(new Date(movedTo.getTime() + 1000));
    expect((await snapshots(ch))[0]).toMatchObject({ number: 2, scheduled: true, added: 1 });
    const second = await created<{ locales: string[] }>(api.get(`/catalog-publishing/channels/${ch.id}/snapshots/2`));
    expect(second.locales).toEqual(['en', 'ar']);
    expect((await items(ch, 2)).find((i) => i.id === moved.id)!.names).toEqual({ en: 'Moved', ar: 'عسل' });

    // The same job run again (a worker that lost its lease, say) finds nothing left to change.
    const job = (await jobsOf(t.app.ctx.db, orgId, [SCHEDULE_JOB])).find(
      (j) => (j.payload as { channelId?: string }).channelId === ch.id && j.runAt.getTime() === movedTo.getTime(),
    )!;
    expect(job.status).toBe('done');
    const again = await applySchedules(
      job,
      { db: t.app.ctx.db, now: new Date(movedTo.getTime() + 2000), heartbeat: async () => {} },
      'http://localhost',
    );
    expect(again).toBeNull();
    expect((await snapshots(ch)).map((s) => s.number)).toEqual([2, 1]);
  });
});
