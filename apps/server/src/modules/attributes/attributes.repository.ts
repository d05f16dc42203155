import { and, asc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { attributeFamilies, attributeFamilyAttributes, attributeOptions, attributes, units } from '../../db/schema/index.js';

export type AttributeRow = typeof attributes.$inferSelect;
export type OptionRow = typeof attributeOptions.$inferSelect;
export type FamilyRow = typeof attributeFamilies.$inferSelect;
export type UnitRef = { id: string; code: string; symbol: string };
export type AttributeFull = AttributeRow & { options: OptionRow[]; unit: UnitRef | null; familyCount: number; requiredFamilyCount: number };
export type FamilyMember = {
  attributeId: string;
  code: string;
  nameEn: string;
  nameAr: string;
  type: AttributeRow['type'];
  required: boolean;
  position: number;
};
export type FamilyFull = FamilyRow & { attributes: FamilyMember[] };
type AttributeValues = Omit<typeof attributes.$inferInsert, 'id' | 'orgId' | 'createdAt' | 'updatedAt'>;
type OptionValues = { id?: string; code: string; labelEn: string; labelAr: string };

const familyCount = sql<number>`(select count(*)::int from ${attributeFamilyAttributes} fa where fa.attribute_id = ${attributes.id})`;
const requiredFamilyCount = sql<number>`(select count(*)::int from ${attributeFamilyAttributes} fa where fa.attribute_id = ${attributes.id} and fa.required)`;

export async function listAttributes(db: DbOrTx, orgId: string, id?: string): Promise<AttributeFull[]> {
  const rows = await db
    .select({ row: attributes, familyCount, requiredFamilyCount, unit: { id: units.id, code: units.code, symbol: units.symbol } })
    .from(attributes)
    .leftJoin(units, eq(units.id, attributes.unitId))
    .where(and(eq(attributes.orgId, orgId), id ? eq(attributes.id, id) : undefined))
    .orderBy(asc(attributes.position), asc(sql`lower(${attributes.code})`));
  if (!rows.length) return [];
  const ids = rows.map((r) => r.row.id);
  const options = await listOptions(db, orgId, ids);
  return rows.map((r) => ({
    ...r.row,
    unit: r.unit?.id ? (r.unit as UnitRef) : null,
    familyCount: Number(r.familyCount),
    requiredFamilyCount: Number(r.requiredFamilyCount),
    options: options.filter((o) => o.attributeId === r.row.id),
  }));
}

/** The options of these attributes of the organization, in their order. */
export async function listOptions(db: DbOrTx, orgId: string, attributeIds: string[]): Promise<OptionRow[]> {
  if (!attributeIds.length) return [];
  return db
    .select()
    .from(attributeOptions)
    .where(and(eq(attributeOptions.orgId, orgId), inArray(attributeOptions.attributeId, attributeIds)))
    .orderBy(asc(attributeOptions.position));
}

export async function findAttribute(db: DbOrTx, orgId: string, id: string): Promise<AttributeFull | null> {
  return (await listAttributes(db, orgId, id))[0] ?? null;
}

/** Locks the row so two edits of one attribute's options do not interleave. */
export async function lockAttribute(db: DbOrTx, orgId: string, id: string): Promise<boolean> {
  const [r] = await db
    .select({ id: attributes.id })
    .from(attributes)
    .where(and(eq(attributes.orgId, orgId), eq(attributes.id, id)))
    .for('update');
  return Boolean(r);
}

export async function codeTaken(
  db: DbOrTx,
  table: 'attributes' | 'families',
  orgId: string,
  code: string,
  exceptId?: string,
): Promise<boolean> {
  const t = table === 'attributes' ? attributes : attributeFamilies;
  const [hit] = await db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.orgId, orgId), eq(sql`lower(${t.code})`, code.toLowerCase()), exceptId ? ne(t.id, exceptId) : undefined))
    .limit(1);
  return Boolean(hit);
}

export async function unitExists(db: DbOrTx, orgId: string, id: string): Promise<boolean> {
  const [u] = await db
    .select({ id: units.id })
    .from(units)
    .where(and(eq(units.orgId, orgId), eq(units.id, id)))
    .limit(1);
  return Boolean(u);
}

export async function insertAttribute(db: DbOrTx, orgId: string, values: AttributeValues): Promise<AttributeRow> {
  return (
    await db
      .insert(attributes)
      .values({ ...values, orgId })
      .returning()
  )[0]!;
}

export async function updateAttribute(db: DbOrTx, orgId: string, id: string, values: Partial<AttributeValues>): Promise<void> {
  await db
    .update(attributes)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(attributes.orgId, orgId), eq(attributes.id, id)));
}

