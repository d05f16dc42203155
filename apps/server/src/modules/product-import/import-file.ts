import { randomUUID } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { Unzip, UnzipInflate } from 'fflate';
import { IMPORT_LIMITS, type ImportEncoding, type ImportFormat } from '@market/contracts/plain';
import type { BlobStore } from '../../lib/blob-store.js';
import { AppError } from '../../lib/errors.js';
import { detectDelimiter, detectEncoding, readRows, type ReadSettings } from './import-reader.js';

// An uploaded file: its format decided from its bytes, stored under a key of its own, and read back for its header,
// first rows and sheet names.

const SAMPLE_ROWS = 5;
const unsupported = () =>
  new AppError(415, 'unsupported_media_type', 'The file is not a CSV or an XLSX workbook', [
    { field: 'file', message: 'must be a CSV (any delimiter and encoding) or an XLSX workbook' },
  ]);

async function headOf(file: string, bytes = 65536): Promise<Buffer> {
  const fh = await open(file, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await fh.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** Format, encoding and delimiter of a staged upload, from its first bytes. */
export async function detect(
  stagedFile: string,
): Promise<{ format: ImportFormat; encoding: ImportEncoding | null; delimiter: string | null }> {
  const head = await headOf(stagedFile);
  if (head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04)
    return { format: 'xlsx', encoding: null, delimiter: null };
  if (!head.length) throw new AppError(422, 'validation_failed', 'The file is empty', [{ field: 'file', message: 'is empty' }]);
  const encoding = detectEncoding(head);
  // Binary content (images, PDFs, executables) is not text in any of the offered encodings.
  if (!encoding.startsWith('utf-16') && head.subarray(0, 4096).includes(0)) throw unsupported();
  const text = new TextDecoder(encoding).decode(head);
  return { format: 'csv', encoding, delimiter: detectDelimiter(text.replace(/^\uFEFF/, '')) };
}

export async function storeStaged(store: BlobStore, stagedFile: string): Promise<string> {
  const key = `import-${randomUUID()}`;
  await store.put(key, stagedFile);
  return key;
}

export async function openFile(store: BlobStore, key: string): Promise<Readable> {
  const got = await store.get(key);
  if (!got) throw new AppError(409, 'conflict', 'The uploaded file of this import is missing; upload it again');
  return got.stream;
}

/** Sheet names of a workbook, from xl/workbook.xml (read without expanding anything else; a zip bomb stops at the limit). */
export async function sheetNames(stream: Readable): Promise<string[]> {
  return new Promise((resolve, reject) => {
    let xml = '';
    let done = false;
    let expanded = 0;
    const finish = (err: Error | null, names?: string[]) => {
      if (done) return;
      done = true;
      stream.destroy();
      if (err) reject(err);
      else resolve(names ?? []);
    };
    const unzip = new Unzip((entry) => {
      if (entry.name !== 'xl/workbook.xml') return;
      entry.ondata = (err, chunk, final) => {
        if (err) return finish(err);
        expanded += chunk.length;
        if (expanded > 16 * 1024 * 1024) return finish(new AppError(422, 'validation_failed', 'The workbook is not a valid XLSX file'));
        xml += new TextDecoder().decode(chunk, { stream: !final });
        if (final) {
          const names = [...xml.matchAll(/<sheet\b[^>]*\bname="([^"]*)"/g)].map((m) => unescapeXml(m[1]!));
          finish(null, names);
        }
      };
      entry.start();
    });
    unzip.register(UnzipInflate);
    stream.on('data', (chunk: Buffer) => {
      if (done) return;
      try {
        unzip.push(chunk);
      } catch {
        finish(unsupported());
      }
    });
    stream.on('end', () => finish(null, []));
    stream.on('error', (err) => finish(err));
  });
}

const unescapeXml = (s: string) =>
  s.replace(/&(lt|gt|quot|apos|amp);/g, (_, e: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[e]!);

/** The header and first rows as read with these settings. */
export async function inspect(store: BlobStore, key: string, settings: ReadSettings): Promise<{ headers: string[]; sample: string[][] }> {
  const stream = await openFile(store, key);
  const headers: string[] = [];
  const sample: string[][] = [];
  try {
    for await (const row of readRows(stream, settings)) {
      if (!headers.length) {
        if (row.error) throw new AppError(422, 'validation_failed', `The first row (the column names) cannot be read: ${row.error}`);
        headers.push(...row.cells.map((h, i) => h.replace(/^\uFEFF/, '').trim() || `Column ${i + 1}`));
        continue;
      }
      if (!row.error) sample.push(row.cells.slice(0, headers.length).map((c) => c.slice(0, 500)));
      if (sample.length >= SAMPLE_ROWS) break;
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError(
      422,
      'validation_failed',
      settings.format === 'xlsx' ? 'The workbook cannot be read' : 'The file cannot be read as CSV',
      [{ field: 'file', message: err instanceof Error ? err.message.slice(0, 200) : 'cannot be read' }],
    );
  } finally {
    stream.destroy();
  }
  if (!headers.length) throw new AppError(422, 'validation_failed', 'The file has no rows', [{ field: 'file', message: 'has no rows' }]);
  if (headers.length > IMPORT_LIMITS.columns)
    throw new AppError(422, 'validation_failed', `The file has more than ${IMPORT_LIMITS.columns} columns`, [
      { field: 'file', message: `has more than ${IMPORT_LIMITS.columns} columns` },
    ]);
  return { headers, sample };
}

export async function removeStaged(file: string): Promise<void> {
  await rm(file, { force: true });
}
