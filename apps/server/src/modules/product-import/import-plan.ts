import { createHash } from 'node:crypto';
import { productsRoutes, productVariantsRoutes, type productImportRoutes as c } from '@market/contracts';
import { MAX_PRICE_MINOR } from '@market/contracts/plain';
import type { DbOrTx } from '../../db/client.js';
import { lookUps } from '../../db/look-ups.js';
import { AppError } from '../../lib/errors.js';
import {
  databaseRefs,
  diffSnapshots,
  resolveInput,
  type DiffEntry,
  type FamilyAttribute,
  type ProductRefs,
  type ProductRow,
  type ProductSnapshot,
} from '../products/index.js';
import type { FileRow } from './import-reader.js';
import { mapRow, type MappedValue } from './import-mapping.js';
import { checkBarcode } from '../product-variants/index.js';
import * as repo from './product-import.repository.js';

// Planning a batch of rows: each row mapped, matched to its product, checked by the API's own rules (the product
// schemas, then the products module's resolveInput) and compared with the stored product. The dry run stops here;
// the run writes what was planned.

type Attr = repo.ReferenceData['attributeRows'][number] & { options: { code: string; labelEn: string; labelAr: string }[] };

export interface Lookups {
  digits: number;
  brand: Map<string, string>;
  vendor: Map<string, string>;
  family: Map<string, string>;
  taxClass: Map<string, string>;
  categoryByCode: Map<string, string>;
  categoryByPath: Map<string, string>;
  attributes: Map<string, Attr>;
  /** Names for the diff a user reads: ids of brands, vendors, families, tax classes, categories and attributes. */
  names: Map<string, string>;
  /**
   * resolveInput's lookups for work on `db` (the batch's transaction): references from what was loaded, anything else
   * (files of the asset library) read through `db` itself.
   */
  refs: (db: DbOrTx) => ProductRefs;
}

const key = (s: string) => s.trim().toLowerCase();
const isBlank = (v: unknown) =>
  v === null || v === '' || (Array.isArray(v) && !v.length) || (typeof v === 'object' && v !== null && !Object.keys(v).length);

export function buildLookups(data: repo.ReferenceData, orgId: string): Lookups {
  const names = new Map<string, string>();
  const index = (rows: { id: string; keys: (string | null)[]; name: string }[]) => {
    const m = new Map<string, string>();
    for (const r of rows) {
      names.set(r.id, r.name);
      for (const k of r.keys) if (k && !m.has(key(k))) m.set(key(k), r.id);
    }
    return m;
  };
  const brand = index(data.brandRows.map((b) => ({ id: b.id, keys: [b.code, b.nameEn, b.nameAr], name: b.nameEn })));
  const vendor = index(data.vendorRows.map((v) => ({ id: v.id, keys: [v.publicName, v.legalName], name: v.publicName })));
  const family = index(data.familyRows.map((f) => ({ id: f.id, keys: [f.code, f.nameEn, f.nameAr], name: f.nameEn })));
  const taxClass = index(data.taxRows.map((t) => ({ id: t.id, keys: [t.code, t.nameEn, t.nameAr], name: t.nameEn })));
  const byId = new Map(data.categoryRows.map((c) => [c.id, c]));
  const pathOf = (id: string, depth = 0): string => {
    const c = byId.get(id)!;
    return c.parentId && byId.has(c.parentId) && depth < 50 ? `${pathOf(c.parentId, depth + 1)} > ${c.nameEn}` : c.nameEn;
  };
  const categoryByCode = new Map<string, string>();
  const categoryByPath = new Map<string, string>();
  for (const c of data.categoryRows) {
    const path = pathOf(c.id);
    names.set(c.id, path);
    categoryByCode.set(key(c.code), c.id);
    categoryByPath.set(key(path.replace(/\s*>\s*/g, ' > ')), c.id);
  }
  const attributes = new Map<string, Attr>();
  const attrById = new Map<string, Attr>();
  for (const a of data.attributeRows) {
    const attr: Attr = { ...a, options: [] };
    attributes.set(a.code, attr);
    attrById.set(a.id, attr);
    names.set(a.id, a.code);
  }
  for (const o of data.optionRows) attrById.get(o.attributeId)?.options.push({ code: o.code, labelEn: o.labelEn, labelAr: o.labelAr });
  const familyAttrs = new Map<string, FamilyAttribute[]>();
  for (const fa of data.familyAttrRows) {
    const a = attrById.get(fa.attributeId);
    if (!a) continue;
    const list = familyAttrs.get(fa.familyId) ?? [];
    list.push({
      id: a.id,
      code: a.code,
      type: a.type,
      localizable: a.localizable,
      required: fa.required,
      validation: a.validation,
      options: a.options.map((o) => ({ code: o.code })),
    });
    familyAttrs.set(fa.familyId, list);
  }
  const known: Record<string, Set<string>> = {
    brand: new Set(brand.values()),
    vendor: new Set(vendor.values()),
    family: new Set(family.values()),
    taxClass: new Set(taxClass.values()),
    category: new Set(byId.keys()),
    attribute: new Set(attrById.keys()),
  };
  const defaultTax = data.taxRows.find((t) => t.isDefault)?.id ?? null;
  const refs = (db: DbOrTx): ProductRefs => ({
    existingIds: async (kind, ids) =>
      known[kind] ? new Set(ids.filter((id) => known[kind]!.has(id))) : databaseRefs(db, orgId).existingIds(kind, ids),
    familyAttributes: async (familyId) => familyAttrs.get(familyId) ?? [],
    defaultTaxClassId: async () => defaultTax,
  });
  return { digits: data.digits, brand, vendor, family, taxClass, categoryByCode, categoryByPath, attributes, names, refs };
}

