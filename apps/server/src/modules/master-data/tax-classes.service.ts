import type { masterDataRoutes as c } from '@market/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { taxClasses } from '../../db/schema/index.js';
import type { Caller } from '../../lib/api-route.js';
import { assertUnchanged } from '../../lib/concurrency.js';
import { conflict, isForeignKeyViolation, notFound } from '../../lib/errors.js';
import { assertNotUsedByProducts } from '../products/index.js';
import { recordAudit } from '../audit/index.js';
import { codeInUse } from './master-data.repository.js';
import { codeTaken, iso, withCodeGuard } from './master-data.shared.js';
import * as repo from './tax-currency.repository.js';

const toRate = (r: repo.TaxRateRow): c.TaxRate => iso({ ...r });
const toClass = (r: repo.TaxClassRow, rates: repo.TaxRateRow[]): c.TaxClass =>
  iso({ ...r, rates: rates.filter((x) => x.taxClassId === r.id).map(toRate) });

export async function listTaxClasses(db: DbOrTx, caller: Caller): Promise<c.TaxClass[]> {
  const classes = await repo.listTaxClasses(db, caller.orgId);
  const rates = await repo.ratesOf(
    db,
    caller.orgId,
    classes.map((x) => x.id),
  );
  return classes.map((x) => toClass(x, rates));
}

export async function saveTaxClass(
  db: Db,
  caller: Caller,
  id: string | null,
  input: Omit<c.TaxClassUpdate, 'expectedUpdatedAt'> & { expectedUpdatedAt?: string },
): Promise<c.TaxClass> {
  return withCodeGuard('tax class', () =>
    db.transaction(async (tx) => {
      const before = id ? await repo.taxClassRows.find(tx, caller.orgId, id, true) : null;
      if (id && !before) throw notFound('Tax class');
      if (before) assertUnchanged(before.updatedAt, input.expectedUpdatedAt ?? '');
      if (input.code !== undefined && (await codeInUse(tx, taxClasses, caller.orgId, input.code, id ?? undefined)))
        throw codeTaken('tax class');
      const values = { code: input.code, nameEn: input.nameEn, nameAr: input.nameAr, isDefault: input.isDefault };
      const row = id
        ? await repo.taxClassRows.update(tx, caller.orgId, id, values)
        : await repo.taxClassRows.insert(tx, caller.orgId, values);
      if (input.isDefault) await repo.clearDefaultTaxClass(tx, caller.orgId, row.id);
      await recordAudit(tx, caller, { action: id ? 'update' : 'create', entityType: 'tax_class', entityId: row.id, before, after: row });
      return toClass(row, await repo.ratesOf(tx, caller.orgId, [row.id]));
    }),
  );
}

/** Its rates go with it (cascade); a tax class products use is refused (409). */
export async function deleteTaxClass(db: Db, caller: Caller, id: string): Promise<void> {
  await db
    .transaction(async (tx) => {
      const before = await repo.taxClassRows.find(tx, caller.orgId, id, true);
      if (!before) throw notFound('Tax class');
      await assertNotUsedByProducts(tx, caller.orgId, 'taxClass', id, 'tax class');
      const rates = await repo.ratesOf(tx, caller.orgId, [id]);
      await repo.taxClassRows.remove(tx, caller.orgId, id);
      await recordAudit(tx, caller, { action: 'delete', entityType: 'tax_class', entityId: id, before: { ...before, rates } });
    })
    .catch((err: unknown) => {
      if (isForeignKeyViolation(err)) throw conflict('This tax class is used by products; change or remove them first');
      throw err;
    });
}

export async function createTaxRate(db: Db, caller: Caller, classId: string, input: c.TaxRateCreate): Promise<c.TaxRate> {
  return db.transaction(async (tx) => {
    if (!(await repo.taxClassRows.find(tx, caller.orgId, classId, true))) throw notFound('Tax class');
    const row = await repo.taxRateRows.insert(tx, caller.orgId, { ...input, taxClassId: classId, country: input.country ?? null });
    await recordAudit(tx, caller, { action: 'create', entityType: 'tax_rate', entityId: row.id, after: row });
    return toRate(row);
  });
}

export async function updateTaxRate(db: Db, caller: Caller, id: string, input: c.TaxRateUpdate): Promise<c.TaxRate> {
  return db.transaction(async (tx) => {
    const before = await repo.taxRateRows.find(tx, caller.orgId, id, true);
    if (!before) throw notFound('Tax rate');
    const { expectedUpdatedAt, ...values } = input;
    assertUnchanged(before.updatedAt, expectedUpdatedAt);
    const row = await repo.taxRateRows.update(tx, caller.orgId, id, values);
    await recordAudit(tx, caller, { action: 'update', entityType: 'tax_rate', entityId: id, before, after: row });
    return toRate(row);
  });
}

export async function deleteTaxRate(db: Db, caller: Caller, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await repo.taxRateRows.find(tx, caller.orgId, id, true);
    if (!before) throw notFound('Tax rate');
    await repo.taxRateRows.remove(tx, caller.orgId, id);
    await recordAudit(tx, caller, { action: 'delete', entityType: 'tax_rate', entityId: id, before });
  });
}
