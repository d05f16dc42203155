// Catalog publishing (decision 021): channels, completeness per channel, rules, snapshots and feeds.
export { catalogPublishingRoutes } from './catalog-publishing.routes.js';
// The product and family writers keep channel completeness in their own transactions; the register filters by channel.
export { publishedAmong, publishedFilter, refreshChannelCompleteness, type CompletenessScope } from './catalog-publishing.repository.js';
