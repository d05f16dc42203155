import type { productVariantsRoutes as c } from '@market/contracts';
import type { DbOrTx } from '../../db/client.js';
import * as repo from './product-variants.repository.js';

export type Attrs = Map<string, repo.AxisAttribute>;

/** The variant as the API shows it; axes in the product's axis order, labelled from the attributes. */
export function toVariant(r: repo.VariantRow, attrs: Attrs, axisOrder: string[]): c.Variant {
  const ids = [...axisOrder.filter((a) => a in r.axisValues), ...Object.keys(r.axisValues).filter((a) => !axisOrder.includes(a))];
  return {
    id: r.id,
    productId: r.productId,
    sku: r.sku,
    barcode: r.barcode,
    axisValues: r.axisValues,
    axes: ids.map((attributeId) => {
      const a = attrs.get(attributeId);
      const code = r.axisValues[attributeId]!;
      const o = a?.options.find((x) => x.code.toLowerCase() === code.toLowerCase());
      return {
        attributeId,
        attributeCode: a?.code ?? '',
        attributeNameEn: a?.nameEn ?? '',
        attributeNameAr: a?.nameAr ?? '',
        optionCode: code,
        labelEn: o?.labelEn ?? code,
        labelAr: o?.labelAr ?? code,
      };
    }),
    priceOverrideMinor: r.priceOverrideMinor,
    stockQuantity: r.stockQuantity,
    weightGrams: r.weightGrams,
    position: r.position,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The canonical text of a combination (as the demo seed writes it): `<attributeId>=<code>` in axis order, joined by ";". */
export async function labelsFor(db: DbOrTx, orgId: string, rows: { axisValues: Record<string, string> }[]): Promise<Attrs> {
  return repo.attributesById(db, orgId, [...new Set(rows.flatMap((r) => Object.keys(r.axisValues)))]);
}

/** Variants as the API shows them, each in its product's axis order. */
export async function presentRows(tx: DbOrTx, orgId: string, rows: repo.VariantRow[]): Promise<c.Variant[]> {
  const attrs = await labelsFor(tx, orgId, rows);
  const orders = new Map<string, string[]>();
  for (const pid of new Set(rows.map((r) => r.productId))) orders.set(pid, (await repo.findProduct(tx, orgId, pid))?.variantAxes ?? []);
  return rows.map((r) => toVariant(r, attrs, orders.get(r.productId)!));
}