export interface FieldProblem {
  field: string;
  message: string;
}

export interface Planned {
  rowNo: number;
  outcome: 'create' | 'update' | 'unchanged' | 'error' | 'skipped';
  sku: string | null;
  productId: string | null;
  changes: DiffEntry[];
  errors: FieldProblem[];
  cells: string[] | null;
  hash: string | null;
  write: PlannedWrite | null;
}

export type PlannedWrite =
  | { kind: 'product'; current: { row: ProductRow; snap: ProductSnapshot } | null; next: ProductSnapshot; family: FamilyAttribute[] }
  | { kind: 'variant-create'; parentSku: string; body: productVariantsRoutes.VariantCreate }
  | { kind: 'variant-update'; variantId: string; body: productVariantsRoutes.VariantUpdate };

/** A decimal amount as minor units: "1,234.50" (or "1.234,50" with a decimal comma) in the currency's digits. */
export function parsePrice(text: string, digits: number, decimalComma: boolean): number | string {
  let t = text.replace(/[\s\u00a0]/g, '').replace(/[^\d.,-]/g, (ch) => (/\p{Sc}/u.test(ch) ? '' : ch));
  t = decimalComma ? t.replace(/\./g, '').replace(',', '.') : t.replace(/,/g, '');
  if (!/^\d+(\.\d+)?$/.test(t)) return 'must be an amount such as 12.50';
  const [whole, frac = ''] = t.split('.');
  if (frac.length > digits) return `must have at most ${digits} decimals`;
  const minor = Number(whole) * 10 ** digits + Number(frac.padEnd(digits, '0') || '0');
  if (!Number.isSafeInteger(minor) || minor > MAX_PRICE_MINOR) return 'is too large';
  return minor;
}

const TRUE = new Set(['true', 'yes', 'y', '1', 'نعم', 'صح']);
const FALSE = new Set(['false', 'no', 'n', '0', 'لا', 'خطأ']);
const STATUS: Record<string, string> = { نشط: 'active', مسودة: 'draft', مؤرشف: 'archived', مسوده: 'draft' };

function attributeValue(attr: Attr, value: string | string[]): { value: unknown } | { error: string } {
  const one = Array.isArray(value) ? value.join(', ') : value;
  const option = (t: string) => {
    const k = key(t);
    return attr.options.find((o) => key(o.code) === k || key(o.labelEn) === k || key(o.labelAr) === k)?.code ?? t;
  };
  switch (attr.type) {
    case 'number':
    case 'price':
    case 'measurement': {
      const n = Number(one.replace(/,/g, ''));
      return one.trim() === '' || !Number.isFinite(n) ? { error: 'must be a number' } : { value: n };
    }
    case 'boolean': {
      const k = key(one);
      return TRUE.has(k) ? { value: true } : FALSE.has(k) ? { value: false } : { error: 'must be yes or no' };
    }
    case 'single_select':
      return { value: option(one) };
    case 'multi_select':
      return { value: (Array.isArray(value) ? value : one.split(',').map((x) => x.trim())).filter(Boolean).map(option) };
    case 'media':
      return { error: 'media attributes are set in the asset library, not from a file' };
    default:
      return { value: one };
  }
}

const TARGET_OF_FIELD: Record<string, string> = {
  sku: 'sku',
  nameEn: 'nameEn',
  nameAr: 'nameAr',
  descriptionEn: 'descriptionEn',
  descriptionAr: 'descriptionAr',
  status: 'status',
  priceMinor: 'price',
  brandId: 'brand',
  vendorId: 'vendor',
  familyId: 'family',
  taxClassId: 'taxClass',
  categoryIds: 'categories',
};

