import type { marketCategoriesRoutes as c } from '@market/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Caller } from '../../lib/api-route.js';
import { lockUnchanged } from '../../lib/concurrency.js';
import { marketCategories } from '../../db/schema/index.js';
import { and, eq } from 'drizzle-orm';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import * as repo from './market-categories.repository.js';

type Category = c.Category;
type DocumentType = c.DocumentType;

const toCategory = (r: repo.CategoryWithCount): Category => ({
  id: r.id,
  nameEn: r.nameEn,
  nameAr: r.nameAr,
  colour: r.colour,
  descriptionEn: r.descriptionEn,
  descriptionAr: r.descriptionAr,
  targetPerDay: r.targetPerDay,
  requiredDocumentTypes: r.requiredDocumentTypes as DocumentType[],
  isActive: r.isActive,
  vendorCount: r.vendorCount,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const nameTaken = (field: 'nameEn' | 'nameAr') =>
  conflict(`Another category already has this ${field === 'nameEn' ? 'English' : 'Arabic'} name`, [
    { field, message: 'is already used by another category' },
  ]);

/** Empty descriptions are stored as null so "no description" has one spelling. */
const blankToNull = (v: string | null | undefined) => (v === undefined ? undefined : v ? v : null);
const unique = (types: readonly DocumentType[] | undefined) => (types ? [...new Set(types)] : undefined);

async function assertNamesFree(db: DbOrTx, orgId: string, names: { nameEn?: string; nameAr?: string }, exceptId?: string) {
  const clash = await repo.findNameClash(db, orgId, names, exceptId);
  if (clash) throw nameTaken(clash);
}

export async function listCategories(db: Db, caller: Caller, status: 'active' | 'inactive' | 'all' = 'all'): Promise<Category[]> {
  const rows = await repo.listCategories(db, caller.orgId, status === 'all' ? undefined : status === 'active');
  return rows.map(toCategory);
}

export async function getCategory(db: Db, caller: Caller, id: string): Promise<Category> {
  const row = await repo.findCategory(db, caller.orgId, id);
  if (!row) throw notFound('Market category');
  return toCategory(row);
}

export async function createCategory(db: Db, caller: Caller, input: c.CategoryCreate): Promise<Category> {
  try {
    return await db.transaction(async (tx) => {
      await assertNamesFree(tx, caller.orgId, input);
      const row = await repo.insertCategory(tx, caller.orgId, {
        nameEn: input.nameEn,
        nameAr: input.nameAr,
        colour: input.colour.toLowerCase(),
        descriptionEn: blankToNull(input.descriptionEn) ?? null,
        descriptionAr: blankToNull(input.descriptionAr) ?? null,
        targetPerDay: input.targetPerDay,
        requiredDocumentTypes: unique(input.requiredDocumentTypes) ?? [],
        isActive: input.isActive ?? true,
      });
      await recordAudit(tx, caller, { action: 'create', entityType: 'market_category', entityId: row.id, after: row });
      return toCategory({ ...row, vendorCount: 0 });
    });
  } catch (err) {
    // Two requests racing past the check meet the unique index on the English name.
    if (isUniqueViolation(err)) throw nameTaken('nameEn');
    throw err;
  }
}

export async function updateCategory(db: Db, caller: Caller, id: string, input: c.CategoryUpdate): Promise<Category> {
  try {
    return await db.transaction(async (tx) => {
      await lockUnchanged(
        tx,
        marketCategories,
        and(eq(marketCategories.orgId, caller.orgId), eq(marketCategories.id, id)),
        input.expectedUpdatedAt,
      );
      const before = await repo.findCategory(tx, caller.orgId, id);
      if (!before) throw notFound('Market category');
      await assertNamesFree(tx, caller.orgId, input, id);
      const row = await repo.updateCategory(tx, caller.orgId, id, {
        nameEn: input.nameEn,
        nameAr: input.nameAr,
        colour: input.colour?.toLowerCase(),
        descriptionEn: blankToNull(input.descriptionEn),
        descriptionAr: blankToNull(input.descriptionAr),
        targetPerDay: input.targetPerDay,
        requiredDocumentTypes: unique(input.requiredDocumentTypes),
        isActive: input.isActive,
      });
      await recordAudit(tx, caller, { action: 'update', entityType: 'market_category', entityId: id, before, after: row });
      return toCategory({ ...row!, vendorCount: before.vendorCount });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken('nameEn');
    throw err;
  }
}

export async function setActive(db: Db, caller: Caller, id: string, isActive: boolean): Promise<Category> {
  return db.transaction(async (tx) => {
    const before = await repo.findCategory(tx, caller.orgId, id);
    if (!before) throw notFound('Market category');
    if (before.isActive === isActive) return toCategory(before);
    const row = await repo.updateCategory(tx, caller.orgId, id, { isActive });
    await recordAudit(tx, caller, {
      action: isActive ? 'activate' : 'deactivate',
      entityType: 'market_category',
      entityId: id,
      before,
      after: row,
    });
    return toCategory({ ...row!, vendorCount: before.vendorCount });
  });
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export async function deleteCategory(db: Db, caller: Caller, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await repo.findCategory(tx, caller.orgId, id);
    if (!before) throw notFound('Market category');
    const uses = await repo.countUses(tx, caller.orgId, id);
    const parts = [
      uses.vendors ? plural(uses.vendors, 'vendor', 'vendors') : null,
      uses.slots ? plural(uses.slots, 'slot', 'slots') : null,
      uses.marketDays ? plural(uses.marketDays, 'market day', 'market days') : null,
    ].filter((p): p is string => p !== null);
    if (parts.length) {
      throw conflict(`This category is used by ${parts.join(', ')}; deactivate it instead, or move them to another category first`);
    }
    await repo.deleteCategory(tx, caller.orgId, id);
    await recordAudit(tx, caller, { action: 'delete', entityType: 'market_category', entityId: id, before });
  });
}
