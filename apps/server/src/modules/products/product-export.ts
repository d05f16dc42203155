import type { productsRoutes as c } from '@market/contracts';
import { strToU8, Zip, ZipDeflate } from 'fflate';
import { Readable } from 'node:stream';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/api-route.js';
import { cursorAfter, DEFAULT_SORT, filtersOf } from './product-list.service.js';
import { decodeProductCursor } from './product-list.cursor.js';
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

/**
 * R14: a cell that a spreadsheet could read as a formula (starting with = + - @ tab or CR) gets a
 * leading single quote, so it shows as text and never runs.
 */
export function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** RFC 4180: quoted when it holds a comma, quote, CR or LF; quotes doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function formatMinor(minor: number, digits: number): string {
  if (digits <= 0) return String(minor);
  const s = String(Math.abs(minor)).padStart(digits + 1, '0');
  return `${minor < 0 ? '-' : ''}${s.slice(0, -digits)}.${s.slice(-digits)}`;
}

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

const xml = (s: string) =>
  s
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

const colName = (i: number) => {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
};

function xlsxRow(index: number, cells: string[]): string {
  const cs = cells
    .map((v, i) => `<c r="${colName(i)}${index}" t="inlineStr"><is><t xml:space="preserve">${xml(neutralise(v))}</t></is></c>`)
    .join('');
  return `<row r="${index}">${cs}</row>`;
}

const XLSX_STATIC: Record<string, string> = {
  '[Content_Types].xml':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
  '_rels/.rels':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  'xl/workbook.xml':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Products" sheetId="1" r:id="rId1"/></sheets></workbook>',
  'xl/_rels/workbook.xml.rels':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
};

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
  for (const [name, text] of Object.entries(XLSX_STATIC)) addStatic(name, text);
  const sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 6 });
  zip.add(sheet);
  void (async () => {
    try {
      sheet.push(
        strToU8(
          '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
        ),
      );
      let n = 1;
      sheet.push(strToU8(xlsxRow(n++, [...EXPORT_COLUMNS])));
      for await (const batch of exportRows(db, caller, query)) {
        if ('truncated' in batch) sheet.push(strToU8(xlsxRow(n++, [TRUNCATED_NOTE])));
        else sheet.push(strToU8(batch.map((r) => xlsxRow(n++, rowCells(r, digits))).join('')));
      }
      sheet.push(strToU8('</sheetData></worksheet>'), true);
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
