import { strToU8, zipSync } from 'fflate';
// The cells of CSV and XLSX files users download (product export, payments overview, statements), written
// one way: R14 neutralising, RFC 4180 quoting, amounts in the currency's digits, one-sheet XLSX parts.

/**
 * R14: a cell that a spreadsheet could read as a formula (starting with = + - @ tab or CR) gets a leading
 * single quote, so it shows as text and never runs.
 */
export function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** RFC 4180: quoted when it holds a comma, quote, CR or LF; quotes doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** A CSV line of neutralised, quoted cells (without its line break). */
export const csvRow = (cells: readonly string[]): string => cells.map((v) => csvField(neutralise(v))).join(',');

/** Minor units as a decimal of the currency's digits (a negative amount keeps its sign). */
export function formatMinor(minor: number, digits: number): string {
  if (digits <= 0) return String(minor);
  const s = String(Math.abs(minor)).padStart(digits + 1, '0');
  return `${minor < 0 ? '-' : ''}${s.slice(0, -digits)}.${s.slice(-digits)}`;
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

/** One sheet row (1-based `index`) of inline strings, cells neutralised like the CSV. */
export function xlsxRow(index: number, cells: readonly string[]): string {
  const cs = cells
    .map((v, i) => `<c r="${colName(i)}${index}" t="inlineStr"><is><t xml:space="preserve">${xml(neutralise(v))}</t></is></c>`)
    .join('');
  return `<row r="${index}">${cs}</row>`;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** What opens and closes `xl/worksheets/sheet1.xml` around its rows. */
export const SHEET_OPEN = `${XML_HEAD}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`;
export const SHEET_CLOSE = '</sheetData></worksheet>';

/** The parts of a one-sheet workbook besides the sheet itself. */
export function xlsxStaticParts(sheetName: string): Record<string, string> {
  return {
    '[Content_Types].xml': `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    '_rels/.rels': `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `${XML_HEAD}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${REL}"><sheets><sheet name="${xml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
  };
}

export const toCsv = (rows: readonly string[][]): string => `${rows.map(csvRow).join('\r\n')}\r\n`;

/** An XLSX with one sheet of inline strings, cells neutralised like the CSV. */
export function toXlsx(rows: readonly string[][], sheetName: string): Uint8Array {
  const parts = Object.fromEntries(Object.entries(xlsxStaticParts(sheetName)).map(([name, text]) => [name, strToU8(text)]));
  const sheet = `${SHEET_OPEN}${rows.map((cells, r) => xlsxRow(r + 1, cells)).join('')}${SHEET_CLOSE}`;
  return zipSync({ ...parts, 'xl/worksheets/sheet1.xml': strToU8(sheet) });
}