/** Everything a row says, resolved to ids, or the problems of its cells. */
interface RowInput {
  rowNo: number;
  cells: string[];
  matchKey: string | null;
  sku: string | null;
  fields: Record<string, unknown>;
  /** attribute id → whole value, or per-locale texts to merge into the stored value (null clears). */
  values: Map<string, { whole?: unknown; en?: string | null; ar?: string | null }>;
  columns: Map<string, string>;
  errors: FieldProblem[];
  hash: string;
  /** File names of the product's images, in order (an empty list clears them); undefined when not mapped. */
  images: string[] | undefined;
  /** A variant row names its product; its barcode (null clears) and stock. */
  parentSku: string | null;
  barcode: string | null | undefined;
  stock: number | undefined;
}

function readRow(
  row: FileRow,
  mapping: c.ImportMapping,
  headerIndex: Map<string, number>,
  options: c.ImportOptions,
  lk: Lookups,
): RowInput {
  const mapped = mapRow(mapping, headerIndex, row.cells, options.emptyCells);
  const input: RowInput = {
    rowNo: row.rowNo,
    cells: row.cells,
    matchKey: null,
    sku: null,
    fields: {},
    values: new Map(),
    columns: new Map(),
    errors: [],
    parentSku: null,
    images: undefined,
    barcode: undefined,
    stock: undefined,
    hash: createHash('sha1')
      .update(JSON.stringify([...mapped.entries()].map(([t, v]) => [t, v.value ?? (v.value === null ? null : '~')])))
      .update(JSON.stringify([options.emptyCells, options.categoriesBy, options.decimalComma]))
      .digest('hex'),
  };
  const fail = (column: string, message: string) => input.errors.push({ field: column, message });
  const text = (v: MappedValue) => (Array.isArray(v) ? v.join(', ') : v);
  for (const [target, { column, value }] of mapped) {
    input.columns.set(target, column);
    if (value === undefined) continue;
    const resolveRef = (map: Map<string, string>, what: string) => {
      if (value === null) return null;
      const id = map.get(key(text(value)!));
      if (!id) fail(column, `no ${what} has the code or name "${text(value)}"`);
      return id ?? null;
    };
    switch (target) {
      case 'sku':
        input.sku = value === null ? '' : text(value)!;
        input.fields.sku = input.sku;
        break;
      case 'nameEn':
      case 'nameAr':
      case 'descriptionEn':
      case 'descriptionAr':
        input.fields[target] = value === null ? '' : text(value);
        break;
      case 'status': {
        if (value === null) break;
        const s = key(text(value)!);
        input.fields.status = STATUS[s] ?? s;
        break;
      }
      case 'price': {
        if (value === null) {
          input.fields.priceMinor = 0;
          break;
        }
        const p = parsePrice(text(value)!, lk.digits, options.decimalComma);
        if (typeof p === 'string') fail(column, p);
        else input.fields.priceMinor = p;
        break;
      }
      case 'brand':
        input.fields.brandId = resolveRef(lk.brand, 'brand');
        break;
      case 'vendor':
        input.fields.vendorId = resolveRef(lk.vendor, 'vendor');
        break;
      case 'family':
        input.fields.familyId = resolveRef(lk.family, 'attribute family');
        break;
      case 'taxClass':
        input.fields.taxClassId = resolveRef(lk.taxClass, 'tax class');
        break;
      case 'images':
        input.images = value === null ? [] : Array.isArray(value) ? value : [value];
        break;
      case 'parentSku':
        input.parentSku = value === null ? null : text(value)!;
        break;
      case 'barcode':
        input.barcode = value === null ? null : text(value)!.replace(/\s+/g, '');
        break;
      case 'stock': {
        if (value === null) {
          input.stock = 0;
          break;
        }
        const n = Number(text(value)!.replace(/,/g, ''));
        if (!Number.isInteger(n) || n < 0) fail(column, 'must be a whole number of 0 or more');
        else input.stock = n;
        break;
      }
      case 'categories': {
        const list = value === null ? [] : Array.isArray(value) ? value : [value];
        const ids: string[] = [];
        for (const c of list) {
          const id =
            options.categoriesBy === 'path' ? lk.categoryByPath.get(key(c.replace(/\s*>\s*/g, ' > '))) : lk.categoryByCode.get(key(c));
          if (id) ids.push(id);
          else fail(column, `no category has the ${options.categoriesBy === 'path' ? 'path' : 'code'} "${c}"`);
        }
        input.fields.categoryIds = ids;
        break;
      }
      default: {
        const [, code, locale] = target.split(':') as [string, string, 'en' | 'ar' | undefined];
        const attr = lk.attributes.get(code);
        if (!attr) {
          fail(column, `no attribute has the code "${code}"`);
          break;
        }
        const entry = input.values.get(attr.id) ?? {};
        if (attr.localizable) {
          entry[locale ?? 'en'] = value === null ? null : text(value)!;
        } else if (value === null) {
          entry.whole = null;
        } else {
          const v = attributeValue(attr, value);
          if ('error' in v) fail(column, v.error);
          else entry.whole = v.value;
        }
        input.values.set(attr.id, entry);
      }
    }
  }
  if (input.parentSku && options.matchBy === 'barcode') input.matchKey = input.barcode ? `barcode:${input.barcode}` : null;
  else if (input.parentSku || options.matchBy !== 'attribute') input.matchKey = input.sku ? key(input.sku) : null;
  else {
    const attr = options.matchAttribute ? lk.attributes.get(options.matchAttribute) : undefined;
    const v = attr ? input.values.get(attr.id)?.whole : undefined;
    input.matchKey = v === undefined || v === null ? null : String(v);
  }
  return input;
}

