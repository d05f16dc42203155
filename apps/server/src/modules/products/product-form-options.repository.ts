import type { productsRoutes as c } from '@market/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  attributeFamilies,
  attributeFamilyAttributes,
  attributeOptions,
  attributes,
  brands,
  catalogCategories,
  currencies,
  taxClasses,
  units,
  vendors,
} from '../../db/schema/index.js';

/** Everything the product form offers, in one call. */
export async function formOptions(db: DbOrTx, orgId: string): Promise<c.ProductFormOptions> {
  const brandRows = await db
    .select({ id: brands.id, nameEn: brands.nameEn, nameAr: brands.nameAr })
    .from(brands)
    .where(eq(brands.orgId, orgId))
    .orderBy(asc(sql`lower(${brands.nameEn})`));
  const taxRows = await db
    .select({ id: taxClasses.id, nameEn: taxClasses.nameEn, nameAr: taxClasses.nameAr, isDefault: taxClasses.isDefault })
    .from(taxClasses)
    .where(eq(taxClasses.orgId, orgId))
    .orderBy(asc(sql`lower(${taxClasses.nameEn})`));
  const vendorRows = await db
    .select({ id: vendors.id, name: vendors.publicName })
    .from(vendors)
    .where(eq(vendors.orgId, orgId))
    .orderBy(asc(sql`lower(${vendors.publicName})`));
  const categoryRows = await db
    .select({
      id: catalogCategories.id,
      nameEn: catalogCategories.nameEn,
      nameAr: catalogCategories.nameAr,
      parentId: catalogCategories.parentId,
      position: catalogCategories.position,
    })
    .from(catalogCategories)
    .where(eq(catalogCategories.orgId, orgId))
    .orderBy(asc(catalogCategories.position));
  const familyRows = await db
    .select({ id: attributeFamilies.id, nameEn: attributeFamilies.nameEn, nameAr: attributeFamilies.nameAr })
    .from(attributeFamilies)
    .where(eq(attributeFamilies.orgId, orgId))
    .orderBy(asc(sql`lower(${attributeFamilies.nameEn})`));
  const members = familyRows.length
    ? await db
        .select({
          familyId: attributeFamilyAttributes.familyId,
          required: attributeFamilyAttributes.required,
          id: attributes.id,
          code: attributes.code,
          nameEn: attributes.nameEn,
          nameAr: attributes.nameAr,
          type: attributes.type,
          localizable: attributes.localizable,
          validation: attributes.validation,
          unitSymbol: units.symbol,
        })
        .from(attributeFamilyAttributes)
        .innerJoin(attributes, eq(attributes.id, attributeFamilyAttributes.attributeId))
        .leftJoin(units, eq(units.id, attributes.unitId))
        .where(
          and(
            eq(attributeFamilyAttributes.orgId, orgId),
            inArray(
              attributeFamilyAttributes.familyId,
              familyRows.map((f) => f.id),
            ),
          ),
        )
        .orderBy(asc(attributeFamilyAttributes.position))
    : [];
  const attributeIds = [...new Set(members.map((m) => m.id))];
  const options = attributeIds.length
    ? await db
        .select({
          attributeId: attributeOptions.attributeId,
          code: attributeOptions.code,
          labelEn: attributeOptions.labelEn,
          labelAr: attributeOptions.labelAr,
        })
        .from(attributeOptions)
        .where(inArray(attributeOptions.attributeId, attributeIds))
        .orderBy(asc(attributeOptions.position))
    : [];
  const [base] = await db
    .select({ code: currencies.code, symbol: currencies.symbol, minorDigits: currencies.minorDigits })
    .from(currencies)
    .where(and(eq(currencies.orgId, orgId), eq(currencies.isBase, true)))
    .limit(1);
  return {
    brands: brandRows,
    taxClasses: taxRows,
    vendors: vendorRows,
    categories: categoryRows,
    families: familyRows.map((f) => ({
      ...f,
      attributes: members
        .filter((m) => m.familyId === f.id)
        .map(({ familyId: _f, ...m }) => ({
          ...m,
          unitSymbol: m.unitSymbol ?? null,
          validation: m.validation ?? {},
          options: options.filter((o) => o.attributeId === m.id).map(({ attributeId: _a, ...o }) => o),
        })),
    })),
    currency: base ?? null,
  };
}

/** Minor-unit digits of the base currency (2 when none is set). */
export async function baseMinorDigits(db: DbOrTx, orgId: string): Promise<number> {
  const [base] = await db
    .select({ d: currencies.minorDigits })
    .from(currencies)
    .where(and(eq(currencies.orgId, orgId), eq(currencies.isBase, true)))
    .limit(1);
  return base?.d ?? 2;
}
