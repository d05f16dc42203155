import { productVariantsRoutes as c } from '@market/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { lockKey } from '../../db/advisory-lock.js';
import type { Caller } from '../../lib/api-route.js';
import { assertUnchanged } from '../../lib/concurrency.js';
import { AppError, conflict, invalid, isUniqueViolation, notFound, type FieldError } from '../../lib/errors.js';
import { recordAudit } from '../audit/index.js';
import { lockSku, recomputeProductCompleteness, type ProductWriter } from '../products/index.js';
import * as repo from './product-variants.repository.js';
import { labelsFor, presentRows, toVariant, type Attrs } from './variant-view.js';

const axisKeyOf = (order: string[], values: Record<string, string>) =>
  order.map((a) => `${a}=${(values[a] ?? '').toLowerCase()}`).join(';');
/** Existing combinations, compared by their axis values (whatever text their stored key has). */
const existingKeys = (order: string[], rows: repo.VariantRow[]) => new Set(rows.map((r) => axisKeyOf(order, r.axisValues)));

/** Checks a barcode's check digit: 422 on the field naming the digit it should end with. */
export function checkBarcode(field: string, barcode: string | null | undefined): FieldError | null {
  if (!barcode) return null;
  const expected = c.barcodeCheckDigitError(barcode);
  return expected === null ? null : { field, message: `check digit should be ${expected}` };
}

function throwFields(status: 409 | 422, fields: FieldError[]): never {
  const message = fields.map((f) => `${f.field}: ${f.message}`).join('; ');
  throw new AppError(status, status === 409 ? 'conflict' : 'validation_failed', message, fields);
}

/** Races past the checks meet the unique indexes; answer them as the checks would. */
async function mapUnique<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const e = err as { constraint?: string; cause?: { constraint?: string } };
    const name = e.constraint ?? e.cause?.constraint ?? '';
    const field = name.includes('barcode') ? 'barcode' : name.includes('axis') ? 'axisValues' : 'sku';
    throw conflict(`Another variant already has this ${field === 'axisValues' ? 'combination' : field}`, [
      { field, message: 'is already used by another variant' },
    ]);
  }
}