/** The column a field of the product API names, for an error a user can find in the file. */
function columnOf(field: string, input: RowInput, lk: Lookups): string {
  const [head, rest] = field.split(/\.(.*)/s) as [string, string | undefined];
  if (head === 'values' && rest) {
    const id = rest.split('.')[0]!;
    const code = lk.names.get(id);
    for (const [target, column] of input.columns) if (code && target.split(':')[1] === code) return column;
    return code ? `attribute:${code}` : field;
  }
  const target = TARGET_OF_FIELD[head];
  return (target && input.columns.get(target)) ?? field;
}

function zodProblems(issues: { path: PropertyKey[]; message: string }[], input: RowInput, lk: Lookups): FieldProblem[] {
  return issues.map((i) => ({ field: columnOf(i.path.map(String).join('.') || 'row', input, lk), message: i.message }));
}

/** The changes as a user reads them: names instead of ids, attributes by code. */
export function describeChanges(diff: DiffEntry[], lk: Lookups): DiffEntry[] {
  const name = (v: unknown) => (typeof v === 'string' ? (lk.names.get(v) ?? v) : v);
  return diff.map((d) => {
    if (d.field.startsWith('values.'))
      return { field: `attribute:${lk.names.get(d.field.slice(7)) ?? d.field.slice(7)}`, before: d.before, after: d.after };
    if (['brandId', 'vendorId', 'familyId', 'taxClassId'].includes(d.field))
      return { field: TARGET_OF_FIELD[d.field]!, before: name(d.before), after: name(d.after) };
    if (d.field === 'categoryIds' || d.field === 'variantAxes')
      return {
        field: d.field === 'categoryIds' ? 'categories' : d.field,
        before: (d.before as string[] | null)?.map(name) ?? null,
        after: (d.after as string[] | null)?.map(name) ?? null,
      };
    if (d.field === 'priceMinor') return { field: 'price', before: d.before, after: d.after };
    if (d.field === 'mediaAssetIds')
      return {
        field: 'images',
        before: (d.before as string[] | null)?.map(name) ?? null,
        after: (d.after as string[] | null)?.map(name) ?? null,
      };
    return d;
  });
}

export interface PlanContext {
  db: DbOrTx;
  orgId: string;
  lookups: Lookups;
  mapping: c.ImportMapping;
  headerIndex: Map<string, number>;
  options: c.ImportOptions;
  /** Match keys already seen in the file, with their row: a key twice is an error on the later row. */
  seen: Map<string, number>;
  /** The run locks the products it plans to write until its batch commits. */
  lockRows?: boolean;
  /** SKUs (lower case) of the file's product rows so far: a variant row's parent may be one of them. */
  fileProducts: Set<string>;
  /** The images of a ZIP upload by lower-case file name (null: the name is there twice); the run adds their asset ids. */
  images: ImportImages;
}

/** A ZIP's images as the import keeps them (`product_imports.images`). */
export type ImportImages = repo.ImportRow['images'];

/** The images a row names, each found in the ZIP, or the problem with the first that is not usable. */
function imagesOf(ctx: Pick<PlanContext, 'images'>, names: string[]): { found: NonNullable<ImportImages[string]>[] } | { error: string } {
  const found: NonNullable<ImportImages[string]>[] = [];
  const seen = new Set<string>();
  for (const n of names) {
    const k = n.trim().toLowerCase();
    if (seen.has(k)) continue;
    seen.add(k);
    const img = ctx.images[k];
    if (img === undefined)
      return {
        error: Object.keys(ctx.images).length
          ? `no image named ${n} is in the ZIP`
          : `${n}: images come with the file in one ZIP (the file and its images)`,
      };
    if (img === null) return { error: `two images in the ZIP are named ${n}` };
    if (img.error) return { error: `${n} cannot be used: ${img.error}` };
    found.push(img);
  }
  return { found };
}

/** Names of the ZIP images these rows use and that have no asset yet (the run adds them to the library first). */
export function imagesToIngest(ctx: Omit<PlanContext, 'db'>, rows: FileRow[]): string[] {
  const out = new Set<string>();
  for (const row of rows) {
    if (row.error) continue;
    const input = readRow(row, ctx.mapping, ctx.headerIndex, ctx.options, ctx.lookups);
    if (input.parentSku || !input.images) continue;
    for (const n of input.images) {
      const img = ctx.images[n.trim().toLowerCase()];
      if (img && !img.assetId && !img.error) out.add(n.trim().toLowerCase());
    }
  }
  return [...out];
}

