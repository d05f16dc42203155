import { z } from 'zod';
import { concurrencyShape } from '../common/concurrency.js';
import { keysetPageSchema, keysetQueryShape } from '../common/paging.js';
import { CHANNEL_KINDS, CHANNEL_LIMITS as L, CHANNEL_LOCALES, FEED_AVAILABILITY, FEED_FORMATS, PUBLICATION_REASONS } from './constants.js';

const ids = (what: string, max: number) =>
  z
    .array(z.uuid(`must be ${what} id`), `must be a list of ${what} ids`)
    .max(max, `at most ${max}`)
    .refine((xs) => new Set(xs).size === xs.length, 'lists an id twice');

const name = z.string('must be text').trim().min(1, 'is required').max(L.name, `at most ${L.name} characters`);
const locales = z
  .array(z.enum(CHANNEL_LOCALES, 'must be en or ar'), 'must be a list of locales')
  .min(1, 'needs at least one locale')
  .max(CHANNEL_LOCALES.length)
  .refine((xs) => new Set(xs).size === xs.length, 'lists a locale twice');
const currencies = z
  .array(z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter currency code'), 'must be a list of currency codes')
  .max(L.currencies, `at most ${L.currencies} currencies`)
  .refine((xs) => new Set(xs).size === xs.length, 'lists a currency twice');

/** A shop's product page address with {sku} or {id} in it, e.g. https://shop.example/p/{sku}. */
const productUrlTemplate = z
  .string('must be text')
  .trim()
  .max(500, 'at most 500 characters')
  .refine(
    (s) => /^https?:\/\/[^\s/]+/.test(s) && URL.canParse(s.replaceAll('{sku}', 'x').replaceAll('{id}', 'x')),
    'must be a web address (https://…)',
  )
  .refine((s) => s.includes('{sku}') || s.includes('{id}'), 'must contain {sku} or {id} where the product goes')
  .nullable();

/** For each family, the attributes that must be filled for this channel (besides the name and description). */
export const channelRequirementSchema = z
  .object({ familyId: z.uuid('must be a family id'), attributeIds: ids('an attribute', L.attributesPerFamily) })
  .strict();

/** The rules a product must meet to be published (manual include and exclude lists aside). */
export const channelRulesSchema = z
  .object({
    /** Only products whose status is active. */
    activeOnly: z.boolean('must be true or false'),
    /** The lowest channel completeness (0-100) over the channel's locales. */
    minCompleteness: z.number('must be a number').int('must be a whole number').min(0, 'must be 0 or more').max(100, 'at most 100'),
    /** Empty: any category under the channel's root; else a product must sit in (the subtree of) one of them. */
    categoryIds: ids('a category', L.ruleIds),
    brandIds: ids('a brand', L.ruleIds),
    vendorIds: ids('a vendor', L.ruleIds),
  })
  .strict();
export type ChannelRules = z.infer<typeof channelRulesSchema>;

/** When one product enters and leaves the channel; either end may be open. */
export const channelScheduleSchema = z
  .object({
    productId: z.uuid('must be a product id'),
    publishAt: z.iso.datetime({ offset: true, error: 'must be a date and time' }).nullable(),
    unpublishAt: z.iso.datetime({ offset: true, error: 'must be a date and time' }).nullable(),
  })
  .strict()
  .refine((s) => !s.publishAt || !s.unpublishAt || Date.parse(s.publishAt) < Date.parse(s.unpublishAt), {
    message: 'must be after the publish date',
    path: ['unpublishAt'],
  });

export const snapshotSummarySchema = z.object({
  id: z.uuid(),
  number: z.number().int(),
  itemCount: z.number().int(),
  checksum: z.string(),
  added: z.number().int(),
  removed: z.number().int(),
  changed: z.number().int(),
  /** The snapshot whose items a rollback republished; null for a publish. */
  rolledBackFrom: z.number().int().nullable(),
  /** Written when scheduled dates came: the published snapshot with those products added or removed, nothing else. */
  scheduled: z.boolean(),
  /** False once the snapshot is older than the channel's `keepSnapshots`: its summary and diff stay, its items do not. */
  itemsKept: z.boolean(),
  createdAt: z.string(),
});
export type SnapshotSummary = z.infer<typeof snapshotSummarySchema>;

export const channelSchema = z.object({
  id: z.uuid(),
  kind: z.enum(CHANNEL_KINDS),
  name: z.string(),
  locales: z.array(z.enum(CHANNEL_LOCALES)),
  currencies: z.array(z.string()),
  categoryRootId: z.uuid().nullable(),
  requirements: z.array(z.object({ familyId: z.uuid(), attributeIds: z.array(z.uuid()) })),
  rules: z.object({
    activeOnly: z.boolean(),
    minCompleteness: z.number().int(),
    categoryIds: z.array(z.uuid()),
    brandIds: z.array(z.uuid()),
    vendorIds: z.array(z.uuid()),
  }),
  includeIds: z.array(z.uuid()),
  excludeIds: z.array(z.uuid()),
  schedules: z.array(z.object({ productId: z.uuid(), publishAt: z.string().nullable(), unpublishAt: z.string().nullable() })),
  /** A publish that would remove more than this share (percent) of the channel's items asks for confirmation. */
  maxRemovalPercent: z.number().int(),
  /** How many of the latest snapshots keep their items (for downloads and republishing); older ones keep their summary and diff. */
  keepSnapshots: z.number().int(),
  /** The shop's product page address ({sku} or {id} replaced): each feed item's link; null links to this back office. */
  productUrlTemplate: z.string().nullable(),
  /** Whether a feed token exists (the token itself is shown once, when made). */
  hasFeedToken: z.boolean(),
  latestSnapshot: snapshotSummarySchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Channel = z.infer<typeof channelSchema>;

const channelFields = {
  name,
  locales,
  currencies,
  categoryRootId: z.uuid('must be a category id').nullable(),
  requirements: z
    .array(channelRequirementSchema, 'must be a list of family requirements')
    .max(L.families, `at most ${L.families} families`)
    .refine((xs) => new Set(xs.map((x) => x.familyId)).size === xs.length, 'lists a family twice'),
  rules: channelRulesSchema,
  includeIds: ids('a product', L.listed),
  excludeIds: ids('a product', L.listed),
  schedules: z
    .array(channelScheduleSchema, 'must be a list of schedules')
    .max(L.listed, `at most ${L.listed}`)
    .refine((xs) => new Set(xs.map((x) => x.productId)).size === xs.length, 'lists a product twice'),
  maxRemovalPercent: z.number('must be a number').int('must be a whole number').min(0, 'must be 0 or more').max(100, 'at most 100'),
  keepSnapshots: z
    .number('must be a number')
    .int('must be a whole number')
    .min(L.keepSnapshots.min, `must be ${L.keepSnapshots.min} or more`)
    .max(L.keepSnapshots.max, `at most ${L.keepSnapshots.max}`),
  productUrlTemplate,
};

export const channelCreateSchema = z
  .object({
    kind: z.enum(CHANNEL_KINDS, 'must be pos, web or feed'),
    name,
    locales,
    currencies: channelFields.currencies.optional(),
    categoryRootId: channelFields.categoryRootId.optional(),
    requirements: channelFields.requirements.optional(),
    rules: channelRulesSchema.optional(),
    includeIds: channelFields.includeIds.optional(),
    excludeIds: channelFields.excludeIds.optional(),
    schedules: channelFields.schedules.optional(),
    maxRemovalPercent: channelFields.maxRemovalPercent.optional(),
    keepSnapshots: channelFields.keepSnapshots.optional(),
    productUrlTemplate: productUrlTemplate.optional(),
  })
  .strict();
export type ChannelCreate = z.infer<typeof channelCreateSchema>;

export const channelUpdateSchema = z
  .object({
    name: name.optional(),
    locales: locales.optional(),
    currencies: channelFields.currencies.optional(),
    categoryRootId: channelFields.categoryRootId.optional(),
    requirements: channelFields.requirements.optional(),
    rules: channelRulesSchema.optional(),
    includeIds: channelFields.includeIds.optional(),
    excludeIds: channelFields.excludeIds.optional(),
    schedules: channelFields.schedules.optional(),
    maxRemovalPercent: channelFields.maxRemovalPercent.optional(),
    keepSnapshots: channelFields.keepSnapshots.optional(),
    productUrlTemplate: productUrlTemplate.optional(),
    ...concurrencyShape,
  })
  .strict();
export type ChannelUpdate = z.infer<typeof channelUpdateSchema>;

const localeCompleteness = z.object({ score: z.number().int(), required: z.number().int(), missing: z.array(z.string()) });

/** Per locale: how many products are complete for the channel, and the least complete ones with what they miss. */
export const channelCompletenessSchema = z.object({
  locales: z.array(
    z.object({
      locale: z.enum(CHANNEL_LOCALES),
      products: z.number().int(),
      complete: z.number().int(),
      averageScore: z.number().int(),
    }),
  ),
  lowest: z.array(
    z.object({
      productId: z.uuid(),
      sku: z.string(),
      nameEn: z.string(),
      nameAr: z.string(),
      completeness: z.record(z.string(), localeCompleteness),
    }),
  ),
});
export type ChannelCompleteness = z.infer<typeof channelCompletenessSchema>;

const named = z.object({ id: z.uuid(), nameEn: z.string(), nameAr: z.string() });
/** What the channel form offers: the organization's categories, brands, vendors, families with their attributes, currencies. */
export const channelOptionsSchema = z.object({
  categories: z.array(named.extend({ parentId: z.uuid().nullable() })),
  brands: z.array(named),
  vendors: z.array(z.object({ id: z.uuid(), name: z.string() })),
  families: z.array(named.extend({ attributes: z.array(named.extend({ localizable: z.boolean() })) })),
  currencies: z.array(z.object({ code: z.string(), isBase: z.boolean() })),
});
export type ChannelOptions = z.infer<typeof channelOptionsSchema>;

export const previewQuery = z
  .object({
    ...keysetQueryShape,
    /** in: only what the channel would show; out: only what it would not. */
    show: z.enum(['all', 'in', 'out'], 'must be all, in or out').optional(),
  })
  .strict();

export const previewItemSchema = z.object({
  id: z.uuid(),
  sku: z.string(),
  nameEn: z.string(),
  nameAr: z.string(),
  included: z.boolean(),
  reasons: z.array(z.enum(PUBLICATION_REASONS)),
  /** The product's channel completeness per channel locale (score 0-100). */
  completeness: z.record(z.string(), z.number().int()),
});
export type PreviewItem = z.infer<typeof previewItemSchema>;
export const previewPageSchema = keysetPageSchema(previewItemSchema).extend({
  /** Over the whole catalogue, not the page. */
  totals: z.object({ included: z.number().int(), excluded: z.number().int() }),
});
export type PreviewPage = z.infer<typeof previewPageSchema>;

/** Publishing and rollback: `confirm` is needed only when the server asked for it (409 naming `confirm`). */
export const publishSchema = z.object({ confirm: z.boolean('must be true or false').optional() }).strict();

/**
 * How far the channel's publish in progress has come: items written of those the rules let in. `publishing` is false
 * when none runs (or it runs on another server of a multi-server deployment, which keeps its own count).
 */
export const publishProgressSchema = z.object({
  publishing: z.boolean(),
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  startedAt: z.iso.datetime().nullable(),
});
export type PublishProgress = z.infer<typeof publishProgressSchema>;

/** One published item: what a feed needs, in the channel's locales and currencies. */
export const feedItemSchema = z.object({
  id: z.uuid(),
  sku: z.string(),
  names: z.record(z.string(), z.string()),
  descriptions: z.record(z.string(), z.string()),
  /** Minor units per currency code. */
  prices: z.record(z.string(), z.number().int()),
  brand: z.string().nullable(),
  categories: z.array(z.string()),
  imageLink: z.string().nullable(),
  availability: z.enum(FEED_AVAILABILITY),
});
export type FeedItem = z.infer<typeof feedItemSchema>;

/** The first entries of each list in SKU order (at most 1,000); the snapshot's added, removed and changed are the whole counts. */
export const snapshotDiffSchema = z.object({
  added: z.array(z.object({ id: z.uuid(), sku: z.string() })),
  removed: z.array(z.object({ id: z.uuid(), sku: z.string() })),
  changed: z.array(z.object({ id: z.uuid(), sku: z.string(), fields: z.array(z.string()) })),
});
export type SnapshotDiff = z.infer<typeof snapshotDiffSchema>;

export const snapshotDetailSchema = snapshotSummarySchema.extend({
  /** Against the snapshot numbered one lower; empty lists for the first. */
  diff: snapshotDiffSchema,
  currencies: z.array(z.string()),
  locales: z.array(z.string()),
});
export type SnapshotDetail = z.infer<typeof snapshotDetailSchema>;

export const snapshotExportQuery = z.object({ format: z.enum(FEED_FORMATS, 'must be json, csv or rss') }).strict();

export const feedTokenSchema = z.object({
  /** Shown once: only its hash is kept. */
  token: z.string(),
  /** The feed's address below /api/v1, without the format and token. */
  feedPath: z.string(),
});
export type FeedToken = z.infer<typeof feedTokenSchema>;

export const feedParams = z
  .object({ channelId: z.uuid('must be a channel id'), format: z.enum(FEED_FORMATS, 'must be json, csv or rss') })
  .strict();
export const feedQuery = z.object({ token: z.string('is required').min(1, 'is required').max(200, 'at most 200 characters') }).strict();
