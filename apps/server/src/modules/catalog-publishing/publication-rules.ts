import type { PublicationReason } from '@market/contracts/plain';
import type { ChannelRulesRow, ChannelScheduleRow } from '../../db/schema/index.js';

// Whether a product is in a channel, and why (decision 021): the rules' written form. Preview and publish run the same
// rules in PostgreSQL (publication-rules.repository.ts); publication-rules.sql.test.ts holds the two equal.

export interface RuleProduct {
  id: string;
  status: string;
  brandId: string | null;
  vendorId: string | null;
  categoryIds: readonly string[];
  /** Channel completeness per channel locale; a locale without a row counts as 0. */
  scores: Record<string, number>;
}

export interface RuleChannel {
  locales: readonly string[];
  rules: ChannelRulesRow;
  includeIds: ReadonlySet<string>;
  excludeIds: ReadonlySet<string>;
  schedules: ReadonlyMap<string, ChannelScheduleRow>;
  /** The category root's subtree; null: no root. */
  rootSubtree: ReadonlySet<string> | null;
  /** The subtrees of the rule's categories; null: the rule names none. */
  ruleSubtree: ReadonlySet<string> | null;
}

export interface RuleOutcome {
  included: boolean;
  reasons: PublicationReason[];
}

/**
 * A manual exclusion wins over everything; a manual inclusion skips the rules; otherwise every rule the product
 * fails is a reason it is out. A schedule applies to included products as well: before its publish date or from
 * its unpublish date the product is out.
 */
export function evaluateProduct(p: RuleProduct, ch: RuleChannel, now: Date): RuleOutcome {
  if (ch.excludeIds.has(p.id)) return { included: false, reasons: ['excluded_manually'] };
  const reasons: PublicationReason[] = [];
  const manual = ch.includeIds.has(p.id);
  if (!manual) {
    const r = ch.rules;
    if (r.activeOnly && p.status !== 'active') reasons.push('not_active');
    const lowest = ch.locales.length ? Math.min(...ch.locales.map((l) => p.scores[l] ?? 0)) : 0;
    if (lowest < r.minCompleteness) reasons.push('below_completeness');
    if (ch.rootSubtree && !p.categoryIds.some((c) => ch.rootSubtree!.has(c))) reasons.push('outside_category_root');
    if (ch.ruleSubtree && !p.categoryIds.some((c) => ch.ruleSubtree!.has(c))) reasons.push('category_not_selected');
    if (r.brandIds.length && (!p.brandId || !r.brandIds.includes(p.brandId))) reasons.push('brand_not_selected');
    if (r.vendorIds.length && (!p.vendorId || !r.vendorIds.includes(p.vendorId))) reasons.push('vendor_not_selected');
  }
  const s = ch.schedules.get(p.id);
  if (s?.publishAt && now.getTime() < Date.parse(s.publishAt)) reasons.push('scheduled_later');
  if (s?.unpublishAt && now.getTime() >= Date.parse(s.unpublishAt)) reasons.push('unpublished_on_schedule');
  if (reasons.length) return { included: false, reasons };
  return { included: true, reasons: [manual ? 'included_manually' : 'matches_rules'] };
}
