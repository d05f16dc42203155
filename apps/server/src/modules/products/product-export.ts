import type { productsRoutes as c } from '@market/contracts';
import { strToU8, Zip, ZipDeflate } from 'fflate';
import { Readable } from 'node:stream';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/api-route.js';
import { cursorAfter, DEFAULT_SORT, filtersOf } from './product-list.service.js';
import { decodeProductCursor } from './product-list.cursor.js';
import { csvField, formatMinor, neutralise, SHEET_CLOSE, SHEET_OPEN, xlsxRow, xlsxStaticParts } from '../../lib/spreadsheet.js';
import * as list from './product-list.repository.js';

/** At most this many rows per file; a larger selection ends with a note row saying so (narrow the filters). */
export const EXPORT_MAX_ROWS = 100_000;
const BATCH = 1000;

export const EXPORT_COLUMNS = [
  'sku',
  'name_en',
  'name_ar',
  'status',
  'price_minor',
  'price',
  'brand',
  'vendor',
  'family',
  'categories',
  'completeness',
  'updated_at',
] as const;

export function rowCells(r: c.ProductListItem, digits: number): string[] {
  return [
    r.sku,
    r.nameEn,
    r.nameAr,
    r.status,
    String(r.priceMinor),
    formatMinor(r.priceMinor, digits),
    r.brand?.nameEn ?? '',
    r.vendor?.name ?? '',
    r.family?.nameEn ?? '',
    r.categories.map((x) => x.nameEn).join('; '),
    String(r.completenessScore),
    r.updatedAt,
  ];
}

/** Every matching product, a batch of ids at a time through the keyset query (never all rows at once). */
async function* exportRows(db: Db, caller: Caller, query: c.ProductExportQuery): AsyncGenerator<c.ProductListItem[] | { truncated: true }> {
  const sort = query.sort ?? DEFAULT_SORT;
  const filters = await filtersOf(db, caller.orgId, query);
  let after: [string | number, string] | null = null;
  let sent = 0;
  for (;;) {
    const want = Math.min(BATCH, EXPORT_MAX_ROWS - sent);
    const rows = await list.pageRows(db, caller.orgId, filters, sort, after, want + 1);
    const page = rows.slice(0, want);
    if (page.length) yield page.map((r) => JSON.parse(r.item) as c.ProductListItem);
    sent += page.length;
    if (rows.length <= want) return;
    if (sent >= EXPORT_MAX_ROWS) {
      yield { truncated: true };
      return;
    }
    after = decodeProductCursor(sort, cursorAfter(sort, page[page.length - 1]!));
  }
}

const TRUNCATED_NOTE = `Only the first ${EXPORT_MAX_ROWS} products are in this file; narrow the filters to export the rest`;

/** CSV as UTF-8 with a BOM (so Excel reads Arabic), CRLF line ends. */
export async function* csvChunks(db: Db, caller: Caller, query: c.ProductExportQuery, digits: number): AsyncGenerator<string> {
  const line = (cells: string[]) => `${cells.map((x) => csvField(neutralise(x))).join(',')}\r\n`;
  yield `\uFEFF${line([...EXPORT_COLUMNS])}`;
  for await (const batch of exportRows(db, caller, query)) {
    if ('truncated' in batch) yield line([TRUNCATED_NOTE]);
    else yield batch.map((r) => line(rowCells(r, digits))).join('');
  }
}

/** An XLSX (zip made with fflate, streamed) with one sheet of inline strings, cells neutralised like the CSV. */
export function xlsxStream(db: Db, caller: Caller, query: c.ProductExportQuery, digits: number): Readable {
  const out = new Readable({ read() {} });
  const zip = new Zip((err, chunk, final) => {
    if (err) {
      out.destroy(err);
      return;
    }
    out.push(Buffer.from(chunk));
    if (final) out.push(null);
  });
  const addStatic = (name: string, text: string) => {
    const f = new ZipDeflate(name, { level: 6 });
    zip.add(f);
    f.push(strToU8(text), true);
  };
  for (const [name, text] of Object.entries(xlsxStaticParts('Products'))) addStatic(name, text);
  const sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 6 });
  zip.add(sheet);
  void (async () => {
    try {
      sheet.push(strToU8(SHEET_OPEN));
      let n = 1;
      sheet.push(strToU8(xlsxRow(n++, [...EXPORT_COLUMNS])));
      for await (const batch of exportRows(db, caller, query)) {
        if ('truncated' in batch) sheet.push(strToU8(xlsxRow(n++, [TRUNCATED_NOTE])));
        else sheet.push(strToU8(batch.map((r) => xlsxRow(n++, rowCells(r, digits))).join('')));
      }
      sheet.push(strToU8(SHEET_CLOSE), true);
      zip.end();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}

export function exportFileName(format: 'csv' | 'xlsx', now = new Date()): string {
  return `products-${now.toISOString().slice(0, 10)}.${format}`;
}

export function csvStream(db: Db, caller: Caller, query: c.ProductExportQuery, digits: number): Readable {
  return Readable.from(csvChunks(db, caller, query, digits), { objectMode: false });
}
