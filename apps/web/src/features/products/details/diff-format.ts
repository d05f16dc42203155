import { formatMoney, localName } from '../format';
import type { FormOptions, Product } from '../products-api';

type T = (key: string, vars?: Record<string, string | number>) => string;
const FIELD_KEYS: Record<string, string> = {
  sku: 'products.field.sku',
  nameEn: 'products.field.nameEn',
  nameAr: 'products.field.nameAr',
  descriptionEn: 'products.field.descriptionEn',
  descriptionAr: 'products.field.descriptionAr',
  status: 'products.field.status',
  priceMinor: 'products.field.price',
  brandId: 'products.field.brand',
  familyId: 'products.field.family',
  vendorId: 'products.field.vendor',
  taxClassId: 'products.field.taxClass',
  categoryIds: 'products.field.categories',
  mediaAssetIds: 'products.section.media',
  variantAxes: 'products.field.variantAxes',
};

/** Names a diff field: a product field, or an attribute resolved through the form options. */
export function fieldLabel(field: string, options: FormOptions, t: T, language: string): string {
  if (field.startsWith('values.')) {
    const id = field.slice('values.'.length);
    const a = options.families.flatMap((f) => f.attributes).find((x) => x.id === id);
    return a ? localName(language, a) : t('products.history.removedAttribute');
  }
  return FIELD_KEYS[field] ? t(FIELD_KEYS[field]) : field;
}

/** A readable before/after value: ids resolved to names, money formatted, options to their labels. */
export function valueText(field: string, value: unknown, options: FormOptions, product: Product, t: T, language: string): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return '—';
  const named =
    <R extends { id: string }>(rows: R[], name: (r: R) => string) =>
    (id: unknown) => {
      const r = rows.find((x) => x.id === id);
      return r ? name(r) : t('products.history.unknownRef');
    };
  const loc = (r: { nameEn: string; nameAr: string }) => localName(language, r);
  switch (field) {
    case 'priceMinor':
      return typeof value === 'number' ? formatMoney(value, options.currency, language) : String(value);
    case 'status':
      return t(`products.status.${String(value)}`);
    case 'brandId':
      return named(options.brands, loc)(value);
    case 'familyId':
      return named(options.families, loc)(value);
    case 'taxClassId':
      return named(options.taxClasses, loc)(value);
    case 'vendorId':
      return named(options.vendors, (v) => v.name)(value);
    case 'categoryIds':
      return (value as unknown[]).map(named(options.categories, loc)).join(', ');
    case 'mediaAssetIds':
      return (value as unknown[])
        .map((id) => product.media.find((m) => m.assetId === id)?.fileName ?? t('products.history.file'))
        .join(', ');
    case 'variantAxes':
      return (value as unknown[]).map((id) => fieldLabel(`values.${String(id)}`, options, t, language)).join(', ');
  }
  if (field.startsWith('values.')) {
    const a = options.families.flatMap((f) => f.attributes).find((x) => x.id === field.slice(7));
    const opt = (code: unknown) => {
      const o = a?.options.find((x) => x.code === code);
      return o ? (language === 'ar' && o.labelAr ? o.labelAr : o.labelEn) : String(code);
    };
    if (a?.type === 'single_select') return opt(value);
    if (a?.type === 'multi_select' && Array.isArray(value)) return value.map(opt).join(', ');
    if (a?.type === 'boolean') return t(value ? 'products.attr.yes' : 'products.attr.no');
    if (a?.type === 'measurement' && a.unitSymbol) return `${String(value)} ${a.unitSymbol}`;
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const v = value as Record<string, unknown>;
      return (
        ['en', 'ar']
          .filter((k) => v[k])
          .map((k) => `${k}: ${String(v[k])}`)
          .join(' · ') || '—'
      );
    }
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
