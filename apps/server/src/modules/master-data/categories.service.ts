import type { masterDataRoutes as c } from '@market/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { catalogCategories } from '../../db/schema/index.js';
import type { Caller } from '../../lib/api-route.js';
import { assertUnchanged } from '../../lib/concurrency.js';
import { conflict, invalid, isForeignKeyViolation, notFound } from '../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import { assertNotUsedByProducts } from '../products/index.js';
import * as repo from './categories.repository.js';
import { codeInUse } from './master-data.repository.js';
import { blankToNull, codeTaken, iso, lockList, withCodeGuard } from './master-data.shared.js';

type Category = c.CatalogCategory;
const WHAT = 'category';
const toCategory = (r: repo.CategoryRow): Category => iso({ ...r });
/** Depth first, siblings by position: parents always come before their children. */
function treeOrder(rows: repo.CategoryRow[]): repo.CategoryRow[] {
  const byParent = new Map<string | null, repo.CategoryRow[]>();
  for (const r of rows) byParent.set(r.parentId, [...(byParent.get(r.parentId) ?? []), r]);
  const out: repo.CategoryRow[] = [];
  const walk = (parentId: string | null) => {
    for (const r of byParent.get(parentId) ?? []) {
      out.push(r);
      walk(r.id);
    }
  };
  walk(null);
  return out;
}

export async function listCategories(db: DbOrTx, caller: Caller): Promise<Category[]> {
  return treeOrder(await repo.listCategories(db, caller.orgId)).map(toCategory);
}

async function assertParent(tx: DbOrTx, orgId: string, parentId: string | null | undefined) {
  if (parentId && !(await repo.findCategory(tx, orgId, parentId))) throw invalid('parentId', 'is not a category of this organization');
}

export async function createCategory(db: Db, caller: Caller, input: c.CatalogCategoryCreate): Promise<Category> {
  return withCodeGuard(WHAT, () =>
    db.transaction(async (tx) => {
      await lockList(tx, 'catalog-tree', caller.orgId);
      if (await codeInUse(tx, catalogCategories, caller.orgId, input.code)) throw codeTaken(WHAT);
      const parentId = input.parentId ?? null;
      await assertParent(tx, caller.orgId, parentId);
      const position = (await repo.siblings(tx, caller.orgId, parentId)).length;
      const row = await repo.insertCategory(tx, caller.orgId, {
        parentId,
        position,
        code: input.code,
        nameEn: input.nameEn,
        nameAr: input.nameAr,
        descriptionEn: blankToNull(input.descriptionEn) ?? null,
        descriptionAr: blankToNull(input.descriptionAr) ?? null,
      });
      await recordAudit(tx, caller, { action: 'create', entityType: 'catalog_category', entityId: row.id, after: row });
      return toCategory(row);
    }),
  );
}

export async function updateCategory(db: Db, caller: Caller, id: string, input: c.CatalogCategoryUpdate): Promise<Category> {
  return withCodeGuard(WHAT, () =>
    db.transaction(async (tx) => {
      await lockList(tx, 'catalog-tree', caller.orgId);
      const before = await repo.findCategory(tx, caller.orgId, id, true);
      if (!before) throw notFound('Category');
      assertUnchanged(before.updatedAt, input.expectedUpdatedAt);
      if (input.code !== undefined && (await codeInUse(tx, catalogCategories, caller.orgId, input.code, id))) throw codeTaken(WHAT);
      const row = await repo.updateCategory(tx, caller.orgId, id, {
        code: input.code,
        nameEn: input.nameEn,
        nameAr: input.nameAr,
        descriptionEn: blankToNull(input.descriptionEn),
        descriptionAr: blankToNull(input.descriptionAr),
      });
      await recordAudit(tx, caller, { action: 'update', entityType: 'catalog_category', entityId: id, before, after: row });
      return toCategory(row!);
    }),
  );
}

/** Puts the category at `position` among the children of `parentId` and renumbers both sibling lists. */
export async function moveCategory(db: Db, caller: Caller, id: string, input: c.CatalogCategoryMove): Promise<Category[]> {
  return db.transaction(async (tx) => {
    await lockList(tx, 'catalog-tree', caller.orgId);
    const before = await repo.findCategory(tx, caller.orgId, id, true);
    if (!before) throw notFound('Category');
    const all = await repo.listCategories(tx, caller.orgId);
    const byId = new Map(all.map((r) => [r.id, r]));
    if (input.parentId && !byId.has(input.parentId)) throw invalid('parentId', 'is not a category of this organization');
    for (let at = input.parentId; at; at = byId.get(at)?.parentId ?? null) {
      if (at === id) throw invalid('parentId', 'cannot be the category itself or one of its descendants');
    }
    const oldSiblings = all.filter((r) => r.parentId === before.parentId && r.id !== id);
    const newSiblings = before.parentId === input.parentId ? oldSiblings : all.filter((r) => r.parentId === input.parentId);
    const target = [...newSiblings];
    target.splice(Math.min(input.position, target.length), 0, before);
    if (before.parentId !== input.parentId) await repo.renumber(tx, caller.orgId, before.parentId, oldSiblings);
    await repo.renumber(tx, caller.orgId, input.parentId, target);
    const after = await repo.findCategory(tx, caller.orgId, id);
    await recordAudit(tx, caller, {
      action: 'move',
      entityType: 'catalog_category',
      entityId: id,
      before: { parentId: before.parentId, position: before.position },
      after: { parentId: after!.parentId, position: after!.position },
    });
    return listCategories(tx, caller);
  });
}

export async function deleteCategory(db: Db, caller: Caller, id: string): Promise<void> {
  await inUseGuard('category', () =>
    db.transaction(async (tx) => {
      await lockList(tx, 'catalog-tree', caller.orgId);
      const before = await repo.findCategory(tx, caller.orgId, id, true);
      if (!before) throw notFound('Category');
      const children = await repo.countChildren(tx, caller.orgId, id);
      if (children) throw conflict(`This category has ${children} sub-categor${children === 1 ? 'y' : 'ies'}; move or remove them first`);
      await assertNotUsedByProducts(tx, caller.orgId, 'category', id, 'category');
      await repo.deleteCategory(tx, caller.orgId, id);
      await repo.renumber(tx, caller.orgId, before.parentId, await repo.siblings(tx, caller.orgId, before.parentId));
      await recordAudit(tx, caller, { action: 'delete', entityType: 'catalog_category', entityId: id, before });
    }),
  );
}

/** A product that started using the row after the check meets the foreign key (restrict): answered 409, not 500. */
async function inUseGuard(what: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (err) {
    if (isForeignKeyViolation(err)) throw conflict(`This ${what} is used by products; change or remove them first`);
    throw err;
  }
}
