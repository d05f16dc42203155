import type { productsRoutes as c } from '@market/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { lockKey } from '../../db/advisory-lock.js';
import type { productVersions } from '../../db/schema/index.js';
import type { Caller } from '../../lib/api-route.js';
import { AppError, conflict, invalid, isForeignKeyViolation, isUniqueViolation, notFound } from '../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import { refreshChannelCompleteness } from '../catalog-publishing/index.js';
import { validateAttributeValue } from './attribute-values.js';
import { computeCompleteness } from './completeness.js';
import * as repo from './products.repository.js';
import { diffSnapshots, type ProductSnapshot } from './product-snapshot.js';

export type VersionAction = 'create' | 'update' | 'restore' | 'bulk' | 'import';

export const skuTakenError = () =>
  conflict('Another product or variant already has this SKU', [{ field: 'sku', message: 'is already used by another product' }]);
export const staleError = () =>
  conflict('This product was changed by someone else since you opened it; reload it to see their changes', [
    { field: 'expectedVersion', message: 'changed by someone else since you opened it' },
  ]);

/** Product and variant SKUs of one organization are decided one at a time per SKU (the variants area takes the same key). */
export async function lockSku(tx: DbOrTx, orgId: string, sku: string): Promise<void> {
  await lockKey(tx, skuLockKey(orgId, sku));
}

export const skuLockKey = (orgId: string, sku: string): string => `product-sku:${orgId}:${sku.toLowerCase()}`;

export async function snapshotOf(db: DbOrTx, row: repo.ProductRow): Promise<ProductSnapshot> {
  return {
    sku: row.sku,
    nameEn: row.nameEn,
    nameAr: row.nameAr,
    descriptionEn: row.descriptionEn,
    descriptionAr: row.descriptionAr,
    status: row.status,
    priceMinor: Number(row.priceMinor),
    brandId: row.brandId,
    familyId: row.familyId,
    vendorId: row.vendorId,
    taxClassId: row.taxClassId,
    categoryIds: await repo.categoryIdsOf(db, row.id),
    values: row.values ?? {},
    variantAxes: row.variantAxes ?? [],
    mediaAssetIds: await repo.mediaIdsOf(db, row.id),
  };
}

export async function toProduct(db: DbOrTx, row: repo.ProductRow): Promise<c.Product> {
  const [snap, media, variantCount, names] = [
    await snapshotOf(db, row),
    await repo.mediaOf(db, row.id),
    await repo.variantCountOf(db, row.id),
    await repo.userNames(db, [row.createdBy, row.updatedBy]),
  ];
  const who = (id: string | null) => (id ? { id, name: names.get(id) ?? 'Unknown user' } : null);
  return {
    id: row.id,
    ...snap,
    media: media.map((m) => ({
      assetId: m.assetId,
      position: m.position,
      fileName: m.fileName,
      mimeType: m.mimeType,
      width: m.width,
      height: m.height,
      altEn: m.altEn,
      altAr: m.altAr,
      url: repo.publicUrl(m.bucketId, m.path),
      thumbnailUrl: m.thumbnailPath ? repo.publicUrl(m.bucketId, m.thumbnailPath) : null,
    })),
    completeness: row.completeness,
    completenessScore: row.completenessScore,
    variantCount,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    createdBy: who(row.createdBy),
    updatedBy: who(row.updatedBy),
  };
}

type Input = Partial<Omit<c.ProductCreate, 'values'>> & { values?: Record<string, unknown> };

async function checkRef(refs: ProductRefs, kind: repo.RefKind, field: string, id: string | null | undefined, what: string): Promise<void> {
  if (!id) return;
  if (!(await refs.existingIds(kind, [id])).has(id)) throw invalid(field, `is not ${what} of this organization`);
}

/**
 * The product after applying `input` to `current` (null for a new product), with every reference and
 * value checked. Changing the family drops values of attributes the new family does not have.
 */
/**
 * Where resolveInput looks references up: the database by default; an import passes lookups it loaded once for
 * the whole file, so every row is checked by these same rules without a query per reference.
 */
