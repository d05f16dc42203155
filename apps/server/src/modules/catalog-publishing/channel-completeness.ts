import type { ChannelLocale } from '@market/contracts/plain';

// Completeness for one channel (decision 021): per channel locale, the name, the description and every attribute the
// channel requires for the product's family (a localisable one in that locale) — the rule of the product's own
// completeness (decision 006) with the channel's requirements in place of the family's required flags.

export interface ChannelCompletenessInput {
  nameEn: string;
  nameAr: string;
  descriptionEn: string;
  descriptionAr: string;
  values: Record<string, unknown>;
  variantAxes: readonly string[];
}

export interface RequiredAttribute {
  id: string;
  localizable: boolean;
}

export type LocaleScore = { score: number; required: number; missing: string[] };

/** A value counts as filled unless it is missing, blank text, an empty list or an empty localized entry. */
export function isFilled(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim().length > 0;
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

function localized(value: unknown, locale: ChannelLocale): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value)) return (value as Record<string, unknown>)[locale];
  return undefined;
}

/** The score is the filled share rounded down; `missing` lists "name", "description" or attribute ids in the channel's order. */
export function channelCompletenessOf(
  product: ChannelCompletenessInput,
  locales: readonly ChannelLocale[],
  required: readonly RequiredAttribute[],
): Record<string, LocaleScore> {
  const out: Record<string, LocaleScore> = {};
  for (const locale of locales) {
    const missing: string[] = [];
    if (!isFilled(locale === 'en' ? product.nameEn : product.nameAr)) missing.push('name');
    if (!isFilled(locale === 'en' ? product.descriptionEn : product.descriptionAr)) missing.push('description');
    for (const a of required) {
      if (product.variantAxes.includes(a.id)) continue;
      const v = product.values[a.id];
      if (!isFilled(a.localizable ? localized(v, locale) : v)) missing.push(a.id);
    }
    const total = 2 + required.length;
    out[locale] = { score: Math.floor(((total - missing.length) * 100) / total), required: total, missing };
  }
  return out;
}
