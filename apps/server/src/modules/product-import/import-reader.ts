import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { IMPORT_DELIMITERS, IMPORT_LIMITS, type ImportEncoding, type ImportFormat } from '@market/contracts/plain';

// Reading an uploaded file as rows of strings, streamed: CSV in any of the offered encodings and delimiters, or one
// sheet of an XLSX workbook (exceljs' streaming reader). Memory stays bounded by one row, whatever the file's size.

export interface ReadSettings {
  format: ImportFormat;
  encoding: ImportEncoding | null;
  delimiter: string | null;
  sheet: string | null;
}

/** A data row: its number as a spreadsheet shows it (the header is row 1), its cells, or why it cannot be read. */
export interface FileRow {
  rowNo: number;
  cells: string[];
  error?: string;
}

/** The encoding of a CSV from its first bytes: a byte order mark, valid UTF-8, else Arabic or Western Windows code page. */
export function detectEncoding(head: Buffer): ImportEncoding {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  // UTF-16 without a mark: every other byte of ASCII text is zero.
  let zerosEven = 0;
  let zerosOdd = 0;
  const n = Math.min(head.length, 4096);
  for (let i = 0; i < n; i++) {
    if (head[i] !== 0) continue;
    if (i % 2) zerosOdd++;
    else zerosEven++;
  }
  if (zerosOdd > n / 4 && zerosEven < n / 50) return 'utf-16le';
  if (zerosEven > n / 4 && zerosOdd < n / 50) return 'utf-16be';
  if (isUtf8(head)) return 'utf-8';
  const text = new TextDecoder('windows-1256').decode(head);
  const arabic = (text.match(/[\u0600-\u06ff]/g) ?? []).length;
  const high = head.filter((b) => b >= 0x80).length;
  return arabic > high / 2 ? 'windows-1256' : 'windows-1252';
}

/** Valid UTF-8, allowing a sequence cut at the end of the sample. */
function isUtf8(buf: Buffer): boolean {
  let end = buf.length;
  // Step back over an incomplete trailing sequence (at most 3 bytes).
  for (let k = 1; k <= 3 && end - k >= 0; k++) {
    const b = buf[end - k]!;
    if ((b & 0xc0) === 0xc0) {
      const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
      if (k < need) end -= k;
      break;
    }
    if ((b & 0xc0) !== 0x80) break;
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buf.subarray(0, end));
    return true;
  } catch {
    return false;
  }
}

/** The delimiter of a CSV: the candidate found most often outside quotes on the first line. */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>(IMPORT_DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best = ',';
  let most = 0;
  for (const [d, c] of counts)
    if (c > most) {
      best = d;
      most = c;
    }
  return best;
}

/** Decodes a byte stream in `encoding` (a UTF-8 BOM is dropped by the CSV parser). */
function decoded(stream: Readable, encoding: ImportEncoding): Readable {
  const decoder = new TextDecoder(encoding);
  return Readable.from(
    (async function* () {
      for await (const chunk of stream) {
        const text = decoder.decode(chunk as Buffer, { stream: true });
        if (text) yield text;
      }
      const rest = decoder.decode();
      if (rest) yield rest;
    })(),
  );
}

/** A file that cannot be read on: the import stops with this message (rows already committed stay). */
export class FileReadError extends Error {}

/** Largest row the parser holds; beyond it the file cannot be read on. Rows above IMPORT_LIMITS.rowChars are error rows. */
const PARSER_ROW_LIMIT = 16 * 1024 * 1024;

/** Rows of a CSV. A row longer than the limit is an error row; reading goes on. */
async function* csvRows(stream: Readable, encoding: ImportEncoding, delimiter: string): AsyncGenerator<FileRow> {
  let rowNo = 0;
  const source = decoded(stream, encoding);
  const parser = source.pipe(
    parse({
      delimiter,
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      max_record_size: PARSER_ROW_LIMIT,
    }),
  );
  // A read error (or the file closed early) ends the parse with that error instead of leaving it unhandled.
  source.on('error', (err) => parser.destroy(err));
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      rowNo++;
      const size = record.reduce((n, c) => n + c.length, 0);
      if (size > IMPORT_LIMITS.rowChars) yield { rowNo, cells: [], error: `The row is longer than ${IMPORT_LIMITS.rowChars / 1024} KB` };
      else yield { rowNo, cells: record };
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code?.startsWith('CSV_'))
      throw new FileReadError(
        `Row ${rowNo + 1} and the rest of the file cannot be read: ${readableCsvError(err as Error & { code?: string })}`,
      );
    throw err;
  }
}

function readableCsvError(err: Error & { code?: string }): string {
  if (err.code === 'CSV_MAX_RECORD_SIZE') return `a row is longer than ${PARSER_ROW_LIMIT / (1024 * 1024)} MB`;
  if (err.code?.startsWith('CSV_QUOTE') || err.code === 'CSV_INVALID_CLOSING_QUOTE') return 'a quoted value is not closed properly';
  return 'the text is not valid CSV';
}

/** A cell of an XLSX as text: a formula's stored result (never the formula), dates as ISO dates, rich text joined. */
export function xlsxText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('formula' in value || 'sharedFormula' in value) return xlsxText((value as { result?: ExcelJS.CellValue }).result ?? null);
    if ('text' in value) return typeof value.text === 'string' ? value.text : xlsxText(value.text as ExcelJS.CellValue);
    if ('error' in value) return '';
    return '';
  }
  return String(value);
}

/** Rows of one sheet of a workbook (the first when `sheet` is null), and the names of the sheets seen. */
async function* xlsxRows(stream: Readable, sheet: string | null, sheetsSeen?: string[]): AsyncGenerator<FileRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(stream, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  let taken = false;
  for await (const ws of reader) {
    const name = (ws as unknown as { name?: string }).name ?? `Sheet${(sheetsSeen?.length ?? 0) + 1}`;
    sheetsSeen?.push(name);
    if (taken || (sheet !== null && name !== sheet)) {
      // Sheets are read in order: an unwanted one is drained to reach the next.
      for await (const _row of ws) void _row;
      continue;
    }
    taken = true;
    for await (const row of ws as AsyncIterable<ExcelJS.Row>) {
      const values = row.values as ExcelJS.CellValue[];
      const cells: string[] = [];
      for (let i = 1; i < values.length; i++) cells.push(xlsxText(values[i] ?? null));
      while (cells.length && cells[cells.length - 1] === '') cells.pop();
      // Empty rows are skipped as a CSV's empty lines are.
      if (!cells.length) continue;
      const size = cells.reduce((n, c) => n + c.length, 0);
      if (size > IMPORT_LIMITS.rowChars) {
        yield { rowNo: row.number, cells: [], error: `The row is longer than ${IMPORT_LIMITS.rowChars / 1024} KB` };
        continue;
      }
      yield { rowNo: row.number, cells };
    }
  }
}

/** Every row of the file, the header first (row 1 for a CSV; the sheet's own row numbers for an XLSX). */
export function readRows(stream: Readable, settings: ReadSettings, sheetsSeen?: string[]): AsyncGenerator<FileRow> {
  if (settings.format === 'xlsx') return xlsxRows(stream, settings.sheet, sheetsSeen);
  return csvRows(stream, settings.encoding ?? 'utf-8', settings.delimiter ?? ',');
}
