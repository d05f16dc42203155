import { catalogPublishingRoutes as r } from '@market/contracts';
import type { FeedFormat } from '@market/contracts/plain';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { bindRoute } from '../../lib/api-route.js';
import { sendFile } from '../../lib/file-reply.js';
import { notFound } from '../../lib/errors.js';
import { countHit } from '../applications/index.js';
import * as repo from './catalog-publishing.repository.js';
import * as service from './catalog-publishing.service.js';
import { feedTokenMatches } from './feed-token.js';
import { SCHEDULE_JOB } from './channel-schedules.js';
import { FEED_TYPES, feedChunks, feedLinks, type FeedContext } from './snapshot-formats.js';

const EXT: Record<FeedFormat, string> = { json: 'json', csv: 'csv', rss: 'xml' };

/**
 * Feed reads per client address and minute, counted before the token is checked: a feed reader fetches a few times a
 * day, while a 100,000-item feed is about 30 MB sent, so one address cannot keep the server streaming feeds.
 */
export const FEED_READS_PER_MINUTE = 30;

/** Catalog publishing: channels, completeness, preview, snapshots with diff and rollback, and the public feeds. */
export async function catalogPublishingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, config } = ctx;
  const feedContext = async (ch: repo.ChannelRow, s: repo.SnapshotRow): Promise<FeedContext> => ({
    locales: s.locales,
    currencies: s.currencies.length ? s.currencies : await repo.firstItemCurrencies(db, s.id),
    digits: Object.fromEntries((await repo.orgCurrencies(db, ch.orgId)).map((x) => [x.code, x.minorDigits])),
    ...feedLinks(ch.productUrlTemplate, config.publicUrl),
    channelName: ch.name,
  });
  // Written as it is read, a page of items at a time: a feed of any size in bounded memory.
  const send = async (reply: FastifyReply, ch: repo.ChannelRow, s: repo.SnapshotRow, format: FeedFormat, name: string) =>
    sendFile(
      reply,
      name,
      FEED_TYPES[format],
      Readable.from(feedChunks(format, repo.snapshotItemPages(db, s.id, s.itemCount), await feedContext(ch, s))),
    );

  ctx.jobs.register(SCHEDULE_JOB, (job, jobCtx) => service.applySchedules(job, jobCtx, config.publicUrl));

  bindRoute(app, r.channelOptions, ({ caller }) => service.channelOptions(db, caller));
  bindRoute(app, r.listChannels, ({ caller }) => service.listChannels(db, caller));
  bindRoute(app, r.createChannel, ({ caller, body }) => service.createChannel(db, caller, body));
  bindRoute(app, r.getChannel, ({ caller, params }) => service.getChannel(db, caller, params.id));
  bindRoute(app, r.updateChannel, ({ caller, params, body }) => service.updateChannel(db, caller, params.id, body));
  bindRoute(app, r.channelCompleteness, ({ caller, params }) => service.completeness(db, caller, params.id));
  bindRoute(app, r.previewChannel, ({ caller, params, query }) => service.preview(db, caller, params.id, query));
  bindRoute(app, r.publishChannel, ({ caller, params, body }) => service.publish(db, caller, params.id, body, config.publicUrl));
  bindRoute(app, r.publishProgress, ({ caller, params }) => service.publishProgress(db, caller, params.id));
  bindRoute(app, r.listSnapshots, ({ caller, params }) => service.listSnapshots(db, caller, params.id));
  bindRoute(app, r.getSnapshot, ({ caller, params }) => service.getSnapshot(db, caller, params.id, params.number));
  bindRoute(app, r.exportSnapshot, async ({ caller, params, query, reply }) => {
    const { channel, snapshot } = await service.snapshotForExport(db, caller, params.id, params.number);
    return send(reply, channel, snapshot, query.format, `channel-${snapshot.number}.${EXT[query.format]}`);
  });
  bindRoute(app, r.rollbackSnapshot, ({ caller, params, body }) => service.rollback(db, caller, params.id, params.number, body));
  bindRoute(app, r.rotateFeedToken, ({ caller, params }) => service.rotateFeedToken(db, caller, params.id));

  // Public: the token is the whole of the access rule. An unknown channel, a wrong or old token and a channel never
  // published are one 404, so the answer says nothing about which part was wrong. The answer is a stored snapshot
  // read in index order, so a feed reader's polling costs no recomputation.
  bindRoute(app, r.readFeed, async ({ params, query, reply, req }) => {
    await countHit(ctx, { key: `feed:${req.ip}`, limit: FEED_READS_PER_MINUTE, windowSeconds: 60, what: 'feed reads' });
    const ch = await repo.findChannelForFeed(db, params.channelId);
    const ok = feedTokenMatches(query.token, ch?.feedTokenHash ?? null);
    const snapshot = ok && ch ? await repo.findSnapshot(db, ch.orgId, ch.id) : null;
    if (!ch || !snapshot) throw notFound('Feed');
    return send(reply, ch, snapshot, params.format, `feed.${EXT[params.format]}`);
  });
}
