import { z } from 'zod';
import { defineRoute } from '../common/route.js';
import {
  channelCompletenessSchema,
  channelOptionsSchema,
  channelCreateSchema,
  channelSchema,
  channelUpdateSchema,
  feedParams,
  feedQuery,
  feedTokenSchema,
  previewPageSchema,
  previewQuery,
  publishProgressSchema,
  publishSchema,
  snapshotDetailSchema,
  snapshotExportQuery,
  snapshotSummarySchema,
} from './schemas.js';

export * from './schemas.js';

const idParams = z.object({ id: z.uuid() }).strict();
const snapshotParams = z
  .object({
    id: z.uuid(),
    number: z
      .string()
      .regex(/^\d{1,9}$/, 'must be a snapshot number')
      .transform(Number)
      .pipe(z.number().int().min(1, 'must be at least 1')),
  })
  .strict();
const access = { permission: 'catalog_publishing' } as const;
const tag = 'catalog-publishing';

export const listChannels = defineRoute({
  method: 'GET',
  path: '/catalog-publishing/channels',
  tag,
  summary: 'Publishing channels of the organization (point of sale, web catalogue, feed), by name, with their latest snapshot',
  access,
  response: z.array(channelSchema),
});

export const channelOptions = defineRoute({
  method: 'GET',
  path: '/catalog-publishing/options',
  tag,
  summary: 'What the channel form offers: categories, brands, vendors, families with their attributes, currencies',
  access,
  response: channelOptionsSchema,
});

export const createChannel = defineRoute({
  method: 'POST',
  path: '/catalog-publishing/channels',
  tag,
  summary: 'Add a channel: kind, locales, currencies, category root, requirements per family, rules, include and exclude lists',
  access,
  body: channelCreateSchema,
  response: channelSchema,
  status: 201,
});

export const getChannel = defineRoute({
  method: 'GET',
  path: '/catalog-publishing/channels/:id',
  tag,
  summary: 'One channel',
  access,
  params: idParams,
  response: channelSchema,
});

export const updateChannel = defineRoute({
  method: 'PATCH',
  path: '/catalog-publishing/channels/:id',
  tag,
  summary: "Change a channel; a change of locales or requirements recomputes the channel's completeness in the same transaction",
  access,
  params: idParams,
  body: channelUpdateSchema,
  response: channelSchema,
});

export const channelCompleteness = defineRoute({
  method: 'GET',
  path: '/catalog-publishing/channels/:id/completeness',
  tag,
  summary: "The channel's completeness per locale and its least complete products",
  access,
  params: idParams,
  response: channelCompletenessSchema,
});

export const previewChannel = defineRoute({
  method: 'GET',
  path: '/catalog-publishing/channels/:id/preview',
  tag,
  summary: 'What the channel would show if published now: each product in or out, with the reasons, by SKU',
  access,
  params: idParams,
  query: previewQuery,
  response: previewPageSchema,
});

export const publishChannel = defineRoute({
  method: 'POST',
  path: '/catalog-publishing/channels/:id/publish',
  tag,
  summary:
    "Publish a new numbered snapshot; one that would remove more than the channel's share answers 409 naming `confirm` until sent with confirm: true",
  access,
  params: idParams,
  body: publishSchema,
  response: snapshotSummarySchema,
  status: 201,
});

export const publishProgress = defineRoute({
  method: 'GET',
  path: '/catalog-publishing/channels/:id/publish-progress',
  tag,
  summary: "How far the channel's publish in progress has come (items written of the total), read while the publish runs",
  access,
  params: idParams,
  response: publishProgressSchema,
});

export const listSnapshots = defineRoute({
  method: 'GET',
  path: '/catalog-publishing/channels/:id/snapshots',
  tag,
  summary: "The channel's snapshots, newest first",
  access,
  params: idParams,
  response: z.array(snapshotSummarySchema),
});

export const getSnapshot = defineRoute({
  method: 'GET',
  path: '/catalog-publishing/channels/:id/snapshots/:number',
  tag,
  summary: 'One snapshot with its diff against the one before (added, removed, changed with the changed fields)',
  access,
  params: snapshotParams,
  response: snapshotDetailSchema,
});

export const exportSnapshot = defineRoute({
  method: 'GET',
  path: '/catalog-publishing/channels/:id/snapshots/:number/export',
  tag,
  summary: 'A snapshot as JSON, CSV (cells neutralised) or Google Merchant RSS 2.0',
  access,
  params: snapshotParams,
  query: snapshotExportQuery,
  response: z.string(),
});

export const rollbackSnapshot = defineRoute({
  method: 'POST',
  path: '/catalog-publishing/channels/:id/snapshots/:number/rollback',
  tag,
  summary: "Republish an earlier snapshot's items as a new snapshot number (the same confirmation rule as a publish)",
  access,
  params: snapshotParams,
  body: publishSchema,
  response: snapshotSummarySchema,
  status: 201,
});

export const rotateFeedToken = defineRoute({
  method: 'POST',
  path: '/catalog-publishing/channels/:id/feed-token',
  tag,
  summary: 'Make a new feed token (shown once; only its hash is kept) and invalidate the old one at once',
  access,
  params: idParams,
  response: feedTokenSchema,
  status: 201,
});

export const readFeed = defineRoute({
  method: 'GET',
  path: '/catalog-publishing/feeds/:channelId/:format',
  tag,
  summary:
    "The channel's latest snapshot at its stable address, for a shop or Google Merchant to fetch; a wrong token, channel or an unpublished channel are one 404",
  access: { public: true },
  params: feedParams,
  query: feedQuery,
  response: z.string(),
});