/** The axes must be distinct single-select attributes of the product's family. */
async function resolveAxes(tx: DbOrTx, orgId: string, product: repo.ProductRef, axes: string[], field: string): Promise<Attrs> {
  if (!product.familyId) throw invalid(field, 'the product has no attribute family; choose one before adding variants');
  const family = await repo.familyAttributes(tx, orgId, product.familyId);
  const out: Attrs = new Map();
  axes.forEach((id, i) => {
    const a = family.find((x) => x.id === id);
    if (!a || a.type !== 'single_select') throw invalid(`${field}.${i}`, "is not a single-select attribute of the product's family");
    if (out.has(id)) throw invalid(`${field}.${i}`, 'is named twice');
    out.set(id, a);
  });
  return out;
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

/** Decides the axis order for a write: the product's axes, or the given ones (set on the product) when it may take them. */
async function settleAxes(
  tx: DbOrTx,
  caller: ProductWriter,
  product: repo.ProductRef,
  given: string[],
  field: string,
): Promise<{ order: string[]; attrs: Attrs }> {
  const attrs = await resolveAxes(tx, caller.orgId, product, given, field);
  if (product.variantAxes.length && sameSet(product.variantAxes, given)) return { order: product.variantAxes, attrs };
  if (product.variantAxes.length && (await repo.countByProduct(tx, caller.orgId, product.id)) > 0) {
    throw conflict("This product's variants vary by other axes; delete its variants before changing the axes", [
      { field, message: 'differ from the axes of the existing variants' },
    ]);
  }
  await repo.setProductAxes(tx, caller.orgId, product.id, given);
  // Axes count as filled, and their product-level values are gone: the stored completeness follows at once.
  await recomputeProductCompleteness(tx, caller.orgId, product.id);
  return { order: given, attrs };
}

/** Canonical option code of an axis value (option codes are unique per attribute in any case), or null. */
const optionOf = (a: repo.AxisAttribute, code: string) =>
  a.options.find((o) => o.code.toLowerCase() === code.trim().toLowerCase())?.code ?? null;

/** `<productSku>-<OPT1>-<OPT2>` upper-cased, with -2, -3 ... when taken. */
function uniqueSku(productSku: string, codes: string[], taken: Set<string>): string {
  const base = [productSku, ...codes].join('-').toUpperCase();
  let sku = base;
  for (let n = 2; taken.has(sku.toLowerCase()); n++) sku = `${base}-${n}`;
  taken.add(sku.toLowerCase());
  return sku;
}

export async function listProductVariants(db: Db, caller: Caller, productId: string): Promise<c.Variant[]> {
  const product = await repo.findProduct(db, caller.orgId, productId);
  if (!product) throw notFound('Product');
  const rows = await repo.listByProduct(db, caller.orgId, productId);
  const attrs = await labelsFor(db, caller.orgId, rows);
  return rows.map((r) => toVariant(r, attrs, product.variantAxes));
}

export async function generateVariants(
  db: Db,
  caller: Caller,
  productId: string,
  input: c.VariantGenerate,
): Promise<c.VariantGenerateResult> {
  return mapUnique(() =>
    db.transaction(async (tx) => {
      // SKUs are unique across the organization: one writer of variant SKUs at a time.
      await lockKey(tx, `product-variants:${caller.orgId}`);
      const product = await repo.findProduct(tx, caller.orgId, productId, true);
      if (!product) throw notFound('Product');
      for (const key of Object.keys(input.values))
        if (!input.axes.includes(key)) throw invalid(`values.${key}`, 'is not one of the chosen axes');
      const attrs = await resolveAxes(tx, caller.orgId, product, input.axes, 'axes');
      const chosen = new Map<string, string[]>();
      for (const id of input.axes) {
        const codes = input.values[id];
        if (!codes?.length) throw invalid(`values.${id}`, 'choose at least one value for this axis');
        const canonical: string[] = [];
        codes.forEach((code, j) => {
          const o = optionOf(attrs.get(id)!, code);
          if (!o) throw invalid(`values.${id}.${j}`, `"${code}" is not an option of ${attrs.get(id)!.code}`);
          if (!canonical.includes(o)) canonical.push(o);
        });
        chosen.set(id, canonical);
      }
      const total = [...chosen.values()].reduce((n, v) => n * v.length, 1);
      if (total > c.MAX_VARIANT_COMBINATIONS) {
        throw invalid('values', `make ${total} combinations; at most ${c.MAX_VARIANT_COMBINATIONS} per generation`);
      }
      const { order } = await settleAxes(tx, caller, product, input.axes, 'axes');
      let combos: Record<string, string>[] = [{}];
      for (const id of order) combos = combos.flatMap((c0) => chosen.get(id)!.map((code) => ({ ...c0, [id]: code })));
      const existing = existingKeys(order, await repo.listByProduct(tx, caller.orgId, productId));
      const fresh = combos.filter((v) => !existing.has(axisKeyOf(order, v)));
      const taken = await repo.skusWithPrefix(tx, caller.orgId, `${product.sku}-`);
      let position = (await repo.maxPosition(tx, caller.orgId, productId)) + 1;
      const rows = fresh.map((v) => ({
        orgId: caller.orgId,
        productId,
        sku: uniqueSku(
          product.sku,
          order.map((a) => v[a]!),
          taken,
        ),
        axisValues: v,
        axisKey: axisKeyOf(order, v),
        position: position++,
      }));
      await lockSkus(
        tx,
        caller.orgId,
        rows.map((r) => r.sku),
      );
      // A product created since the SKUs were chosen may have taken one.
      if (
        rows.length &&
        (
          await repo.takenSkus(
            tx,
            caller.orgId,
            rows.map((r) => r.sku),
          )
        ).size
      )
        throw skuTaken('axes');
      const created = await repo.insertVariants(tx, rows);
      created.sort((a, b) => a.position - b.position);
      const items = created.map((r) => toVariant(r, attrs, order));
      await recordAudit(tx, caller, {
        action: 'generate_variants',
        entityType: 'product',
        entityId: productId,
        before: { variantAxes: product.variantAxes },
        after: {
          variantAxes: order,
          created: items.map((i) => ({ id: i.id, sku: i.sku, axisValues: i.axisValues })),
          skipped: combos.length - fresh.length,
        },
      });
      return { created: items.length, skipped: combos.length - fresh.length, variantAxes: order, items };
    }),
  );
}

/** Creates a variant; `caller` is a signed-in user or an import job writing for the user who ran it. */
export async function createVariant(db: Db, caller: ProductWriter, productId: string, input: c.VariantCreate): Promise<c.Variant> {
  return mapUnique(() =>
    db.transaction(async (tx) => {
      await lockKey(tx, `product-variants:${caller.orgId}`);
      const product = await repo.findProduct(tx, caller.orgId, productId, true);
      if (!product) throw notFound('Product');
      const wanted: Record<string, string> = {};
      input.axisValues.forEach((a, i) => {
        if (a.attributeId in wanted) throw invalid(`axisValues.${i}.attributeId`, 'is named twice');
        wanted[a.attributeId] = a.optionCode;
      });
      const given = Object.keys(wanted);
      if (
        product.variantAxes.length &&
        !sameSet(product.variantAxes, given) &&
        (await repo.countByProduct(tx, caller.orgId, productId)) > 0
      ) {
        throw invalid('axisValues', `must give one value for each axis of the product (${product.variantAxes.length})`);
      }
      const { order, attrs } = await settleAxes(tx, caller, product, given, 'axisValues');
      const values: Record<string, string> = {};
      for (const id of order) {
        const o = optionOf(attrs.get(id)!, wanted[id]!);
        if (!o) throw invalid(`axisValues.${given.indexOf(id)}.optionCode`, `"${wanted[id]}" is not an option of ${attrs.get(id)!.code}`);
        values[id] = o;
      }
      const axisKey = axisKeyOf(order, values);
      if (existingKeys(order, await repo.listByProduct(tx, caller.orgId, productId)).has(axisKey)) {
        throw conflict('This product already has a variant with these axis values', [
          { field: 'axisValues', message: 'is already a variant of this product' },
        ]);
      }
      const bad = checkBarcode('barcode', input.barcode);
      if (bad) throwFields(422, [bad]);
      let sku: string;
      if (input.sku) {
        await lockSkus(tx, caller.orgId, [input.sku]);
        if ((await repo.takenSkus(tx, caller.orgId, [input.sku])).size) throw skuTaken('sku');
        sku = input.sku;
      } else {
        sku = uniqueSku(
          product.sku,
          order.map((a) => values[a]!),
          await repo.skusWithPrefix(tx, caller.orgId, `${product.sku}-`),
        );
      }
      if (input.barcode && (await repo.takenBarcodes(tx, caller.orgId, [input.barcode])).size) throw barcodeTaken('barcode');
      await lockSkus(tx, caller.orgId, [sku]);
      if (!input.sku && (await repo.takenSkus(tx, caller.orgId, [sku])).size) throw skuTaken('sku');
      const [row] = await repo.insertVariants(tx, [
        {
          orgId: caller.orgId,
          productId,
          sku,
          barcode: input.barcode ?? null,
          axisValues: values,
          axisKey,
          priceOverrideMinor: input.priceOverrideMinor ?? null,
          stockQuantity: input.stockQuantity ?? 0,
          weightGrams: input.weightGrams ?? null,
          position: (await repo.maxPosition(tx, caller.orgId, productId)) + 1,
        },
      ]);
      const out = toVariant(row!, attrs, order);
      await recordAudit(tx, caller, { action: 'create', entityType: 'product_variant', entityId: out.id, after: out });
      return out;
    }),
  );
}

/** Product and variant SKUs share one lock per SKU, so a product and a variant cannot race to the same SKU. */
async function lockSkus(tx: DbOrTx, orgId: string, skus: string[]): Promise<void> {
  for (const sku of [...new Set(skus.map((x) => x.toLowerCase()))].sort()) await lockSku(tx, orgId, sku);
}

const skuTaken = (field: string) =>
  conflict('Another variant or product of the organization already has this SKU', [
    { field, message: 'is already used by another variant or product' },
  ]);
const barcodeTaken = (field: string) =>
  conflict('Another variant already has this barcode', [{ field, message: 'is already used by another variant' }]);

/** Only the fields given: undefined leaves a value as it is. */
function editable(input: c.VariantUpdate | c.VariantBulkItem): Partial<repo.VariantRow> {
  const out: Partial<repo.VariantRow> = {};
  if ('sku' in input && input.sku !== undefined) out.sku = input.sku;
  if (input.barcode !== undefined) out.barcode = input.barcode;
  if (input.priceOverrideMinor !== undefined) out.priceOverrideMinor = input.priceOverrideMinor;
  if (input.stockQuantity !== undefined) out.stockQuantity = input.stockQuantity;
  if (input.weightGrams !== undefined) out.weightGrams = input.weightGrams;
  return out;
}

export async function updateVariant(db: Db, caller: ProductWriter, id: string, input: c.VariantUpdate): Promise<c.Variant> {
  return mapUnique(() =>
    db.transaction(async (tx) => {
      await lockKey(tx, `product-variants:${caller.orgId}`);
      const before = await repo.findVariant(tx, caller.orgId, id, true);
      if (!before) throw notFound('Variant');
      assertUnchanged(before.updatedAt, input.expectedUpdatedAt);
      const bad = checkBarcode('barcode', input.barcode);
      if (bad) throwFields(422, [bad]);
      if (input.sku !== undefined) await lockSkus(tx, caller.orgId, [input.sku]);
      if (input.sku !== undefined && (await repo.takenSkus(tx, caller.orgId, [input.sku], id)).size) throw skuTaken('sku');
      if (input.barcode && (await repo.takenBarcodes(tx, caller.orgId, [input.barcode], [id])).size) throw barcodeTaken('barcode');
      const after = await repo.updateVariant(tx, caller.orgId, id, editable(input));
      const [b, a] = await presentRows(tx, caller.orgId, [before, after]);
      await recordAudit(tx, caller, { action: 'update', entityType: 'product_variant', entityId: id, before: b, after: a });
      return a!;
    }),
  );
}

export async function bulkUpdateVariants(db: Db, caller: Caller, input: c.VariantBulk): Promise<{ updated: number; items: c.Variant[] }> {
  return mapUnique(() =>
    db.transaction(async (tx) => {
      await lockKey(tx, `product-variants:${caller.orgId}`);
      const items = input.items;
      const seen = new Map<string, number>();
      const invalidFields: FieldError[] = [];
      items.forEach((it, i) => {
        if (seen.has(it.id)) invalidFields.push({ field: `items.${i}.id`, message: `names the same variant as items.${seen.get(it.id)}` });
        else seen.set(it.id, i);
        const bad = checkBarcode(`items.${i}.barcode`, it.barcode);
        if (bad) invalidFields.push(bad);
      });
      if (invalidFields.length) throwFields(422, invalidFields);
      const rows = await repo.findVariants(
        tx,
        caller.orgId,
        items.map((i) => i.id),
        true,
      );
      const byId = new Map(rows.map((r) => [r.id, r]));
      const missing = items.flatMap((it, i) =>
        byId.has(it.id) ? [] : [{ field: `items.${i}.id`, message: 'is not a variant of this organization' }],
      );
      if (missing.length) throw new AppError(404, 'not_found', 'Variant not found', missing);
      // Barcodes: unique among the final state of the batch and the organization's other variants.
      const conflicts: FieldError[] = [];
      const changing = new Set(items.filter((it) => it.barcode !== undefined).map((it) => it.id));
      const wanted = new Map<string, number>();
      items.forEach((it, i) => {
        if (!it.barcode) return;
        if (wanted.has(it.barcode))
          conflicts.push({ field: `items.${i}.barcode`, message: `is also given to items.${wanted.get(it.barcode)}` });
        else wanted.set(it.barcode, i);
      });
      const holders = await repo.takenBarcodes(tx, caller.orgId, [...wanted.keys()], [...changing]);
      for (const [barcode, i] of wanted)
        if (holders.has(barcode)) conflicts.push({ field: `items.${i}.barcode`, message: 'is already used by another variant' });
      if (conflicts.length) throwFields(409, conflicts);
      // Free the barcodes being changed first, so two variants can swap theirs in one request.
      for (const id of changing) if (byId.get(id)!.barcode) await repo.updateVariant(tx, caller.orgId, id, { barcode: null });
      const after: repo.VariantRow[] = [];
      for (const it of items) after.push(await repo.updateVariant(tx, caller.orgId, it.id, editable(it)));
      const before = await presentRows(
        tx,
        caller.orgId,
        items.map((it) => byId.get(it.id)!),
      );
      const out = await presentRows(tx, caller.orgId, after);
      for (const [i, v] of out.entries())
        await recordAudit(tx, caller, {
          action: 'bulk_update',
          entityType: 'product_variant',
          entityId: v.id,
          before: before[i],
          after: v,
        });
      return { updated: out.length, items: out };
    }),
  );
}

export async function deleteVariant(db: Db, caller: Caller, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await repo.findVariant(tx, caller.orgId, id, true);
    if (!before) throw notFound('Variant');
    const [b] = await presentRows(tx, caller.orgId, [before]);
    await repo.deleteVariant(tx, caller.orgId, id);
    await recordAudit(tx, caller, { action: 'delete', entityType: 'product_variant', entityId: id, before: b });
  });
}
