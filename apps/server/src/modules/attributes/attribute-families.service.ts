import type { attributesRoutes as c } from '@market/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Caller } from '../../lib/api-route.js';
import { lockUnchanged } from '../../lib/concurrency.js';
import { attributeFamilies } from '../../db/schema/index.js';
import { and, eq } from 'drizzle-orm';
import { conflict, invalid, isForeignKeyViolation, isUniqueViolation, notFound } from '../../lib/errors.js';
import { assertNotUsedByProducts, recomputeFamilyCompleteness } from '../products/index.js';
import { recordAudit } from '../audit/index.js';
import * as repo from './attributes.repository.js';
import { codeTakenError } from './attributes.service.js';

const toFamily = (r: repo.FamilyFull): c.AttributeFamily => ({
  id: r.id,
  code: r.code,
  nameEn: r.nameEn,
  nameAr: r.nameAr,
  attributes: r.attributes,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** Each attribute once, and each an attribute of the organization (another org's id reads as unknown). */
async function checkMembers(db: DbOrTx, orgId: string, list: { attributeId: string }[]): Promise<void> {
  const known = await repo.existingAttributeIds(
    db,
    orgId,
    list.map((a) => a.attributeId),
  );
  const seen = new Set<string>();
  list.forEach((a, i) => {
    if (seen.has(a.attributeId)) throw invalid(`attributes.${i}.attributeId`, 'is already in the list');
    seen.add(a.attributeId);
    if (!known.has(a.attributeId)) throw invalid(`attributes.${i}.attributeId`, 'is not an attribute of this organization');
  });
}

async function assertCodeFree(db: DbOrTx, orgId: string, code: string | undefined, exceptId?: string): Promise<void> {
  if (code !== undefined && (await repo.codeTaken(db, 'families', orgId, code, exceptId))) throw codeTakenError('attribute family');
}

export async function listFamilies(db: Db, caller: Caller): Promise<c.AttributeFamily[]> {
  return (await repo.listFamilies(db, caller.orgId)).map(toFamily);
}

export async function createFamily(db: Db, caller: Caller, input: c.AttributeFamilyCreate): Promise<c.AttributeFamily> {
  try {
    return await db.transaction(async (tx) => {
      await assertCodeFree(tx, caller.orgId, input.code);
      const members = input.attributes ?? [];
      await checkMembers(tx, caller.orgId, members);
      const row = await repo.insertFamily(tx, caller.orgId, { code: input.code, nameEn: input.nameEn, nameAr: input.nameAr });
      await repo.replaceFamilyAttributes(tx, caller.orgId, row.id, members);
      const after = toFamily((await repo.findFamily(tx, caller.orgId, row.id))!);
      await recordAudit(tx, caller, { action: 'create', entityType: 'attribute_family', entityId: row.id, after });
      return after;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw codeTakenError('attribute family');
    throw err;
  }
}

export async function updateFamily(db: Db, caller: Caller, id: string, input: c.AttributeFamilyUpdate): Promise<c.AttributeFamily> {
  try {
    return await db.transaction(async (tx) => {
      await lockUnchanged(
        tx,
        attributeFamilies,
        and(eq(attributeFamilies.orgId, caller.orgId), eq(attributeFamilies.id, id)),
        input.expectedUpdatedAt,
      );
      const before = await repo.findFamily(tx, caller.orgId, id);
      if (!before) throw notFound('Attribute family');
      await assertCodeFree(tx, caller.orgId, input.code, id);
      if (input.attributes) await checkMembers(tx, caller.orgId, input.attributes);
      await repo.updateFamily(tx, caller.orgId, id, { code: input.code, nameEn: input.nameEn, nameAr: input.nameAr });
      if (input.attributes) {
        await repo.replaceFamilyAttributes(tx, caller.orgId, id, input.attributes);
        // Which attributes are in the family and which are required decide every product's completeness.
        const was = before.attributes
          .map((a) => `${a.attributeId}:${a.required}`)
          .sort()
          .join();
        const now = input.attributes
          .map((a) => `${a.attributeId}:${a.required}`)
          .sort()
          .join();
        if (was !== now) await recomputeFamilyCompleteness(tx, caller.orgId, id);
      }
      const after = toFamily((await repo.findFamily(tx, caller.orgId, id))!);
      await recordAudit(tx, caller, { action: 'update', entityType: 'attribute_family', entityId: id, before: toFamily(before), after });
      return after;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw codeTakenError('attribute family');
    throw err;
  }
}

export async function deleteFamily(db: Db, caller: Caller, id: string): Promise<void> {
  await db
    .transaction(async (tx) => {
      const before = await repo.findFamily(tx, caller.orgId, id);
      if (!before) throw notFound('Attribute family');
      await assertNotUsedByProducts(tx, caller.orgId, 'family', id, 'attribute family');
      await repo.deleteFamily(tx, caller.orgId, id);
      await recordAudit(tx, caller, { action: 'delete', entityType: 'attribute_family', entityId: id, before: toFamily(before) });
    })
    .catch((err: unknown) => {
      if (isForeignKeyViolation(err)) throw conflict('This attribute family is used by products; change or remove them first');
      throw err;
    });
}