export interface ProductRefs {
  existingIds(kind: repo.RefKind, ids: string[]): Promise<Set<string>>;
  familyAttributes(familyId: string): Promise<repo.FamilyAttribute[]>;
  defaultTaxClassId(): Promise<string | null>;
}

export const databaseRefs = (db: DbOrTx, orgId: string): ProductRefs => ({
  existingIds: (kind, ids) => repo.existingIds(db, kind, orgId, ids),
  familyAttributes: (familyId) => repo.familyAttributes(db, orgId, familyId),
  defaultTaxClassId: () => repo.defaultTaxClassId(db, orgId),
});

export async function resolveInput(
  tx: DbOrTx,
  orgId: string,
  current: ProductSnapshot | null,
  input: Input,
  refs: ProductRefs = databaseRefs(tx, orgId),
): Promise<{ next: ProductSnapshot; family: repo.FamilyAttribute[] }> {
  const pick = <K extends keyof ProductSnapshot>(k: K, fallback: ProductSnapshot[K]): ProductSnapshot[K] =>
    input[k as keyof Input] !== undefined ? (input[k as keyof Input] as ProductSnapshot[K]) : current ? current[k] : fallback;
  const next: ProductSnapshot = {
    sku: pick('sku', ''),
    nameEn: pick('nameEn', ''),
    nameAr: pick('nameAr', ''),
    descriptionEn: pick('descriptionEn', ''),
    descriptionAr: pick('descriptionAr', ''),
    status: pick('status', 'draft'),
    priceMinor: pick('priceMinor', 0),
    brandId: pick('brandId', null),
    familyId: pick('familyId', null),
    vendorId: pick('vendorId', null),
    taxClassId: input.taxClassId !== undefined ? input.taxClassId : current ? current.taxClassId : await refs.defaultTaxClassId(),
    categoryIds: current?.categoryIds ?? [],
    values: { ...(current?.values ?? {}) },
    variantAxes: current?.variantAxes ?? [],
    mediaAssetIds: current?.mediaAssetIds ?? [],
  };
  if (input.brandId !== undefined) await checkRef(refs, 'brand', 'brandId', input.brandId, 'a brand');
  if (input.familyId !== undefined) await checkRef(refs, 'family', 'familyId', input.familyId, 'an attribute family');
  if (input.vendorId !== undefined) await checkRef(refs, 'vendor', 'vendorId', input.vendorId, 'a vendor');
  if (input.taxClassId !== undefined) await checkRef(refs, 'taxClass', 'taxClassId', input.taxClassId, 'a tax class');
  if (input.categoryIds !== undefined) {
    const known = await refs.existingIds('category', input.categoryIds);
    input.categoryIds.forEach((id, i) => {
      if (!known.has(id)) throw invalid(`categoryIds.${i}`, 'is not a category of this organization');
    });
    next.categoryIds = [...new Set(input.categoryIds)].sort();
  }
  if (input.mediaAssetIds !== undefined) {
    const known = await refs.existingIds('asset', input.mediaAssetIds);
    const seen = new Set<string>();
    input.mediaAssetIds.forEach((id, i) => {
      if (!known.has(id)) throw invalid(`mediaAssetIds.${i}`, "is not a file of this organization's asset library");
      if (seen.has(id)) throw invalid(`mediaAssetIds.${i}`, 'is already in the list');
      seen.add(id);
    });
    next.mediaAssetIds = [...input.mediaAssetIds];
  }

  const family = next.familyId ? await refs.familyAttributes(next.familyId) : [];
  const byId = new Map(family.map((a) => [a.id, a]));
  if (current && current.familyId !== next.familyId) {
    for (const k of Object.keys(next.values)) if (!byId.has(k)) delete next.values[k];
    next.variantAxes = next.variantAxes.filter((a) => byId.has(a));
  }
  const mediaValues: { key: string; id: string }[] = [];
  for (const [id, value] of Object.entries(input.values ?? {})) {
    if (value === null || value === undefined) {
      delete next.values[id];
      continue;
    }
    const attr = byId.get(id);
    if (!attr)
      throw invalid(
        `values.${id}`,
        next.familyId ? 'is not an attribute of the family' : 'is not an attribute of the family (the product has no family)',
      );
    const problems = validateAttributeValue(
      { type: attr.type, localizable: attr.localizable, validation: attr.validation, options: attr.options },
      value,
    );
    if (problems.length) throw invalid(`values.${id}`, problems.join('; '));
    if (attr.type === 'media') mediaValues.push({ key: id, id: String(value) });
    next.values[id] = value;
  }
  if (mediaValues.length) {
    const uuidLike = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
    const known = await refs.existingIds(
      'asset',
      mediaValues.map((m) => m.id).filter((x) => uuidLike.test(x)),
    );
    for (const m of mediaValues)
      if (!known.has(m.id)) throw invalid(`values.${m.key}`, "is not a file of this organization's asset library");
  }
  if (input.variantAxes !== undefined) {
    const seen = new Set<string>();
    input.variantAxes.forEach((id, i) => {
      if (byId.get(id)?.type !== 'single_select') throw invalid(`variantAxes.${i}`, 'must be a single select attribute of the family');
      if (seen.has(id)) throw invalid(`variantAxes.${i}`, 'is already in the list');
      seen.add(id);
    });
    next.variantAxes = [...input.variantAxes];
  }
  // An axis varies by variant: a product-level value for it would contradict the variants' own.
  for (const [id, value] of Object.entries(input.values ?? {}))
    if (value !== null && value !== undefined && next.variantAxes.includes(id))
      throw invalid(`values.${id}`, 'is a variant axis of the product; its value is set on each variant, not on the product');
  return { next, family };
}

