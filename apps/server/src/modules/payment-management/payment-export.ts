import type { paymentManagementRoutes as c } from '@market/contracts';
import { strToU8, zipSync } from 'fflate';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/api-route.js';
import { checkDueRange, filterOf, toInvoice } from './invoice-read.js';
import * as repo from './invoices.repository.js';
import { baseCurrency } from './payment-management.shared.js';

// Files of the payments overview and the vendor statement. The same rules as the product export (R14); its
// helpers are internal to the products module, so the few lines are kept here.

/** At most this many invoices per file; a larger selection ends with a note row (narrow the filters). */
export const INVOICE_EXPORT_MAX_ROWS = 10_000;

/** R14: a cell a spreadsheet could read as a formula (starting with = + - @ tab or CR) gets a leading quote. */
export const neutralise = (value: string): string => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** RFC 4180: quoted when it holds a comma, quote, CR or LF; quotes doubled. */
const csvField = (value: string): string => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

export const csvRow = (cells: readonly string[]): string => cells.map((v) => csvField(neutralise(v))).join(',');

/** Minor units as a decimal of the currency's digits (negative amounts keep their sign, neutralised in files). */
export function formatMinor(minor: number, digits: number): string {
  if (digits <= 0) return String(minor);
  const s = String(Math.abs(minor)).padStart(digits + 1, '0');
  return `${minor < 0 ? '-' : ''}${s.slice(0, -digits)}.${s.slice(-digits)}`;
}

export const INVOICE_EXPORT_COLUMNS = [
  'number',
  'vendor',
  'market_date',
  'kind',
  'state',
  'currency',
  'issue_date',
  'due_date',
  'total',
  'charged',
  'paid',
  'refunded',
  'waived',
  'credited',
  'balance',
] as const;

function invoiceCells(i: c.Invoice, digits: number): string[] {
  const m = (n: number) => formatMinor(n, digits);
  return [
    i.number ?? '',
    i.vendorName,
    i.marketDate ?? '',
    i.kind,
    i.state,
    i.currency,
    i.issueDate ?? '',
    i.dueDate ?? '',
    m(i.total),
    m(i.charged),
    m(i.paid),
    m(i.refunded),
    m(i.waived),
    m(i.credited),
    m(i.balance),
  ];
}

/** The header and the rows of the invoices matching the filters (newest first), cells not yet neutralised. */
export async function invoiceRows(db: Db, caller: Caller, q: z.infer<typeof c.invoiceExportQuery>): Promise<string[][]> {
  checkDueRange(q);
  const digits = (await baseCurrency(db, caller.orgId))?.minorDigits ?? 2;
  const rows = await repo.listInvoices(db, caller.orgId, filterOf(q), INVOICE_EXPORT_MAX_ROWS + 1);
  const out = [[...INVOICE_EXPORT_COLUMNS], ...rows.slice(0, INVOICE_EXPORT_MAX_ROWS).map((r) => invoiceCells(toInvoice(r), digits))];
  if (rows.length > INVOICE_EXPORT_MAX_ROWS)
    out.push([`Only the first ${INVOICE_EXPORT_MAX_ROWS} invoices are in this file; narrow the filters to export the rest`]);
  return out;
}

export const toCsv = (rows: readonly string[][]): string => `${rows.map(csvRow).join('\r\n')}\r\n`;

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

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** An XLSX with one sheet of inline strings, cells neutralised like the CSV. */
export function toXlsx(rows: readonly string[][], sheetName = 'Invoices'): Uint8Array {
  const sheetRows = rows
    .map((cells, r) => {
      const cs = cells
        .map((v, i) => `<c r="${colName(i)}${r + 1}" t="inlineStr"><is><t xml:space="preserve">${xml(neutralise(v))}</t></is></c>`)
        .join('');
      return `<row r="${r + 1}">${cs}</row>`;
    })
    .join('');
  return zipSync({
    '[Content_Types].xml': strToU8(
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    ),
    '_rels/.rels': strToU8(
      `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    'xl/workbook.xml': strToU8(
      `${XML_HEAD}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${REL}"><sheets><sheet name="${sheetName}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    'xl/worksheets/sheet1.xml': strToU8(
      `${XML_HEAD}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetRows}</sheetData></worksheet>`,
    ),
  });
}
