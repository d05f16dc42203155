import type { productImportRoutes as c } from '@market/contracts';

type ImportColumn = c.ImportColumn;
type ImportMapping = c.ImportMapping;
type ImportOptions = c.ImportOptions;
import type { ImportField } from '@market/contracts/plain';
import { normalizeSearch } from '../../lib/search-normalize.js';

// From a file's columns to what a row says: the mapping suggested from column names (English and Arabic), and a
// row's cells through each column's transformations (trim, default, value map, split).

export interface ImportAttribute {
  id: string;
  code: string;
  type: string;
  localizable: boolean;
  nameEn: string;
  nameAr: string;
}

/** Create new products and update existing ones (an import policy, not an audit action). */
const CREATE_AND_UPDATE: ImportOptions['action'] = 'both';

export const DEFAULT_OPTIONS: ImportOptions = {
  matchBy: 'sku',
  matchAttribute: null,
  action: CREATE_AND_UPDATE,
  emptyCells: 'ignore',
  missing: 'keep',
  categoriesBy: 'code',
  decimalComma: false,
};

/** Column names users write for each field, in English and Arabic (compared normalised: no case, spaces or marks). */
const FIELD_NAMES: Record<ImportField, string[]> = {
  sku: ['sku', 'code', 'product code', 'item code', 'article', 'reference', 'ref', 'رمز', 'رمز المنتج', 'كود', 'الكود', 'رمز الصنف'],
  nameEn: ['name', 'name en', 'english name', 'product name', 'title', 'name english', 'الاسم بالانجليزية', 'الاسم الانجليزي'],
  nameAr: ['name ar', 'arabic name', 'name arabic', 'الاسم', 'اسم المنتج', 'الاسم بالعربية', 'الاسم العربي'],
  descriptionEn: ['description', 'description en', 'english description', 'الوصف بالانجليزية'],
  descriptionAr: ['description ar', 'arabic description', 'الوصف', 'الوصف بالعربية'],
  status: ['status', 'state', 'الحالة'],
  price: ['price', 'unit price', 'retail price', 'السعر', 'سعر'],
  brand: ['brand', 'manufacturer', 'العلامة التجارية', 'الماركة', 'العلامة'],
  vendor: ['vendor', 'supplier', 'seller', 'البائع', 'المورد', 'التاجر'],
  family: ['family', 'attribute family', 'product family', 'العائلة', 'عائلة المنتج'],
  taxClass: ['tax', 'tax class', 'vat', 'فئة الضريبة', 'الضريبة'],
  categories: ['categories', 'category', 'الفئات', 'الفئة', 'التصنيف'],
  images: ['images', 'image', 'pictures', 'photos', 'image files', 'الصور', 'صورة', 'صور'],
  parentSku: ['parent sku', 'parent', 'parent code', 'variant of', 'رمز المنتج الأصل', 'المنتج الأصل', 'المنتج الأب'],
  barcode: ['barcode', 'ean', 'upc', 'gtin', 'ean13', 'الباركود', 'رمز شريطي'],
  stock: ['stock', 'quantity', 'qty', 'inventory', 'on hand', 'المخزون', 'الكمية'],
};

const squash = (s: string) =>
  normalizeSearch(s)
    .replace(/[\s_\-.:()[\]/]+/g, ' ')
    .trim();
const ARABIC_SUFFIX = /\s(ar|arabic|عربي|بالعربيه)$/;
const ENGLISH_SUFFIX = /\s(en|english|انجليزي|بالانجليزيه)$/;

/** One mapping entry per header: the field or attribute its name suggests, else ignore; lists split on "|". */
export function suggestMapping(headers: string[], attributes: ImportAttribute[]): ImportMapping {
  const byName = new Map<string, string>();
  for (const [field, names] of Object.entries(FIELD_NAMES)) for (const n of names) byName.set(squash(n), field);
  const attrByName = new Map<string, ImportAttribute>();
  for (const a of attributes) for (const n of [a.code, a.nameEn, a.nameAr]) if (n) attrByName.set(squash(n), a);
  const used = new Set<string>();
  return headers.map((column) => {
    const name = squash(column);
    let target = byName.get(name) ?? null;
    if (!target) {
      const locale = ARABIC_SUFFIX.test(name) ? 'ar' : ENGLISH_SUFFIX.test(name) ? 'en' : null;
      const base = name.replace(ARABIC_SUFFIX, '').replace(ENGLISH_SUFFIX, '');
      const attr = attrByName.get(name) ?? attrByName.get(base);
      if (attr) target = attr.localizable ? `attribute:${attr.code}:${locale ?? 'en'}` : `attribute:${attr.code}`;
    }
    if (!target || used.has(target)) return { column, target: 'ignore' };
    used.add(target);
    const entry: ImportColumn = { column, target };
    if (target === 'categories' || target === 'images') entry.split = '|';
    return entry;
  });
}

/** A cell after the column's transformations: text, a list, null to clear, or undefined to leave as it is. */
export type MappedValue = string | string[] | null | undefined;

function transformOne(col: ImportColumn, raw: string): string {
  const v = col.trim === false ? raw : raw.trim();
  const hit = col.map?.find((m) => m.from === v);
  return hit ? hit.to : v;
}

export function mapCell(col: ImportColumn, raw: string | undefined, emptyCells: ImportOptions['emptyCells']): MappedValue {
  let v = raw ?? '';
  if (col.trim !== false) v = v.trim();
  if (v === '' && col.default !== undefined && col.default !== '') v = col.default;
  if (v === '') return emptyCells === 'clear' ? null : undefined;
  if (!col.split) return transformOne(col, v);
  return v
    .split(col.split)
    .map((x) => transformOne(col, x))
    .filter((x) => x !== '');
}

/** A row as target → value, for the targets the mapping names (the columns missing from the file are left out). */
export function mapRow(
  mapping: ImportMapping,
  headerIndex: Map<string, number>,
  cells: string[],
  emptyCells: ImportOptions['emptyCells'],
): Map<string, { column: string; value: MappedValue }> {
  const out = new Map<string, { column: string; value: MappedValue }>();
  for (const col of mapping) {
    if (col.target === 'ignore') continue;
    const i = headerIndex.get(col.column);
    if (i === undefined) continue;
    out.set(col.target, { column: col.column, value: mapCell(col, cells[i], emptyCells) });
  }
  return out;
}

/** Header name → index; a repeated header keeps its first column. */
export function headerIndexOf(headers: string[]): Map<string, number> {
  const m = new Map<string, number>();
  headers.forEach((h, i) => {
    if (!m.has(h)) m.set(h, i);
  });
  return m;
}
