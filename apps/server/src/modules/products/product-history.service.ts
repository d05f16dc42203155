import type { productsRoutes as c } from '@market/contracts';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/api-route.js';
import { notFound } from '../../lib/errors.js';
import { validateAttributeValue } from './attribute-values.js';
import * as repo from './products.repository.js';
import { guardWrite, resolveInput, snapshotOf, staleError, toProduct, writeProduct } from './products.service.js';
import { diffSnapshots, pickSnapshot, type ProductSnapshot } from './product-snapshot.js';

const summary = (r: repo.VersionRow, names: Map<string, string>): c.ProductVersionSummary => ({
  version: r.version,
  action: r.action,
  changedFields: r.changedFields ?? [],
  actor: r.actorId ? { id: r.actorId, name: names.get(r.actorId) ?? 'Unknown user' } : null,
  restoredFrom: r.restoredFrom ?? null,
  createdAt: r.createdAt.toISOString(),
});

async function assertProduct(db: Db, orgId: string, id: string): Promise<void> {
  if (!(await repo.findProduct(db, orgId, id))) throw notFound('Product');
}

export async function listVersions(db: Db, caller: Caller, id: string): Promise<c.ProductVersionSummary[]> {
  await assertProduct(db, caller.orgId, id);
  const rows = await repo.listVersions(db, caller.orgId, id);
  const names = await repo.userNames(
    db,
    rows.map((r) => r.actorId),
  );
  return rows.map((r) => summary(r, names));
}

export async function getVersion(db: Db, caller: Caller, id: string, version: number): Promise<c.ProductVersionDetail> {
  await assertProduct(db, caller.orgId, id);
  const { row, previous } = await repo.versionAndPrevious(db, caller.orgId, id, version);
  if (!row) throw notFound('Version');
  const names = await repo.userNames(db, [row.actorId]);
  const snapshot = row.snapshot ?? {};
  const leftOut = Array.isArray(snapshot.leftOut) ? (snapshot.leftOut as { field: string; id: string }[]) : undefined;
  return {
    ...summary(row, names),
    snapshot,
    diff: diffSnapshots(previous ? pickSnapshot(previous.snapshot) : null, pickSnapshot(snapshot)),
    ...(leftOut ? { leftOut } : {}),
  };
}

/**
 * Brings back a version's fields as a new version. References that no longer exist (a deleted brand,
 * category, file, family or attribute) and values their attribute now refuses are left out and named
 * in the new version's snapshot (`leftOut`).
 */
export async function restoreVersion(db: Db, caller: Caller, id: string, version: number, expectedVersion: number): Promise<c.Product> {
  return guardWrite(() =>
    db.transaction(async (tx) => {
      const row = await repo.findProduct(tx, caller.orgId, id, true);
      if (!row) throw notFound('Product');
      // Restoring over a version the screen never saw would silently undo someone else's edit.
      if (expectedVersion !== row.version) throw staleError();
      const { row: v } = await repo.versionAndPrevious(tx, caller.orgId, id, version);
      if (!v) throw notFound('Version');
      const old = pickSnapshot(v.snapshot) as ProductSnapshot;
      const leftOut: { field: string; id: string }[] = [];
      const keep = async (kind: repo.RefKind, field: string, ref: string | null | undefined) => {
        if (!ref) return null;
        if ((await repo.existingIds(tx, kind, caller.orgId, [ref])).has(ref)) return ref;
        leftOut.push({ field, id: ref });
        return null;
      };
      const brandId = await keep('brand', 'brandId', old.brandId);
      const familyId = await keep('family', 'familyId', old.familyId);
      const vendorId = await keep('vendor', 'vendorId', old.vendorId);
      const taxClassId = await keep('taxClass', 'taxClassId', old.taxClassId);
      const cats = await repo.existingIds(tx, 'category', caller.orgId, old.categoryIds ?? []);
      const media = await repo.existingIds(tx, 'asset', caller.orgId, old.mediaAssetIds ?? []);
      for (const x of old.categoryIds ?? []) if (!cats.has(x)) leftOut.push({ field: 'categoryIds', id: x });
      for (const x of old.mediaAssetIds ?? []) if (!media.has(x)) leftOut.push({ field: 'mediaAssetIds', id: x });
      const family = familyId ? await repo.familyAttributes(tx, caller.orgId, familyId) : [];
      const byId = new Map(family.map((a) => [a.id, a]));
      const assetIds = await repo.existingIds(
        tx,
        'asset',
        caller.orgId,
        Object.values(old.values ?? {}).filter((x): x is string => typeof x === 'string' && /^[0-9a-f-]{36}$/i.test(x)),
      );
      const current = await snapshotOf(tx, row);
      const values: Record<string, unknown> = {};
      for (const k of Object.keys(current.values)) values[k] = null;
      for (const [k, val] of Object.entries(old.values ?? {})) {
        const a = byId.get(k);
        const ok = a && !validateAttributeValue(a, val).length && (a.type !== 'media' || assetIds.has(String(val)));
        if (ok) values[k] = val;
        else leftOut.push({ field: `values.${k}`, id: k });
      }
      // Axes shape the variants: while the product has variants they stay as they are.
      const axes =
        (await repo.variantCountOf(tx, id)) > 0 && current.familyId === familyId
          ? current.variantAxes
          : (old.variantAxes ?? []).filter((x) => byId.get(x)?.type === 'single_select');
      const { next } = await resolveInput(tx, caller.orgId, current, {
        sku: old.sku,
        nameEn: old.nameEn,
        nameAr: old.nameAr ?? '',
        descriptionEn: old.descriptionEn ?? '',
        descriptionAr: old.descriptionAr ?? '',
        status: old.status,
        priceMinor: old.priceMinor,
        brandId,
        familyId,
        vendorId,
        taxClassId,
        categoryIds: (old.categoryIds ?? []).filter((x) => cats.has(x)),
        mediaAssetIds: (old.mediaAssetIds ?? []).filter((x) => media.has(x)),
        values,
        variantAxes: axes,
      });
      const written = await writeProduct(tx, caller, { row, snap: current }, next, family, {
        action: 'restore',
        restoredFrom: version,
        leftOut,
      });
      return toProduct(tx, written ?? row);
    }),
  );
}
