import type { masterDataRoutes as c } from '@market/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { brands, units } from '../../db/schema/index.js';
import type { Caller } from '../../lib/api-route.js';
import { assertUnchanged } from '../../lib/concurrency.js';
import { conflict, isForeignKeyViolation, notFound } from '../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import { assertNotUsedByProducts } from '../products/index.js';
import * as repo from './brands-units.repository.js';
import { codeInUse } from './master-data.repository.js';
import { blankToNull, codeTaken, iso, withCodeGuard } from './master-data.shared.js';

const toBrand = (r: repo.BrandRow): c.Brand => iso({ ...r });
const toUnit = (r: repo.UnitRow): c.Unit => iso({ ...r });

export async function listBrands(db: DbOrTx, caller: Caller): Promise<c.Brand[]> {
  return (await repo.listBrands(db, caller.orgId)).map(toBrand);
}

const brandValues = (input: Saving<c.BrandUpdate>) => ({
  code: input.code,
  nameEn: input.nameEn,
  nameAr: input.nameAr,
  descriptionEn: blankToNull(input.descriptionEn),
  descriptionAr: blankToNull(input.descriptionAr),
  website: blankToNull(input.website),
  isActive: input.isActive,
});

/** Create and update share one path; an update names the stamp it was based on (the contract requires it). */
type Saving<T> = Omit<T, 'expectedUpdatedAt'> & { expectedUpdatedAt?: string };

export async function saveBrand(db: Db, caller: Caller, id: string | null, input: Saving<c.BrandUpdate>): Promise<c.Brand> {
  return withCodeGuard('brand', () =>
    db.transaction(async (tx) => {
      const before = id ? await repo.brandRows.find(tx, caller.orgId, id, true) : null;
      if (id && !before) throw notFound('Brand');
      if (before) assertUnchanged(before.updatedAt, input.expectedUpdatedAt ?? '');
      if (input.code !== undefined && (await codeInUse(tx, brands, caller.orgId, input.code, id ?? undefined))) throw codeTaken('brand');
      const row = id
        ? await repo.brandRows.update(tx, caller.orgId, id, brandValues(input))
        : await repo.brandRows.insert(tx, caller.orgId, brandValues(input));
      await recordAudit(tx, caller, { action: id ? 'update' : 'create', entityType: 'brand', entityId: row.id, before, after: row });
      return toBrand(row);
    }),
  );
}

export async function deleteBrand(db: Db, caller: Caller, id: string): Promise<void> {
  await db
    .transaction(async (tx) => {
      const before = await repo.brandRows.find(tx, caller.orgId, id, true);
      if (!before) throw notFound('Brand');
      await assertNotUsedByProducts(tx, caller.orgId, 'brand', id, 'brand');
      await repo.brandRows.remove(tx, caller.orgId, id);
      await recordAudit(tx, caller, { action: 'delete', entityType: 'brand', entityId: id, before });
    })
    .catch((err: unknown) => {
      // A product that took the brand after the check meets the foreign key (restrict).
      if (isForeignKeyViolation(err)) throw conflict('This brand is used by products; change or remove them first');
      throw err;
    });
}

export async function listUnits(db: DbOrTx, caller: Caller): Promise<c.Unit[]> {
  return (await repo.listUnits(db, caller.orgId)).map(toUnit);
}

export async function saveUnit(db: Db, caller: Caller, id: string | null, input: Saving<c.UnitUpdate>): Promise<c.Unit> {
  return withCodeGuard('unit', () =>
    db.transaction(async (tx) => {
      const before = id ? await repo.unitRows.find(tx, caller.orgId, id, true) : null;
      if (id && !before) throw notFound('Unit');
      if (before) assertUnchanged(before.updatedAt, input.expectedUpdatedAt ?? '');
      if (input.code !== undefined && (await codeInUse(tx, units, caller.orgId, input.code, id ?? undefined))) throw codeTaken('unit');
      const values = { code: input.code, kind: input.kind, symbol: input.symbol, nameEn: input.nameEn, nameAr: input.nameAr };
      const row = id ? await repo.unitRows.update(tx, caller.orgId, id, values) : await repo.unitRows.insert(tx, caller.orgId, values);
      await recordAudit(tx, caller, { action: id ? 'update' : 'create', entityType: 'unit', entityId: row.id, before, after: row });
      return toUnit(row);
    }),
  );
}

export async function deleteUnit(db: Db, caller: Caller, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await repo.unitRows.find(tx, caller.orgId, id, true);
    if (!before) throw notFound('Unit');
    const used = await repo.attributesUsingUnit(tx, caller.orgId, id);
    if (used) throw conflict(`This unit is used by ${used} attribute${used === 1 ? '' : 's'}; change them to another unit first`);
    await repo.unitRows.remove(tx, caller.orgId, id);
    await recordAudit(tx, caller, { action: 'delete', entityType: 'unit', entityId: id, before });
  });
}
