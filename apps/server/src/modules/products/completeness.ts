import type { productsRoutes as c } from '@market/contracts';

/** What completeness needs of one attribute of a product's family. */
export interface CompletenessAttribute {
  id: string;
  localizable: boolean;
  required: boolean;
}

export interface CompletenessInput {
  nameEn: string;
  nameAr: string;
  descriptionEn: string;
  descriptionAr: string;
  values: Record<string, unknown>;
  /** Attributes the variants vary by: set on each variant, so never missing on the product. */
  variantAxes?: readonly string[];
}

const LOCALES = ['en', 'ar'] as const;

/** A value counts as filled unless it is missing, blank text, an empty list or an empty localized entry. */
export function isFilled(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim().length > 0;
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

function localized(value: unknown, locale: (typeof LOCALES)[number]): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value)) return (value as Record<string, unknown>)[locale];
  return undefined;
}

/**
 * Completeness per locale (decision 006): the name and the description in that locale, plus every
 * attribute the family marks required (a localisable one in that locale). The score is the filled
 * share, rounded down, so 100 means nothing is missing (a variant axis counts as filled); `missing` lists "name", "description" or
 * attribute ids in the family's order.
 */
export function computeCompleteness(
  product: CompletenessInput,
  familyAttributes: readonly CompletenessAttribute[],
): { completeness: c.ProductCompleteness; score: number } {
  const required = familyAttributes.filter((a) => a.required);
  const out = {} as c.ProductCompleteness;
  for (const locale of LOCALES) {
    const missing: string[] = [];
    if (!isFilled(locale === 'en' ? product.nameEn : product.nameAr)) missing.push('name');
    if (!isFilled(locale === 'en' ? product.descriptionEn : product.descriptionAr)) missing.push('description');
    for (const a of required) {
      if (product.variantAxes?.includes(a.id)) continue;
      const v = product.values[a.id];
      if (!isFilled(a.localizable ? localized(v, locale) : v)) missing.push(a.id);
    }
    const total = 2 + required.length;
    out[locale] = { score: Math.floor(((total - missing.length) * 100) / total), required: total, missing };
  }
  return { completeness: out, score: Math.min(out.en.score, out.ar.score) };
}
