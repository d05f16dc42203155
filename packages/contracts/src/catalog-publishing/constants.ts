// Catalog publishing: the lists and limits its schemas, the server and the screens share (zod-free).

/** Where a channel's products are shown: a point-of-sale register, the web catalogue, or an exported feed. */
export const CHANNEL_KINDS = ['pos', 'web', 'feed'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

/** The locales a channel may publish, the catalogue's own. */
export const CHANNEL_LOCALES = ['en', 'ar'] as const;
export type ChannelLocale = (typeof CHANNEL_LOCALES)[number];

/** The files a snapshot is offered as, and the feed serves. */
export const FEED_FORMATS = ['json', 'csv', 'rss'] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];

/**
 * Why a product is in or out of a channel, in the order the preview lists them. `included_manually` and
 * `matches_rules` put a product in; every other reason keeps it out.
 */
export const PUBLICATION_REASONS = [
  'included_manually',
  'matches_rules',
  'excluded_manually',
  'not_active',
  'below_completeness',
  'outside_category_root',
  'category_not_selected',
  'brand_not_selected',
  'vendor_not_selected',
  'scheduled_later',
  'unpublished_on_schedule',
] as const;
export type PublicationReason = (typeof PUBLICATION_REASONS)[number];

export const CHANNEL_LIMITS = {
  name: 80,
  /** Products named in the include, exclude and schedule lists. */
  listed: 1000,
  /** Families with requirements, and attributes required per family. */
  families: 200,
  attributesPerFamily: 200,
  /** Categories, brands and vendors a rule names. */
  ruleIds: 500,
  currencies: 10,
  /** The latest snapshots of a channel that keep their items (older ones keep their summary and diff). */
  keepSnapshots: { min: 2, max: 500, default: 20 },
} as const;

/** Google Merchant's g:availability values the feed writes. */
export const FEED_AVAILABILITY = ['in_stock', 'out_of_stock'] as const;
export type FeedAvailability = (typeof FEED_AVAILABILITY)[number];
