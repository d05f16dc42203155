import { attributesRoutes as c } from '@market/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Caller } from '../../lib/api-route.js';
import { assertUnchanged } from '../../lib/concurrency.js';
import { AppError, conflict, invalid, isUniqueViolation, notFound } from '../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import { assertNotUsedByProducts, recomputeFamilyCompleteness } from '../products/index.js';
import * as repo from './attributes.repository.js';

const toAttribute = (r: repo.AttributeFull): c.Attribute => ({
  id: r.id,
  code: r.code,
  type: r.type,
  nameEn: r.nameEn,
  nameAr: r.nameAr,
  localizable: r.localizable,
  unitId: r.unitId,
  unit: r.unit,
  validation: r.validation as c.AttributeValidation,
  options: r.options.map((o) => ({ id: o.id, code: o.code, labelEn: o.labelEn, labelAr: o.labelAr, position: o.position })),
  familyCount: r.familyCount,
  requiredFamilyCount: r.requiredFamilyCount,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export const codeTakenError = (what: string) =>
  conflict(`Another ${what} already has this code`, [{ field: 'code', message: `is already used by another ${what}` }]);

const isSelect = (type: c.AttributeType) => c.SELECT_TYPES.includes(type);
const typeLabel = (type: c.AttributeType) => type.replace('_', ' ');

/** Checks the options of a select attribute: at least one, codes unique (any case), ids of this attribute only. */
function checkOptions(options: c.AttributeOptionInput[], knownIds: Set<string>): void {
  if (!options.length) throw invalid('options', 'a select attribute needs at least one option');
  const seen = new Set<string>();
  options.forEach((o, i) => {
    const key = o.code.toLowerCase();
    if (seen.has(key)) throw invalid(`options.${i}.code`, `"${o.code}" is used by another option of this attribute`);
    seen.add(key);
    if (o.id && !knownIds.has(o.id)) throw invalid(`options.${i}.id`, 'is not an option of this attribute');
  });
  const ids = options.map((o) => o.id).filter(Boolean);
  if (new Set(ids).size !== ids.length) throw invalid('options', 'names one option id twice');
}

function parseValidation(type: c.AttributeType, raw: unknown): c.AttributeValidation {
  const parsed = c.attributeValidationSchemas[type].safeParse(raw);
  if (parsed.success) return parsed.data as c.AttributeValidation;
  const fields = parsed.error.issues.map((i) => {
    const keys = (i as { keys?: string[] }).keys;
    const path = ['validation', ...i.path.map(String), ...(keys?.length ? [keys.join(', ')] : [])].join('.');
    const message = i.code === 'unrecognized_keys' ? `is not a rule of a ${typeLabel(type)} attribute` : i.message;
    return { field: path, message };
  });
  throw new AppError(422, 'validation_failed', fields.map((f) => `${f.field}: ${f.message}`).join('; '), fields);
}

function checkChoices(validation: c.AttributeValidation, optionCount: number): void {
  if (validation.minChoices !== undefined && validation.minChoices > optionCount) {
    throw invalid('validation.minChoices', `is more than the ${optionCount} options`);
  }
}

async function checkUnit(db: DbOrTx, orgId: string, unitId: string): Promise<void> {
  if (!(await repo.unitExists(db, orgId, unitId))) throw invalid('unitId', 'is not a unit of this organization');
}

async function assertCodeFree(db: DbOrTx, orgId: string, code: string | undefined, exceptId?: string): Promise<void> {
  if (code !== undefined && (await repo.codeTaken(db, 'attributes', orgId, code, exceptId))) throw codeTakenError('attribute');
}

export async function listAttributes(db: Db, caller: Caller): Promise<c.Attribute[]> {
  return (await repo.listAttributes(db, caller.orgId)).map(toAttribute);
}

export async function createAttribute(db: Db, caller: Caller, input: c.AttributeCreate): Promise<c.Attribute> {
  try {
    return await db.transaction(async (tx) => {
      await assertCodeFree(tx, caller.orgId, input.code);
      const options = 'options' in input ? input.options : [];
      if (isSelect(input.type)) checkOptions(options, new Set());
      const validation = (input.validation ?? {}) as c.AttributeValidation;
      if (input.type === 'multi_select') checkChoices(validation, options.length);
      const unitId = input.type === 'measurement' ? input.unitId : null;
      if (unitId) await checkUnit(tx, caller.orgId, unitId);
      const row = await repo.insertAttribute(tx, caller.orgId, {
        code: input.code,
        type: input.type,
        nameEn: input.nameEn,
        nameAr: input.nameAr,
        localizable: 'localizable' in input ? Boolean(input.localizable) : false,
        unitId,
        validation,
      });
      if (options.length) await repo.replaceOptions(tx, caller.orgId, row.id, options);
      const full = (await repo.findAttribute(tx, caller.orgId, row.id))!;
      await recordAudit(tx, caller, { action: 'create', entityType: 'attribute', entityId: row.id, after: toAttribute(full) });
      return toAttribute(full);
    });
  } catch (err) {
    // Two requests racing past the check meet the unique index on lower(code).
    if (isUniqueViolation(err)) throw codeTakenError('attribute');
    throw err;
  }
}

export async function updateAttribute(db: Db, caller: Caller, id: string, input: c.AttributeUpdate): Promise<c.Attribute> {
  try {
    return await db.transaction(async (tx) => {
      if (!(await repo.lockAttribute(tx, caller.orgId, id))) throw notFound('Attribute');
      const before = (await repo.findAttribute(tx, caller.orgId, id))!;
      assertUnchanged(before.updatedAt, input.expectedUpdatedAt);
      const type = before.type;
      if (input.type !== undefined && input.type !== type) {
        throw invalid('type', `cannot be changed once created (this attribute is ${typeLabel(type)}); create a new attribute instead`);
      }
      await assertCodeFree(tx, caller.orgId, input.code, id);
      if (input.localizable && !c.LOCALIZABLE_TYPES.includes(type))
        throw invalid('localizable', 'only text and long text attributes can be localisable');
      const validation = input.validation !== undefined ? parseValidation(type, input.validation) : undefined;
      if (input.options !== undefined) {
        if (!isSelect(type)) throw invalid('options', `a ${typeLabel(type)} attribute has no options`);
        checkOptions(input.options, new Set(before.options.map((o) => o.id)));
      }
      if (input.unitId !== undefined) {
        if (type !== 'measurement') throw invalid('unitId', `a ${typeLabel(type)} attribute has no unit`);
        if (input.unitId === null) throw invalid('unitId', 'is required for a measurement attribute');
        await checkUnit(tx, caller.orgId, input.unitId);
      }
      if (type === 'multi_select') {
        checkChoices(validation ?? (before.validation as c.AttributeValidation), input.options?.length ?? before.options.length);
      }
      await repo.updateAttribute(tx, caller.orgId, id, {
        code: input.code,
        nameEn: input.nameEn,
        nameAr: input.nameAr,
        localizable: input.localizable,
        unitId: input.unitId ?? undefined,
        validation,
      });
      if (input.options !== undefined) await repo.replaceOptions(tx, caller.orgId, id, input.options);
      // A localisable attribute counts per language in completeness: the families using it recompute.
      if (input.localizable !== undefined && input.localizable !== before.localizable) {
        for (const familyId of await repo.familyIdsUsing(tx, caller.orgId, id))
          await recomputeFamilyCompleteness(tx, caller.orgId, familyId);
      }
      const after = toAttribute((await repo.findAttribute(tx, caller.orgId, id))!);
      await recordAudit(tx, caller, { action: 'update', entityType: 'attribute', entityId: id, before: toAttribute(before), after });
      return after;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw codeTakenError('attribute');
    throw err;
  }
}

export async function deleteAttribute(db: Db, caller: Caller, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await repo.lockAttribute(tx, caller.orgId, id))) throw notFound('Attribute');
    const families = await repo.familiesUsing(tx, caller.orgId, id);
    if (families.length) {
      const n = families.length;
      throw conflict(
        `This attribute is used by ${n} attribute ${n === 1 ? 'family' : 'families'} (${families.join(', ')}); remove it from ${n === 1 ? 'that family' : 'them'} first`,
      );
    }
    await assertNotUsedByProducts(tx, caller.orgId, 'attribute', id, 'attribute');
    const before = (await repo.findAttribute(tx, caller.orgId, id))!;
    await repo.deleteAttribute(tx, caller.orgId, id);
    await recordAudit(tx, caller, { action: 'delete', entityType: 'attribute', entityId: id, before: toAttribute(before) });
  });
}