/** Registers the match keys of rows an earlier attempt already wrote, so a resumed run judges repeats as the first did. */
export function rememberKeys(ctx: Omit<PlanContext, 'db'>, rows: FileRow[]): void {
  for (const row of rows) {
    if (row.error) continue;
    const input = readRow(row, ctx.mapping, ctx.headerIndex, ctx.options, ctx.lookups);
    if (input.matchKey && !ctx.seen.has(input.matchKey)) ctx.seen.set(input.matchKey, row.rowNo);
    if (!input.parentSku && input.sku) ctx.fileProducts.add(key(input.sku));
  }
}

/** The products as snapshots; their media's file names go into `names` when given (for the diff a user reads). */
export async function snapshotsFor(db: DbOrTx, rows: ProductRow[], names?: Map<string, string>): Promise<Map<string, ProductSnapshot>> {
  const ids = rows.map((r) => r.id);
  const [cats, media] = await lookUps(db, [() => repo.categoryIdsOf(db, ids), () => repo.mediaOf(db, ids)]);
  if (names) for (const list of media.values()) for (const m of list) names.set(m.id, m.fileName);
  return new Map(
    rows.map((r) => [
      r.id,
      {
        sku: r.sku,
        nameEn: r.nameEn,
        nameAr: r.nameAr,
        descriptionEn: r.descriptionEn,
        descriptionAr: r.descriptionAr,
        status: r.status,
        priceMinor: Number(r.priceMinor),
        brandId: r.brandId,
        familyId: r.familyId,
        vendorId: r.vendorId,
        taxClassId: r.taxClassId,
        categoryIds: cats.get(r.id) ?? [],
        values: r.values ?? {},
        variantAxes: r.variantAxes ?? [],
        mediaAssetIds: (media.get(r.id) ?? []).map((m) => m.id),
      },
    ]),
  );
}

