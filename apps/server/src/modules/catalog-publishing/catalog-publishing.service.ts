import { randomBytes } from 'node:crypto';
import type { catalogPublishingRoutes as c } from '@market/contracts';
import { CHANNEL_LIMITS, type ChannelLocale } from '@market/contracts/plain';
import type { Db, DbOrTx } from '../../db/client.js';
import { refreshStatistics, STATISTICS_AFTER_ROWS } from '../../db/statistics.js';
import { catalogChannels } from '../../db/schema/index.js';
import type { Caller } from '../../lib/api-route.js';
import { lockUnchanged } from '../../lib/concurrency.js';
import { conflict, invalid, isUniqueViolation, notFound } from '../../lib/errors.js';
import { recordAudit, type AuditBy } from '../audit/index.js';
import type { JobContext, JobRow } from '../jobs/index.js';
import { publicObjectUrl } from '../storage/index.js';
import { and, eq } from 'drizzle-orm';
import * as repo from './catalog-publishing.repository.js';
import { includedIds, previewPage, type RuleFacts } from './publication-rules.repository.js';
import { itemChecksum } from './snapshot-formats.js';
import { hashFeedToken } from './feed-token.js';
import { IDLE, progressOf, startProgress } from './publish-progress.js';
import { productsDue, queueNextSchedule, type ScheduleJobPayload } from './channel-schedules.js';

// Channels, preview, publishing and rollback (decision 021).

const DEFAULT_RULES = { activeOnly: true, minCompleteness: 0, categoryIds: [], brandIds: [], vendorIds: [] };

function toSummary(s: repo.SnapshotSummaryRow): c.SnapshotSummary {
  return {
    id: s.id,
    number: s.number,
    itemCount: s.itemCount,
    checksum: s.checksum,
    added: s.addedCount,
    removed: s.removedCount,
    changed: s.changedCount,
    rolledBackFrom: s.rolledBackFrom,
    scheduled: s.scheduled,
    itemsKept: s.itemsPrunedAt === null,
    createdAt: s.createdAt.toISOString(),
  };
}

/** A snapshot older than the channel's `keepSnapshots` has no items left to download or republish. */
function assertItemsKept(ch: repo.ChannelRow, s: repo.SnapshotRow): void {
  if (s.itemsPrunedAt)
    throw conflict(
      `Snapshot ${s.number}'s items are no longer kept: this channel keeps the items of its latest ${ch.keepSnapshots} snapshots`,
    );
}

