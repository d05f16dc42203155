import type { productsRoutes as c } from '@market/contracts';

/** The editable fields of a product, as a version stores them (categories sorted, media in order). */
export interface ProductSnapshot {
  sku: string;
  nameEn: string;
  nameAr: string;
  descriptionEn: string;
  descriptionAr: string;
  status: c.ProductStatus;
  priceMinor: number;
  brandId: string | null;
  familyId: string | null;
  vendorId: string | null;
  taxClassId: string | null;
  categoryIds: string[];
  values: Record<string, unknown>;
  variantAxes: string[];
  mediaAssetIds: string[];
}

export const SNAPSHOT_FIELDS = [
  'sku',
  'nameEn',
  'nameAr',
  'descriptionEn',
  'descriptionAr',
  'status',
  'priceMinor',
  'brandId',
  'familyId',
  'vendorId',
  'taxClassId',
  'categoryIds',
  'values',
  'variantAxes',
  'mediaAssetIds',
] as const satisfies readonly (keyof ProductSnapshot)[];

/** JSON with object keys sorted, so equal values compare equal whatever their key order. */
export function stable(v: unknown): string {
  if (v === undefined) return 'undefined';
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(stable).join(',')}]`;
  const o = v as Record<string, unknown>;
  return `{${Object.keys(o)
    .sort()
    .filter((k) => o[k] !== undefined)
    .map((k) => `${JSON.stringify(k)}:${stable(o[k])}`)
    .join(',')}}`;
}

export interface DiffEntry {
  field: string;
  before: unknown;
  after: unknown;
}

/** Field by field; `values` per attribute as "values.<attributeId>". A missing side is null. */
export function diffSnapshots(before: Partial<ProductSnapshot> | null, after: Partial<ProductSnapshot>): DiffEntry[] {
  const out: DiffEntry[] = [];
  for (const f of SNAPSHOT_FIELDS) {
    if (f === 'values') {
      const b = (before?.values ?? {}) as Record<string, unknown>;
      const a = (after.values ?? {}) as Record<string, unknown>;
      for (const k of [...new Set([...Object.keys(b), ...Object.keys(a)])].sort()) {
        if (stable(b[k] ?? null) !== stable(a[k] ?? null)) out.push({ field: `values.${k}`, before: b[k] ?? null, after: a[k] ?? null });
      }
      continue;
    }
    const b = before ? (before[f] ?? null) : null;
    const a = after[f] ?? null;
    if (before === null && (a === null || (Array.isArray(a) && !a.length) || a === '')) continue;
    if (stable(b) !== stable(a)) out.push({ field: f, before: b, after: a });
  }
  return out;
}

/** Only the snapshot's fields of a stored snapshot (which may also carry notes such as `leftOut`). */
export function pickSnapshot(raw: Record<string, unknown>): Partial<ProductSnapshot> {
  const out: Record<string, unknown> = {};
  for (const f of SNAPSHOT_FIELDS) if (f in raw) out[f] = raw[f];
  return out as Partial<ProductSnapshot>;
}