/** Plans a batch of rows (in file order) against the products as stored now. */
export async function planBatch(ctx: PlanContext, rows: FileRow[]): Promise<Planned[]> {
  const { db, orgId, lookups: lk, options } = ctx;
  const inputs = rows.map((r) => (r.error ? null : readRow(r, ctx.mapping, ctx.headerIndex, options, lk)));
  const bySku = options.matchBy !== 'attribute';
  const productInputs = inputs.filter((i): i is RowInput => !!i && !i.parentSku);
  const keys = [...new Set(productInputs.flatMap((i) => (i.matchKey ? [i.matchKey] : [])))];
  const matchAttr = options.matchBy === 'attribute' ? lk.attributes.get(options.matchAttribute ?? '') : undefined;
  const found = bySku
    ? await repo.productsBySku(db, orgId, keys, ctx.lockRows)
    : matchAttr
      ? await repo.productsByValue(db, orgId, matchAttr.id, keys, ctx.lockRows)
      : [];
  const byKey = new Map<string, ProductRow>();
  for (const p of found) byKey.set(bySku ? key(p.sku) : String((p.values as Record<string, unknown>)[matchAttr!.id]), p);
  const [snaps, hashes, variants] = await lookUps(db, [
    () => snapshotsFor(db, found, lk.names),
    () =>
      repo.hashesOf(
        db,
        found.map((p) => p.id),
      ),
    () =>
      variantContext(
        ctx,
        inputs.filter((i): i is RowInput => !!i?.parentSku),
      ),
  ]);
  // SKUs a row would give its product that another product or a variant may hold already.
  const wantedSkus = productInputs.flatMap((i) => {
    if (!i.sku) return [];
    const owner = i.matchKey ? byKey.get(i.matchKey) : undefined;
    return owner && key(owner.sku) === key(i.sku) ? [] : [key(i.sku)];
  });
  const [variantTaken, productTaken] = await lookUps(db, [
    () => repo.variantSkus(db, orgId, wantedSkus),
    () => (bySku ? Promise.resolve([] as ProductRow[]) : repo.productsBySku(db, orgId, wantedSkus)),
  ]);
  const skuOwner = new Map(productTaken.map((p) => [key(p.sku), p.id]));

  const out: Planned[] = [];
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    try {
      await planRow(i);
    } finally {
      // A product row that stands is a parent the variant rows after it may name.
      const last = out[out.length - 1];
      const input = inputs[i];
      if (last?.rowNo === row.rowNo && input && !input.parentSku && last.outcome !== 'error' && last.sku)
        ctx.fileProducts.add(key(last.sku));
    }
  }
  return out;

  async function planRow(i: number): Promise<void> {
    const row = rows[i]!;
    const input = inputs[i];
    const base = { rowNo: row.rowNo, productId: null, changes: [], cells: row.cells, hash: null, write: null };
    if (!input) {
      out.push({ ...base, outcome: 'error', sku: null, errors: [{ field: 'row', message: row.error! }] });
      return;
    }
    const errorOf = (errors: FieldProblem[], productId: string | null = null): Planned => ({
      ...base,
      outcome: 'error',
      sku: input.sku || null,
      productId,
      errors,
    });
    const what = input.parentSku
      ? options.matchBy === 'barcode'
        ? 'barcode'
        : 'sku'
      : bySku
        ? 'sku'
        : `attribute:${options.matchAttribute}`;
    if (!input.matchKey) {
      out.push(
        errorOf([...input.errors, { field: input.columns.get(what) ?? what, message: 'is required to find or create the product' }]),
      );
      return;
    }
    const earlier = ctx.seen.get(input.matchKey);
    if (earlier !== undefined) {
      out.push(
        errorOf([
          {
            field: input.columns.get(what) ?? what,
            message: `is also in row ${earlier}`,
          },
        ]),
      );
      return;
    }
    ctx.seen.set(input.matchKey, row.rowNo);
    if (input.parentSku) {
      out.push(planVariant(ctx, variants, input, base));
      return;
    }
    const current = byKey.get(input.matchKey) ?? null;
    if (input.errors.length) {
      out.push(errorOf(input.errors, current?.id ?? null));
      return;
    }
    if (current && options.action === 'create') {
      out.push({ ...base, outcome: 'skipped', sku: current.sku, productId: current.id, errors: [], cells: null });
      return;
    }
    if (!current && options.action === 'update') {
      out.push({ ...base, outcome: 'skipped', sku: input.sku, errors: [], cells: null });
      return;
    }
    const stored = current ? hashes.get(current.id) : undefined;
    if (current && stored && stored.hash === input.hash && stored.version === current.version) {
      out.push({ ...base, outcome: 'unchanged', sku: current.sku, productId: current.id, errors: [], cells: null });
      return;
    }
    const snap = current ? snaps.get(current.id)! : null;
    const values: Record<string, unknown> = {};
    for (const [attrId, v] of input.values) {
      if ('whole' in v) values[attrId] = v.whole;
      else {
        const merged = { ...((snap?.values[attrId] as Record<string, string> | undefined) ?? {}) };
        for (const loc of ['en', 'ar'] as const)
          if (v[loc] === null) delete merged[loc];
          else if (v[loc] !== undefined) merged[loc] = v[loc]!;
        values[attrId] = Object.keys(merged).length ? merged : null;
      }
    }
    // Images: unchanged when the product already shows these files in this order; in the run they are assets by now.
    let imageChange: DiffEntry | null = null;
    if (input.images) {
      const got = imagesOf(ctx, input.images);
      if ('error' in got) {
        out.push(errorOf([{ field: input.columns.get('images') ?? 'images', message: got.error }], current?.id ?? null));
        return;
      }
      const before = (snap?.mediaAssetIds ?? []).map((id) => lk.names.get(id) ?? id);
      const after = got.found.map((f) => f.fileName ?? f.name);
      if (before.map((n) => n.toLowerCase()).join('|') !== after.map((n) => n.toLowerCase()).join('|')) {
        if (got.found.every((f) => f.assetId)) {
          input.fields.mediaAssetIds = got.found.map((f) => f.assetId!);
          for (const f of got.found) lk.names.set(f.assetId!, f.fileName ?? f.name);
        } else imageChange = { field: 'images', before: snap ? before : null, after };
      }
    }
    const body = { ...input.fields, ...(input.values.size ? { values } : {}) };
    const parsed = current
      ? productsRoutes.productUpdateSchema.safeParse({ ...body, expectedVersion: current.version })
      : productsRoutes.productCreateSchema.safeParse(body);
    if (!parsed.success) {
      out.push(errorOf(zodProblems(parsed.error.issues, input, lk), current?.id ?? null));
      return;
    }
    if (input.sku && (!current || key(current.sku) !== key(input.sku))) {
      const k = key(input.sku);
      const owner = skuOwner.get(k);
      if (variantTaken.has(k) || (owner && owner !== current?.id)) {
        out.push(errorOf([{ field: input.columns.get('sku') ?? 'sku', message: 'is already used by another product or variant' }]));
        return;
      }
    }
    const { expectedVersion: _v, ...fields } = parsed.data as typeof parsed.data & { expectedVersion?: number };
    try {
      const { next, family } = await resolveInput(db, orgId, snap, fields, lk.refs(db));
      const diff = diffSnapshots(snap, next);
      if (current && !diff.length && !imageChange) {
        out.push({ ...base, outcome: 'unchanged', sku: current.sku, productId: current.id, errors: [], cells: null, hash: input.hash });
        return;
      }
      out.push({
        ...base,
        outcome: current ? 'update' : 'create',
        sku: next.sku,
        productId: current?.id ?? null,
        changes: [...describeChanges(current ? diff : diff.filter((d) => !isBlank(d.after)), lk), ...(imageChange ? [imageChange] : [])],
        errors: [],
        cells: null,
        hash: input.hash,
        write: { kind: 'product', current: current ? { row: current, snap: snap! } : null, next, family },
      });
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      const fieldsOf = err.fields?.length ? err.fields : [{ field: 'row', message: err.message }];
      out.push(
        errorOf(
          fieldsOf.map((f) => ({ field: columnOf(f.field, input, lk), message: f.message })),
          current?.id ?? null,
        ),
      );
    }
  }
}