/**
 * Writes `next` over `current` (or as a new product): completeness, categories, media, a version with
 * the changed fields, and an audit entry. A change that changes nothing writes nothing and answers null.
 */
/** The stored columns of a snapshot with its completeness against the family (every product write uses this). */
export function productColumns(next: ProductSnapshot, family: repo.FamilyAttribute[]) {
  const { completeness, score } = computeCompleteness(next, family);
  return {
    sku: next.sku,
    nameEn: next.nameEn,
    nameAr: next.nameAr,
    descriptionEn: next.descriptionEn,
    descriptionAr: next.descriptionAr,
    status: next.status,
    priceMinor: next.priceMinor,
    brandId: next.brandId,
    familyId: next.familyId,
    vendorId: next.vendorId,
    taxClassId: next.taxClassId,
    values: next.values,
    variantAxes: next.variantAxes,
    completeness,
    completenessScore: score,
  };
}

/** Who writes: a signed-in caller, or an import job on behalf of the user who ran it. */
export type ProductWriter = Pick<Caller, 'orgId'> & { userId: string | null; ip?: string | null };

/** A product's next version as a row: who wrote it, how, and the snapshot with its changed fields. */
export function versionRow(
  writer: ProductWriter,
  action: VersionAction,
  productId: string,
  version: number,
  snapshot: ProductSnapshot,
  changedFields: string[],
): typeof productVersions.$inferInsert {
  return {
    orgId: writer.orgId,
    productId,
    version,
    action,
    changedFields,
    snapshot: { ...snapshot },
    actorId: writer.userId,
    restoredFrom: null,
  };
}