/** Replaces the options: kept ids are updated in place (products may refer to them), the rest deleted or inserted. */
export async function replaceOptions(db: DbOrTx, orgId: string, attributeId: string, options: OptionValues[]): Promise<void> {
  const keep = options.map((o) => o.id).filter((id): id is string => Boolean(id));
  await db
    .delete(attributeOptions)
    .where(and(eq(attributeOptions.attributeId, attributeId), keep.length ? notInArray(attributeOptions.id, keep) : undefined));
  // Codes are unique per attribute: move kept rows out of the way before writing the new codes.
  if (keep.length) {
    await db
      .update(attributeOptions)
      .set({ code: sql`${attributeOptions.id}::text || '~'` })
      .where(eq(attributeOptions.attributeId, attributeId));
  }
  for (const [position, o] of options.entries()) {
    const values = { code: o.code, labelEn: o.labelEn, labelAr: o.labelAr, position, updatedAt: new Date() };
    if (o.id)
      await db
        .update(attributeOptions)
        .set(values)
        .where(and(eq(attributeOptions.attributeId, attributeId), eq(attributeOptions.id, o.id)));
    else await db.insert(attributeOptions).values({ ...values, orgId, attributeId });
  }
}

export async function familiesUsing(db: DbOrTx, orgId: string, attributeId: string): Promise<string[]> {
  const rows = await db
    .select({ code: attributeFamilies.code })
    .from(attributeFamilyAttributes)
    .innerJoin(attributeFamilies, eq(attributeFamilies.id, attributeFamilyAttributes.familyId))
    .where(and(eq(attributeFamilyAttributes.orgId, orgId), eq(attributeFamilyAttributes.attributeId, attributeId)))
    .orderBy(asc(attributeFamilies.code));
  return rows.map((r) => r.code);
}

export async function familyIdsUsing(db: DbOrTx, orgId: string, attributeId: string): Promise<string[]> {
  const rows = await db
    .select({ id: attributeFamilyAttributes.familyId })
    .from(attributeFamilyAttributes)
    .where(and(eq(attributeFamilyAttributes.orgId, orgId), eq(attributeFamilyAttributes.attributeId, attributeId)));
  return rows.map((r) => r.id);
}

export async function deleteAttribute(db: DbOrTx, orgId: string, id: string): Promise<void> {
  await db.delete(attributes).where(and(eq(attributes.orgId, orgId), eq(attributes.id, id)));
}

/** Which of these ids are attributes of the organization. */
export async function existingAttributeIds(db: DbOrTx, orgId: string, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: attributes.id })
    .from(attributes)
    .where(and(eq(attributes.orgId, orgId), inArray(attributes.id, ids)));
  return new Set(rows.map((r) => r.id));
}

export async function listFamilies(db: DbOrTx, orgId: string, id?: string): Promise<FamilyFull[]> {
  const rows = await db
    .select()
    .from(attributeFamilies)
    .where(and(eq(attributeFamilies.orgId, orgId), id ? eq(attributeFamilies.id, id) : undefined))
    .orderBy(asc(sql`lower(${attributeFamilies.code})`));
  if (!rows.length) return [];
  const members = await db
    .select({
      familyId: attributeFamilyAttributes.familyId,
      attributeId: attributeFamilyAttributes.attributeId,
      required: attributeFamilyAttributes.required,
      position: attributeFamilyAttributes.position,
      code: attributes.code,
      nameEn: attributes.nameEn,
      nameAr: attributes.nameAr,
      type: attributes.type,
    })
    .from(attributeFamilyAttributes)
    .innerJoin(attributes, eq(attributes.id, attributeFamilyAttributes.attributeId))
    .where(
      and(
        eq(attributeFamilyAttributes.orgId, orgId),
        inArray(
          attributeFamilyAttributes.familyId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .orderBy(asc(attributeFamilyAttributes.position));
  return rows.map((r) => ({ ...r, attributes: members.filter((m) => m.familyId === r.id).map(({ familyId: _f, ...m }) => m) }));
}

export async function findFamily(db: DbOrTx, orgId: string, id: string): Promise<FamilyFull | null> {
  return (await listFamilies(db, orgId, id))[0] ?? null;
}

export async function insertFamily(
  db: DbOrTx,
  orgId: string,
  values: { code: string; nameEn: string; nameAr: string },
): Promise<FamilyRow> {
  return (
    await db
      .insert(attributeFamilies)
      .values({ ...values, orgId })
      .returning()
  )[0]!;
}

export async function updateFamily(
  db: DbOrTx,
  orgId: string,
  id: string,
  values: { code?: string; nameEn?: string; nameAr?: string },
): Promise<void> {
  await db
    .update(attributeFamilies)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(attributeFamilies.orgId, orgId), eq(attributeFamilies.id, id)));
}

export async function replaceFamilyAttributes(
  db: DbOrTx,
  orgId: string,
  familyId: string,
  list: { attributeId: string; required: boolean }[],
): Promise<void> {
  await db.delete(attributeFamilyAttributes).where(eq(attributeFamilyAttributes.familyId, familyId));
  if (list.length) {
    await db
      .insert(attributeFamilyAttributes)
      .values(list.map((a, position) => ({ orgId, familyId, attributeId: a.attributeId, required: a.required, position })));
  }
}

export async function deleteFamily(db: DbOrTx, orgId: string, id: string): Promise<void> {
  await db.delete(attributeFamilies).where(and(eq(attributeFamilies.orgId, orgId), eq(attributeFamilies.id, id)));
}