// ---- variant rows ----

interface VariantContext {
  /** Existing variants by match key (lower-case SKU, or `barcode:<code>`). */
  existing: Map<string, repo.VariantWithParent>;
  /** Products by lower-case SKU that variant rows name as their parent. */
  parents: Map<string, ProductRow>;
  /** Barcodes already held, with the variant holding each. */
  barcodes: Map<string, string>;
  /** Lower-case SKUs already held by a product or a variant. */
  skus: Set<string>;
}

async function variantContext(ctx: PlanContext, inputs: RowInput[]): Promise<VariantContext> {
  const { db, orgId } = ctx;
  if (!inputs.length) return { existing: new Map(), parents: new Map(), barcodes: new Map(), skus: new Set() };
  const skus = [...new Set(inputs.flatMap((i) => (i.sku ? [key(i.sku)] : [])))];
  const barcodes = [...new Set(inputs.flatMap((i) => (i.barcode ? [i.barcode] : [])))];
  const byBarcode = ctx.options.matchBy === 'barcode';
  const [existing, parents, heldBarcodes, variantSkus, productSkus] = await lookUps(db, [
    () => repo.variantsWithParent(db, orgId, byBarcode ? { barcodes } : { skus }, ctx.lockRows),
    () => repo.productsBySku(db, orgId, [...new Set(inputs.map((i) => key(i.parentSku!)))]),
    () => repo.barcodeHolders(db, orgId, barcodes),
    () => repo.variantSkus(db, orgId, skus),
    () => repo.productsBySku(db, orgId, skus),
  ]);
  return {
    existing: new Map(existing.map((v) => [byBarcode ? `barcode:${v.barcode}` : key(v.sku), v])),
    parents: new Map(parents.map((p) => [key(p.sku), p])),
    barcodes: heldBarcodes,
    skus: new Set([...variantSkus, ...productSkus.map((p) => key(p.sku))]),
  };
}

type RowBase = Pick<Planned, 'rowNo' | 'productId' | 'changes' | 'cells' | 'hash' | 'write'>;

/**
 * A variant row: an existing variant's barcode, price and stock updated, or a new variant of the parent product
 * (stored, or an earlier row of the file) with one value per axis. The variants module's own rules apply when it
 * is written; the checks here are the ones it makes, so the dry run says what the run will do.
 */