export async function writeProduct(
  tx: DbOrTx,
  caller: ProductWriter,
  current: { row: repo.ProductRow; snap: ProductSnapshot } | null,
  next: ProductSnapshot,
  family: repo.FamilyAttribute[],
  opts: { action: VersionAction; restoredFrom?: number; leftOut?: { field: string; id: string }[] },
): Promise<repo.ProductRow | null> {
  const diff = diffSnapshots(current?.snap ?? null, next);
  if (current && !diff.length && opts.action !== 'restore') return null;
  if (
    current &&
    stableAxes(current.snap.variantAxes) !== stableAxes(next.variantAxes) &&
    (await repo.variantCountOf(tx, current.row.id)) > 0
  ) {
    throw conflict('The variant axes cannot change while the product has variants; remove its variants first', [
      { field: 'variantAxes', message: 'cannot change while the product has variants' },
    ]);
  }
  if (!current || current.snap.sku.toLowerCase() !== next.sku.toLowerCase()) {
    await lockSku(tx, caller.orgId, next.sku);
    if (await repo.skuTaken(tx, caller.orgId, next.sku, current?.row.id)) throw skuTakenError();
  }
  const now = new Date();
  const values = { ...productColumns(next, family), updatedBy: caller.userId, updatedAt: now };
  const row = current
    ? await repo.updateProduct(tx, caller.orgId, current.row.id, { ...values, version: current.row.version + 1 })
    : await repo.insertProduct(tx, caller.orgId, { ...values, version: 1, createdBy: caller.userId, createdAt: now });
  // A new product has no rows to replace: only a non-empty list is written.
  if (current ? current.snap.categoryIds.join() !== next.categoryIds.join() : next.categoryIds.length > 0)
    await repo.replaceCategories(tx, caller.orgId, row.id, next.categoryIds);
  if (current ? current.snap.mediaAssetIds.join() !== next.mediaAssetIds.join() : next.mediaAssetIds.length > 0)
    await repo.replaceMedia(tx, caller.orgId, row.id, next.mediaAssetIds);
  // Completeness per publishing channel, in this transaction (decision 021).
  await refreshChannelCompleteness(tx, caller.orgId, { productIds: [row.id] });
  await repo.insertVersion(tx, {
    orgId: caller.orgId,
    productId: row.id,
    version: row.version,
    action: opts.action,
    changedFields: current ? diff.map((d) => d.field) : [],
    snapshot: { ...next, ...(opts.leftOut?.length ? { leftOut: opts.leftOut } : {}) },
    actorId: caller.userId,
    restoredFrom: opts.restoredFrom ?? null,
  });
  await recordAudit(tx, caller, {
    action: current ? opts.action : 'create',
    entityType: 'product',
    entityId: row.id,
    before: current?.snap ?? null,
    after: next,
  });
  return row;
}

const stableAxes = (a: string[]) => a.join(',');

/** Unique violations that race past the checks are answered as a taken SKU; a vanished reference as 422/409, never a 500. */
export async function guardWrite<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isUniqueViolation(err)) throw skuTakenError();
    if (isForeignKeyViolation(err)) throw conflict('Something this product refers to was removed meanwhile; reload and try again');
    throw err;
  }
}

export async function getProduct(db: Db, caller: Caller, id: string): Promise<c.Product> {
  const row = await repo.findProduct(db, caller.orgId, id);
  if (!row) throw notFound('Product');
  return toProduct(db, row);
}

export async function createProduct(db: Db, caller: Caller, input: c.ProductCreate): Promise<c.Product> {
  return guardWrite(() =>
    db.transaction(async (tx) => {
      const { next, family } = await resolveInput(tx, caller.orgId, null, input);
      const row = (await writeProduct(tx, caller, null, next, family, { action: 'create' }))!;
      return toProduct(tx, row);
    }),
  );
}

export async function updateProduct(db: Db, caller: Caller, id: string, input: c.ProductUpdate): Promise<c.Product> {
  return guardWrite(() =>
    db.transaction(async (tx) => {
      const row = await repo.findProduct(tx, caller.orgId, id, true);
      if (!row) throw notFound('Product');
      if (input.expectedVersion !== row.version) throw staleError();
      const { expectedVersion: _v, ...fields } = input;
      const snap = await snapshotOf(tx, row);
      const { next, family } = await resolveInput(tx, caller.orgId, snap, fields);
      const written = await writeProduct(tx, caller, { row, snap }, next, family, { action: 'update' });
      return toProduct(tx, written ?? row);
    }),
  );
}

export async function deleteProduct(db: Db, caller: Caller, id: string): Promise<void> {
  await db
    .transaction(async (tx) => {
      const row = await repo.findProduct(tx, caller.orgId, id, true);
      if (!row) throw notFound('Product');
      const snap = await snapshotOf(tx, row);
      await repo.deleteProduct(tx, caller.orgId, id);
      await recordAudit(tx, caller, { action: 'delete', entityType: 'product', entityId: id, before: snap });
    })
    .catch((err: unknown) => {
      if (isForeignKeyViolation(err))
        throw new AppError(
          409,
          'conflict',
          'This product is still used elsewhere (for example by sales) and cannot be removed; archive it instead',
        );
      throw err;
    });
}