function toChannel(r: repo.ChannelRow, latest: repo.SnapshotSummaryRow | null | undefined): c.Channel {
  return {
    id: r.id,
    kind: r.kind,
    name: r.name,
    locales: r.locales as ChannelLocale[],
    currencies: r.currencies,
    categoryRootId: r.categoryRootId,
    requirements: r.requirements,
    rules: r.rules,
    includeIds: r.includeIds,
    excludeIds: r.excludeIds,
    schedules: r.schedules,
    maxRemovalPercent: r.maxRemovalPercent,
    keepSnapshots: r.keepSnapshots,
    productUrlTemplate: r.productUrlTemplate,
    hasFeedToken: r.feedTokenHash !== null,
    latestSnapshot: latest ? toSummary(latest) : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** An audit snapshot without the token hash. */
const audited = (r: repo.ChannelRow) => ({ ...r, feedTokenHash: r.feedTokenHash ? '(set)' : null });

const nameTaken = () =>
  conflict('Another channel already has this name', [{ field: 'name', message: 'is already used by another channel' }]);

async function channelOrThrow(db: DbOrTx, caller: Caller, id: string, lock = false): Promise<repo.ChannelRow> {
  const row = await repo.findChannel(db, caller.orgId, id, lock);
  if (!row) throw notFound('Channel');
  return row;
}

export async function channelOptions(db: Db, caller: Caller): Promise<c.ChannelOptions> {
  return repo.channelOptions(db, caller.orgId);
}

export async function listChannels(db: Db, caller: Caller): Promise<c.Channel[]> {
  const rows = await repo.listChannels(db, caller.orgId);
  const latest = await repo.latestSnapshots(
    db,
    caller.orgId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toChannel(r, latest.get(r.id)));
}

export async function getChannel(db: Db, caller: Caller, id: string): Promise<c.Channel> {
  const row = await channelOrThrow(db, caller, id);
  return toChannel(row, (await repo.latestSnapshots(db, caller.orgId, [id])).get(id));
}

type ChannelFields = Omit<c.ChannelUpdate, 'expectedUpdatedAt'>;

/** Every id a channel names must be the organization's own; rule categories must sit under the category root. */
async function assertFields(tx: DbOrTx, orgId: string, f: ChannelFields, rootId: string | null): Promise<void> {
  const first = async (field: string, what: Parameters<typeof repo.notOwned>[2], ids: readonly string[] | undefined, message: string) => {
    if (!ids?.length) return;
    const bad = await repo.notOwned(tx, orgId, what, ids);
    if (bad.length) throw invalid(`${field}.${ids.indexOf(bad[0]!)}`, message);
  };
  if (f.categoryRootId && (await repo.notOwned(tx, orgId, 'categories', [f.categoryRootId])).length)
    throw invalid('categoryRootId', 'is not a category');
  if (f.currencies?.length) {
    const known = new Set((await repo.orgCurrencies(tx, orgId)).map((x) => x.code));
    const i = f.currencies.findIndex((x) => !known.has(x));
    if (i >= 0) throw invalid(`currencies.${i}`, 'is not an active currency of the organization');
  }
  if (f.requirements?.length) {
    const familyIds = f.requirements.map((r) => r.familyId);
    await first('requirements', 'families', familyIds, 'is not an attribute family');
    const attrs = await repo.familyAttributeIds(tx, orgId, familyIds);
    f.requirements.forEach((r, i) => {
      const j = r.attributeIds.findIndex((a) => !attrs.get(r.familyId)?.has(a));
      if (j >= 0) throw invalid(`requirements.${i}.attributeIds.${j}`, 'is not an attribute of this family');
    });
  }
  if (f.rules) {
    await first('rules.categoryIds', 'categories', f.rules.categoryIds, 'is not a category');
    if (rootId && f.rules.categoryIds.length) {
      const under = await repo.subtreeOf(tx, orgId, [rootId]);
      const i = f.rules.categoryIds.findIndex((x) => !under.has(x));
      if (i >= 0) throw invalid(`rules.categoryIds.${i}`, "is not under the channel's category root");
    }
    await first('rules.brandIds', 'brands', f.rules.brandIds, 'is not a brand');
    await first('rules.vendorIds', 'vendors', f.rules.vendorIds, 'is not a vendor');
  }
  await first('includeIds', 'products', f.includeIds, 'is not a product');
  await first('excludeIds', 'products', f.excludeIds, 'is not a product');
  await first(
    'schedules',
    'products',
    f.schedules?.map((s) => s.productId),
    'is not a product',
  );
  const both = (f.includeIds ?? []).findIndex((x) => f.excludeIds?.includes(x));
  if (both >= 0) throw invalid(`includeIds.${both}`, 'is also in the exclude list');
}

const schedulesOf = (s: ChannelFields['schedules']) =>
  s?.map((x) => ({
    productId: x.productId,
    publishAt: x.publishAt ? new Date(x.publishAt).toISOString() : null,
    unpublishAt: x.unpublishAt ? new Date(x.unpublishAt).toISOString() : null,
  }));

export async function createChannel(db: Db, caller: Caller, input: c.ChannelCreate): Promise<c.Channel> {
  try {
    return await db.transaction(async (tx) => {
      await assertFields(tx, caller.orgId, input, input.categoryRootId ?? null);
      const row = await repo.insertChannel(tx, {
        orgId: caller.orgId,
        kind: input.kind,
        name: input.name,
        locales: input.locales,
        currencies: input.currencies ?? [],
        categoryRootId: input.categoryRootId ?? null,
        requirements: input.requirements ?? [],
        rules: input.rules ?? DEFAULT_RULES,
        includeIds: input.includeIds ?? [],
        excludeIds: input.excludeIds ?? [],
        schedules: schedulesOf(input.schedules) ?? [],
        maxRemovalPercent: input.maxRemovalPercent ?? 20,
        keepSnapshots: input.keepSnapshots ?? CHANNEL_LIMITS.keepSnapshots.default,
        productUrlTemplate: input.productUrlTemplate ?? null,
      });
      await repo.refreshChannelCompleteness(tx, caller.orgId, { channelId: row.id });
      await queueNextSchedule(tx, row, new Date());
      await recordAudit(tx, caller, { action: 'create', entityType: 'catalog_channel', entityId: row.id, after: audited(row) });
      return toChannel(row, null);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
}

export async function updateChannel(db: Db, caller: Caller, id: string, input: c.ChannelUpdate): Promise<c.Channel> {
  try {
    const { channel, pruned } = await db.transaction(async (tx) => {
      const where = and(eq(catalogChannels.orgId, caller.orgId), eq(catalogChannels.id, id));
      await lockUnchanged(tx, catalogChannels, where, input.expectedUpdatedAt);
      const before = await channelOrThrow(tx, caller, id);
      const { expectedUpdatedAt: _stamp, ...fields } = input;
      const rootId = fields.categoryRootId !== undefined ? fields.categoryRootId : before.categoryRootId;
      // A new root re-checks the rule's categories already stored.
      await assertFields(
        tx,
        caller.orgId,
        { ...fields, rules: fields.rules ?? (rootId !== before.categoryRootId ? before.rules : undefined) },
        rootId,
      );
      const after = await repo.updateChannel(tx, caller.orgId, id, { ...fields, schedules: schedulesOf(fields.schedules) });
      // Completeness depends on the locales and the requirements only.
      if (fields.locales !== undefined || fields.requirements !== undefined)
        await repo.refreshChannelCompleteness(tx, caller.orgId, { channelId: id });
      if (fields.schedules !== undefined) await queueNextSchedule(tx, after, new Date());
      // Keeping fewer snapshots lets go of the older ones' items now, not at the next publish.
      const pruned = fields.keepSnapshots !== undefined ? await repo.pruneSnapshotItems(tx, caller.orgId, id, after.keepSnapshots) : [];
      await recordAudit(tx, caller, {
        action: 'update',
        entityType: 'catalog_channel',
        entityId: id,
        before: audited(before),
        after: { ...audited(after), ...(pruned.length ? { prunedSnapshots: pruned } : {}) },
      });
      return { channel: toChannel(after, (await repo.latestSnapshots(tx, caller.orgId, [id])).get(id)), pruned };
    });
    await reclaimSpace(db, pruned);
    return channel;
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
}

export async function completeness(db: Db, caller: Caller, id: string): Promise<c.ChannelCompleteness> {
  const ch = await channelOrThrow(db, caller, id);
  const rows = await repo.completenessRows(db, caller.orgId, id);
  const products = new Map((await repo.ruleProducts(db, caller.orgId)).map((p) => [p.id, p]));
  const byProduct = new Map<string, Record<string, { score: number; required: number; missing: string[] }>>();
  for (const r of rows) {
    if (!byProduct.has(r.productId)) byProduct.set(r.productId, {});
    byProduct.get(r.productId)![r.locale] = { score: r.score, required: r.required, missing: r.missing };
  }
  const locales = (ch.locales as ChannelLocale[]).map((locale) => {
    const scores = rows.filter((r) => r.locale === locale).map((r) => r.score);
    return {
      locale,
      products: scores.length,
      complete: scores.filter((s) => s === 100).length,
      averageScore: scores.length ? Math.floor(scores.reduce((a, b) => a + b, 0) / scores.length) : 0,
    };
  });
  const lowestScore = (c: Record<string, { score: number }>) => Math.min(...Object.values(c).map((x) => x.score));
  const lowest = [...byProduct.entries()]
    .filter(([, c]) => lowestScore(c) < 100)
    .sort((a, b) => lowestScore(a[1]) - lowestScore(b[1]) || (a[0] < b[0] ? -1 : 1))
    .slice(0, 50)
    .flatMap(([pid, comp]) => {
      const p = products.get(pid);
      return p ? [{ productId: pid, sku: p.sku, nameEn: p.nameEn, nameAr: p.nameAr, completeness: comp }] : [];
    });
  return { locales, lowest };
}

/** The category subtrees a channel's rules name, and the time the rules are evaluated at. */
async function ruleFacts(db: DbOrTx, orgId: string, ch: repo.ChannelRow, now: Date): Promise<RuleFacts> {
  return {
    rootSubtree: ch.categoryRootId ? [...(await repo.subtreeOf(db, orgId, [ch.categoryRootId]))] : null,
    ruleSubtree: ch.rules.categoryIds.length ? [...(await repo.subtreeOf(db, orgId, ch.rules.categoryIds))] : null,
    now,
  };
}

const SEP = '~';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/**
 * A page of what the channel would show, in SKU order, each product with why it is in or out, and the totals over the
 * whole catalogue. PostgreSQL evaluates the rules (publication-rules.repository.ts); the cursor is the last row's
 * position in the SKU order (base64url of "sku~id"), never an offset.
 */
export async function preview(
  db: Db,
  caller: Caller,
  id: string,
  q: { cursor?: string; limit?: number; show?: 'all' | 'in' | 'out' },
): Promise<c.PreviewPage> {
  const ch = await channelOrThrow(db, caller, id);
  let after: { sku: string; id: string } | null = null;
  if (q.cursor) {
    const raw = Buffer.from(q.cursor, 'base64url').toString('utf8');
    const cut = raw.lastIndexOf(SEP);
    const pid = raw.slice(cut + 1);
    if (cut < 0 || !UUID.test(pid)) throw invalid('cursor', 'is not a cursor of this list');
    after = { sku: raw.slice(0, cut), id: pid };
  }
  const limit = q.limit ?? 50;
  const page = await previewPage(db, caller.orgId, ch, await ruleFacts(db, caller.orgId, ch, new Date()), {
    after,
    limit: limit + 1,
    show: q.show ?? 'all',
  });
  const items = page.items.slice(0, limit);
  const last = items[items.length - 1];
  const nextCursor = page.items.length > limit && last ? Buffer.from(`${last.sku}${SEP}${last.id}`).toString('base64url') : null;
  return { items, nextCursor, totals: { included: page.included, excluded: page.excluded } };
}

/** How many entries of each diff list a snapshot keeps (the counts are whole; the feed has every item). */
export const SNAPSHOT_DIFF_LIST = 1000;
const ITEM_BATCH = 1000;

/** Prices in the channel's currencies, from the base price. */
type Pricing = { codes: string[]; curr: Awaited<ReturnType<typeof repo.orgCurrencies>> };

async function pricingOf(db: DbOrTx, orgId: string, ch: repo.ChannelRow): Promise<Pricing> {
  const curr = await repo.orgCurrencies(db, orgId);
  const base = curr.find((x) => x.isBase);
  return { curr, codes: ch.currencies.length ? ch.currencies : base ? [base.code] : [] };
}

/** The items of some products the channel shows now, in its locales and currencies, in the order of `ids`. */
async function buildItems(
  db: DbOrTx,
  orgId: string,
  ch: repo.ChannelRow,
  ids: string[],
  pricing: Pricing,
  publicUrl: string,
): Promise<c.FeedItem[]> {
  const { curr, codes } = pricing;
  const base = curr.find((x) => x.isBase);
  const facts = new Map((await repo.feedFacts(db, orgId, ids)).map((f) => [String(f.id), f]));
  return ids.flatMap((id) => {
    const f = facts.get(id);
    if (!f) return [];
    const price = Number(f.price_minor);
    const prices: Record<string, number> = {};
    for (const code of codes) {
      const cur = curr.find((x) => x.code === code);
      if (!cur) continue;
      if (!base || cur.isBase) prices[code] = price;
      // Base minor units to this currency's minor units at its rate (micros per base unit), rounded once.
      else prices[code] = Math.round((price * cur.rateMicros * 10 ** cur.minorDigits) / (1_000_000 * 10 ** base.minorDigits));
    }
    const pick = (en: unknown, ar: unknown) => Object.fromEntries(ch.locales.map((l) => [l, String((l === 'ar' ? ar : en) ?? '')]));
    const tracks = Number(f.variant_count) > 0;
    return [
      {
        id: String(f.id),
        sku: String(f.sku),
        names: pick(f.name_en, f.name_ar),
        descriptions: pick(f.description_en, f.description_ar),
        prices,
        brand: (f.brand as string | null) ?? null,
        categories: ((f.categories as string[] | null) ?? []).map(String),
        imageLink: f.image ? imageUrl(publicUrl, String(f.image)) : null,
        availability: !tracks || Number(f.stock) > 0 ? 'in_stock' : 'out_of_stock',
      },
    ];
  });
}

/** An absolute link to an image in the organization's public bucket (feeds are read off the site). */
function imageUrl(publicUrl: string, bucketAndPath: string): string {
  const cut = bucketAndPath.indexOf('/');
  return `${publicUrl.replace(/\/+$/, '')}${publicObjectUrl(bucketAndPath.slice(0, cut), bucketAndPath.slice(cut + 1))}`;
}

/**
 * Writes the next snapshot of a locked channel: `fill` stores its items and answers their count and checksum; the diff
 * against the snapshot before is then computed by PostgreSQL. A snapshot that removes more than the channel's share
 * unconfirmed is refused (the caller's transaction rolls the items back with it).
 */
async function writeSnapshot(
  tx: DbOrTx,
  by: AuditBy & { orgId: string },
  ch: repo.ChannelRow,
  opts: { confirm?: boolean; rolledBackFrom?: number; scheduled?: boolean; currencies: string[] },
  fill: (snapshotId: string) => Promise<{ itemCount: number; checksum: string }>,
): Promise<Written> {
  const prev = await repo.findSnapshot(tx, by.orgId, ch.id);
  const started = await repo.insertSnapshot(tx, {
    orgId: by.orgId,
    channelId: ch.id,
    number: (prev?.number ?? 0) + 1,
    locales: ch.locales,
    currencies: opts.currencies,
    itemCount: 0,
    checksum: '',
    diff: { added: [], removed: [], changed: [] },
    rolledBackFrom: opts.rolledBackFrom ?? null,
    scheduled: opts.scheduled ?? false,
    createdBy: by.userId,
  });
  const filled = await fill(started.id);
  const diff = await repo.diffSnapshots(tx, prev?.id ?? null, started.id, SNAPSHOT_DIFF_LIST);
  const before = prev?.itemCount ?? 0;
  const share = before ? (diff.removedCount * 100) / before : 0;
  if (share > ch.maxRemovalPercent && !opts.confirm)
    throw conflict(
      `This would remove ${diff.removedCount} of the channel's ${before} items, more than ${ch.maxRemovalPercent}%; send it again with confirm: true to publish`,
      [{ field: 'confirm', message: `would remove ${diff.removedCount} of ${before} items` }],
    );
  const row = await repo.finishSnapshot(tx, started.id, { ...filled, ...diff });
  // Storage stays bounded: past the channel's count, the oldest snapshot's items go in the same transaction.
  const pruned = await repo.pruneSnapshotItems(tx, by.orgId, ch.id, ch.keepSnapshots);
  await recordAudit(tx, by, {
    action: opts.rolledBackFrom ? 'rollback' : 'publish',
    entityType: 'catalog_channel',
    entityId: ch.id,
    after: {
      number: row.number,
      itemCount: row.itemCount,
      checksum: row.checksum,
      rolledBackFrom: row.rolledBackFrom,
      scheduled: row.scheduled,
      ...(pruned.length ? { prunedSnapshots: pruned } : {}),
    },
  });
  return { summary: toSummary(row), pruned };
}

/** A snapshot written, and the numbers whose items it let go of (their space is reclaimed once it commits). */
interface Written {
  summary: c.SnapshotSummary;
  pruned: number[];
}

/** After the transaction that wrote a snapshot or lowered the count: the space of the items let go of, reclaimed. */
async function reclaimSpace(db: Db, pruned: number[]): Promise<void> {
  if (pruned.length) await repo.reclaimItemSpace(db);
}

/**
 * Publishes what the channel shows now as its next snapshot. PostgreSQL picks the products (publication-rules); their
 * items are built and stored a thousand at a time, in feed order, the checksum hashed as they go, so a catalogue of
 * any size is published with bounded memory.
 */
export async function publish(
  db: Db,
  caller: Caller,
  id: string,
  input: { confirm?: boolean },
  publicUrl: string,
): Promise<c.SnapshotSummary> {
  // Counted from the start, before any database work: on embedded PGlite the progress read must not wait for this
  // transaction to learn that the channel is the caller's.
  const progress = startProgress(caller.orgId, id);
  const written = await db
    .transaction(async (tx) => {
      // The channel's row lock serialises publishes of one channel, so snapshot numbers never collide.
      const ch = await channelOrThrow(tx, caller, id, true);
      const included = await includedIds(tx, caller.orgId, ch, await ruleFacts(tx, caller.orgId, ch, new Date()));
      const pricing = await pricingOf(tx, caller.orgId, ch);
      progress.total(included.length);
      return writeSnapshot(tx, caller, ch, { ...input, currencies: pricing.codes }, async (snapshotId) => {
        const sum = itemChecksum();
        let itemCount = 0;
        for (let i = 0; i < included.length; i += ITEM_BATCH) {
          const items = await buildItems(tx, caller.orgId, ch, included.slice(i, i + ITEM_BATCH), pricing, publicUrl);
          await repo.insertItems(tx, caller.orgId, snapshotId, items, itemCount);
          for (const item of items) sum.add(item);
          itemCount += items.length;
          progress.advance(items.length);
          // Embedded PGlite answers without I/O, so a publish would otherwise hold the event loop to its end: between
          // batches, requests that need no database (this progress, health) are answered.
          await new Promise((resolve) => setImmediate(resolve));
        }
        return { itemCount, checksum: sum.digest() };
      });
    })
    .finally(progress.end);
  await reclaimSpace(db, written.pruned);
  const { summary } = written;
  if (summary.itemCount >= STATISTICS_AFTER_ROWS) await refreshStatistics(db, ['catalog_snapshot_items']);
  return summary;
}

/**
 * How far the channel's publish in progress has come: this process's count, with no database work while it runs;
 * otherwise the channel is looked up (404 when it is not the caller's) and none is running.
 */
export async function publishProgress(db: Db, caller: Caller, id: string): Promise<c.PublishProgress> {
  const running = progressOf(caller.orgId, id);
  if (running) return running;
  await channelOrThrow(db, caller, id);
  return progressOf(caller.orgId, id) ?? IDLE;
}

/** Republishes an earlier snapshot's items as the next snapshot (copied in the database; the same checksum). */
export async function rollback(db: Db, caller: Caller, id: string, n: number, input: { confirm?: boolean }): Promise<c.SnapshotSummary> {
  const written = await db.transaction(async (tx) => {
    const ch = await channelOrThrow(tx, caller, id, true);
    const earlier = await repo.findSnapshot(tx, caller.orgId, id, n);
    if (!earlier) throw notFound('Snapshot');
    assertItemsKept(ch, earlier);
    return writeSnapshot(
      tx,
      caller,
      ch,
      { ...input, rolledBackFrom: earlier.number, currencies: earlier.currencies },
      async (snapshotId) => ({
        itemCount: await repo.copyItems(tx, earlier.id, snapshotId),
        checksum: earlier.checksum,
      }),
    );
  });
  await reclaimSpace(db, written.pruned);
  return written.summary;
}

/**
 * A schedule job's run (decision 021): the products whose publish or unpublish date fell since the job was queued are
 * evaluated now, with every rule, and those whose place changed are added to or removed from the published snapshot
 * as its next number (`scheduled`), with nothing else of the catalogue that changed since. A channel never published
 * gets no snapshot. The channel's next date is queued in the same transaction.
 */
export async function applySchedules(job: JobRow, ctx: JobContext, publicUrl: string): Promise<c.SnapshotSummary | null> {
  const orgId = job.orgId;
  const { channelId, after } = job.payload as ScheduleJobPayload;
  if (!orgId || !channelId) return null;
  const written = await ctx.db.transaction(async (tx) => {
    const ch = await repo.findChannel(tx, orgId, channelId, true);
    if (!ch) return null;
    await queueNextSchedule(tx, ch, ctx.now);
    const due = productsDue(ch.schedules, new Date(after), ctx.now);
    const latest = due.length ? await repo.findSnapshot(tx, orgId, ch.id) : null;
    if (!latest) return null;
    const included = new Set(await includedIds(tx, orgId, ch, await ruleFacts(tx, orgId, ch, ctx.now), due));
    const shown = await repo.publishedAmong(tx, ch.id, due);
    const add = due.filter((id) => included.has(id) && !shown.has(id));
    const remove = due.filter((id) => !included.has(id) && shown.has(id));
    if (!add.length && !remove.length) return null;
    // The snapshot as published: its locales and currencies, not the channel's edits since.
    const published = { ...ch, locales: latest.locales };
    const currencies = latest.currencies.length ? latest.currencies : await repo.firstItemCurrencies(tx, latest.id);
    const pricing = { ...(await pricingOf(tx, orgId, ch)), codes: currencies };
    const items = await buildItems(tx, orgId, published, add, pricing, publicUrl);
    // Each date was set by a person on purpose, so removals need no confirmation.
    const system = { userId: null, orgId };
    return writeSnapshot(tx, system, published, { confirm: true, scheduled: true, currencies }, async (snapshotId) => {
      const itemCount = await repo.copyItemsChanged(tx, orgId, latest.id, snapshotId, remove, items);
      const sum = itemChecksum();
      for await (const page of repo.snapshotItemPages(tx, snapshotId)) for (const item of page) sum.add(item);
      return { itemCount, checksum: sum.digest() };
    });
  });
  if (!written) return null;
  await reclaimSpace(ctx.db, written.pruned);
  return written.summary;
}

export async function listSnapshots(db: Db, caller: Caller, id: string): Promise<c.SnapshotSummary[]> {
  await channelOrThrow(db, caller, id);
  return (await repo.listSnapshots(db, caller.orgId, id)).map(toSummary);
}

export async function getSnapshot(db: Db, caller: Caller, id: string, n: number): Promise<c.SnapshotDetail> {
  const s = await repo.findSnapshot(db, caller.orgId, id, n);
  if (!s) throw notFound('Snapshot');
  return { ...toSummary(s), diff: s.diff, locales: s.locales, currencies: s.currencies };
}

export async function snapshotForExport(db: Db, caller: Caller, id: string, n: number) {
  const ch = await channelOrThrow(db, caller, id);
  const s = await repo.findSnapshot(db, caller.orgId, id, n);
  if (!s) throw notFound('Snapshot');
  assertItemsKept(ch, s);
  return { channel: ch, snapshot: s };
}

export async function rotateFeedToken(db: Db, caller: Caller, id: string): Promise<c.FeedToken> {
  return db.transaction(async (tx) => {
    const before = await channelOrThrow(tx, caller, id, true);
    const token = randomBytes(32).toString('base64url');
    await repo.updateChannel(tx, caller.orgId, id, { feedTokenHash: hashFeedToken(token) });
    await recordAudit(tx, caller, {
      action: before.feedTokenHash ? 'rotate_feed_token' : 'create_feed_token',
      entityType: 'catalog_channel',
      entityId: id,
    });
    return { token, feedPath: `/catalog-publishing/feeds/${id}` };
  });
}