function planVariant(ctx: PlanContext, vc: VariantContext, input: RowInput, base: RowBase): Planned {
  const lk = ctx.lookups;
  const col = (target: string) => input.columns.get(target) ?? target;
  const error = (errors: FieldProblem[], productId: string | null = null): Planned => ({
    ...base,
    outcome: 'error',
    sku: input.sku,
    productId,
    errors,
  });
  if (input.errors.length) return error(input.errors);
  const axis = new Map<string, string>();
  for (const [attrId, v] of input.values) {
    const attr = [...lk.attributes.values()].find((a) => a.id === attrId);
    if (attr?.type === 'single_select' && typeof v.whole === 'string') axis.set(attrId, v.whole);
  }
  const price = input.fields.priceMinor as number | undefined;
  const parentKey = key(input.parentSku!);
  const current = vc.existing.get(input.matchKey!);
  if (input.barcode) {
    const holder = vc.barcodes.get(input.barcode);
    if (holder && holder !== current?.id) return error([{ field: col('barcode'), message: 'is already used by another variant' }]);
    const bad = checkBarcode(col('barcode'), input.barcode);
    if (bad) return error([bad]);
  }
  if (current) {
    if (ctx.options.action === 'create')
      return { ...base, outcome: 'skipped', sku: current.sku, productId: current.productId, errors: [], cells: null };
    if (key(current.parentSku) !== parentKey)
      return error(
        [{ field: col('parentSku'), message: `is ${current.parentSku}: the variant belongs to that product` }],
        current.productId,
      );
    for (const [attrId, code] of axis)
      if ((current.axisValues[attrId] ?? '').toLowerCase() !== code.toLowerCase())
        return error([{ field: columnOfAttr(input, lk, attrId), message: 'cannot change on an existing variant' }], current.productId);
    const body: productVariantsRoutes.VariantUpdate = { expectedUpdatedAt: current.updatedAt.toISOString() };
    const changes: DiffEntry[] = [];
    const set = <K extends 'sku' | 'barcode' | 'priceOverrideMinor' | 'stockQuantity'>(
      k: K,
      field: string,
      before: unknown,
      after: unknown,
    ) => {
      if (after === undefined || after === before) return;
      (body as Record<string, unknown>)[k] = after;
      changes.push({ field, before, after });
    };
    if (ctx.options.matchBy === 'barcode' && input.sku && key(input.sku) !== key(current.sku)) {
      if (vc.skus.has(key(input.sku)))
        return error([{ field: col('sku'), message: 'is already used by another product or variant' }], current.productId);
      set('sku', 'sku', current.sku, input.sku);
    }
    set('barcode', 'barcode', current.barcode, input.barcode);
    set('priceOverrideMinor', 'price', current.priceOverrideMinor === null ? null : Number(current.priceOverrideMinor), price);
    set('stockQuantity', 'stock', current.stockQuantity, input.stock);
    const parsed = productVariantsRoutes.variantUpdateSchema.safeParse(body);
    if (!parsed.success) return error(zodProblems(parsed.error.issues, input, lk), current.productId);
    if (!changes.length) return { ...base, outcome: 'unchanged', sku: current.sku, productId: current.productId, errors: [], cells: null };
    return {
      ...base,
      outcome: 'update',
      sku: current.sku,
      productId: current.productId,
      changes,
      errors: [],
      cells: null,
      write: { kind: 'variant-update', variantId: current.id, body: parsed.data },
    };
  }
  if (ctx.options.action === 'update') return { ...base, outcome: 'skipped', sku: input.sku, productId: null, errors: [], cells: null };
  const parent = vc.parents.get(parentKey);
  if (!parent && !ctx.fileProducts.has(parentKey))
    return error([
      { field: col('parentSku'), message: `no product has the SKU ${input.parentSku} (a parent's row must come before its variants)` },
    ]);
  if (!input.sku) return error([{ field: col('sku'), message: 'is required for a new variant' }]);
  if (vc.skus.has(key(input.sku))) return error([{ field: col('sku'), message: 'is already used by another product or variant' }]);
  if (!axis.size) return error([{ field: 'row', message: 'a new variant needs a value for each axis attribute (a single select column)' }]);
  const axes = parent?.variantAxes ?? [];
  if (axes.length && (axes.length !== axis.size || axes.some((a) => !axis.has(a))))
    return error(
      [{ field: 'row', message: `needs one value for each axis of ${parent!.sku}: ${axes.map((a) => lk.names.get(a) ?? a).join(', ')}` }],
      parent!.id,
    );
  for (const [attrId, code] of axis) {
    const attr = [...lk.attributes.values()].find((a) => a.id === attrId)!;
    if (!attr.options.some((o) => o.code.toLowerCase() === code.toLowerCase()))
      return error([{ field: columnOfAttr(input, lk, attrId), message: `"${code}" is not one of the options` }], parent?.id ?? null);
  }
  const body = {
    axisValues: [...axis].map(([attributeId, optionCode]) => ({ attributeId, optionCode })),
    sku: input.sku,
    ...(input.barcode ? { barcode: input.barcode } : {}),
    ...(price !== undefined ? { priceOverrideMinor: price } : {}),
    ...(input.stock !== undefined ? { stockQuantity: input.stock } : {}),
  };
  const parsed = productVariantsRoutes.variantCreateSchema.safeParse(body);
  if (!parsed.success) return error(zodProblems(parsed.error.issues, input, lk), parent?.id ?? null);
  const changes: DiffEntry[] = [
    { field: 'parentSku', before: null, after: input.parentSku },
    ...[...axis].map(([attrId, code]) => ({ field: `attribute:${lk.names.get(attrId) ?? attrId}`, before: null, after: code })),
    ...(input.barcode ? [{ field: 'barcode', before: null, after: input.barcode }] : []),
    ...(price !== undefined ? [{ field: 'price', before: null, after: price }] : []),
    ...(input.stock !== undefined ? [{ field: 'stock', before: null, after: input.stock }] : []),
  ];
  return {
    ...base,
    outcome: 'create',
    sku: input.sku,
    productId: parent?.id ?? null,
    changes,
    errors: [],
    cells: null,
    write: { kind: 'variant-create', parentSku: input.parentSku!, body: parsed.data },
  };
}

function columnOfAttr(input: RowInput, lk: Lookups, attrId: string): string {
  const code = lk.names.get(attrId);
  for (const [target, column] of input.columns) if (target === `attribute:${code}`) return column;
  return `attribute:${code}`;
}
