import { useCallback, useEffect, useMemo, useState } from 'react';
import { minorToInput, parseMajorToMinor } from '../format';
import type { ProductStatus } from '@market/contracts/plain';
import type { Product, ProductUpdate } from '../products-api';

export interface MediaDraft {
  assetId: string;
  fileName: string;
  thumbnailUrl: string | null;
}

export interface Draft {
  sku: string;
  nameEn: string;
  nameAr: string;
  descriptionEn: string;
  descriptionAr: string;
  status: ProductStatus;
  brandId: string | null;
  vendorId: string | null;
  familyId: string | null;
  categoryIds: string[];
  price: string;
  taxClassId: string | null;
  values: Record<string, unknown>;
  media: MediaDraft[];
}

export function draftOf(p: Product, digits: number): Draft {
  return {
    sku: p.sku,
    nameEn: p.nameEn,
    nameAr: p.nameAr,
    descriptionEn: p.descriptionEn,
    descriptionAr: p.descriptionAr,
    status: p.status,
    brandId: p.brandId,
    vendorId: p.vendorId,
    familyId: p.familyId,
    categoryIds: [...p.categoryIds].sort(),
    price: minorToInput(p.priceMinor, digits),
    taxClassId: p.taxClassId,
    values: p.values,
    media: p.media
      .slice()
      .sort((a, b) => a.position - b.position)
      .map((m) => ({ assetId: m.assetId, fileName: m.fileName, thumbnailUrl: m.thumbnailUrl ?? m.url })),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
/** A value nobody filled in is sent as null (the server then removes it). */
const isBlank = (v: unknown) =>
  v === undefined ||
  v === null ||
  v === '' ||
  (Array.isArray(v) && v.length === 0) ||
  (typeof v === 'object' && !Array.isArray(v) && Object.values(v as object).every((x) => x === '' || x === null || x === undefined));

/**
 * The PATCH body: only what differs from the stored product. `priceError` is set when the typed price
 * is not an amount (then no price is sent and Save is refused).
 */
export function patchOf(p: Product, d: Draft, digits: number): { body: ProductUpdate; priceError: boolean } {
  const body: Record<string, unknown> = {};
  const base = draftOf(p, digits);
  for (const k of [
    'sku',
    'nameEn',
    'nameAr',
    'descriptionEn',
    'descriptionAr',
    'status',
    'brandId',
    'vendorId',
    'familyId',
    'taxClassId',
  ] as const) {
    if (!same(base[k], d[k])) body[k] = d[k];
  }
  if (!same(base.categoryIds, [...d.categoryIds].sort())) body.categoryIds = d.categoryIds;
  let priceError = false;
  if (d.price !== base.price) {
    const minor = parseMajorToMinor(d.price, digits);
    if (minor === null) priceError = true;
    else if (minor !== p.priceMinor) body.priceMinor = minor;
  }
  const values: Record<string, unknown> = {};
  for (const id of new Set([...Object.keys(p.values), ...Object.keys(d.values)])) {
    const before = p.values[id];
    const after = d.values[id];
    if (same(isBlank(before) ? null : before, isBlank(after) ? null : after)) continue;
    values[id] = isBlank(after) ? null : after;
  }
  if (Object.keys(values).length) body.values = values;
  if (
    !same(
      base.media.map((m) => m.assetId),
      d.media.map((m) => m.assetId),
    )
  )
    body.mediaAssetIds = d.media.map((m) => m.assetId);
  return { body: body as ProductUpdate, priceError };
}

/**
 * The editable copy of a product and the stored version it started from (`base`): the PATCH carries only
 * the edits against that base with expectedVersion, so a newer stored version is reported as a conflict.
 */
export function useProductDraft(product: Product | undefined, digits: number) {
  const [state, setState] = useState<{ base: Product; draft: Draft } | null>(null);
  const current = product && (!state || state.base.id !== product.id) ? { base: product, draft: draftOf(product, digits) } : state;
  if (current !== state) setState(current);
  const base = current?.base;
  const draft = current?.draft;
  const { body, priceError } = useMemo(
    () => (base && draft ? patchOf(base, draft, digits) : { body: {} as ProductUpdate, priceError: false }),
    [base, draft, digits],
  );
  const dirty = Object.keys(body).length > 0 || priceError;

  const set = useCallback(
    <K extends keyof Draft>(key: K, value: Draft[K]) => setState((s) => (s ? { ...s, draft: { ...s.draft, [key]: value } } : s)),
    [],
  );
  const setValue = useCallback(
    (id: string, value: unknown) => setState((s) => (s ? { ...s, draft: { ...s.draft, values: { ...s.draft.values, [id]: value } } } : s)),
    [],
  );
  const reset = useCallback((p: Product) => setState({ base: p, draft: draftOf(p, digits) }), [digits]);
  // A newer stored version (another tab, a restore) replaces an untouched draft; edits are kept otherwise.
  useEffect(() => {
    if (product && base && product.version !== base.version && !dirty) reset(product);
  }, [product, base, dirty, reset]);
  return { draft, base, set, setValue, reset, body, priceError, dirty };
}
