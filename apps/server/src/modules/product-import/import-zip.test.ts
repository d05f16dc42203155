import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { strToU8, zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalBlobStore } from '../../lib/blob-store.js';
import { extractZip, safeBaseName } from './import-zip.js';

const root = mkdtempSync(path.join(tmpdir(), 'market-zip-'));
const store = new LocalBlobStore(root);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const chunks = (buf: Uint8Array) => Readable.from([Buffer.from(buf.subarray(0, 7)), Buffer.from(buf.subarray(7))]);
const extract = (files: Record<string, Uint8Array>) => {
  const zip = zipSync(files);
  return extractZip(chunks(zip), zip.length, store);
};

describe('ZIP uploads', () => {
  it('takes the one data file and the images by base name, and leaves out system files and paths that try to leave the archive', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const out = await extract({
      'catalogue/products.csv': strToU8('SKU,Images\nA,jar.png\n'),
      'catalogue/img/Jar.PNG': png,
      '__MACOSX/catalogue/._products.csv': strToU8('x'),
      '../evil.png': png,
      'notes.pdf': strToU8('%PDF'),
    });
    expect(out.data.name).toBe('products.csv');
    expect(readFileSync(out.data.file, 'utf8')).toContain('A,jar.png');
    expect(Object.keys(out.images)).toEqual(['jar.png']);
    expect(out.images['jar.png']).toMatchObject({ name: 'Jar.PNG', size: png.length });
    expect(out.skipped.sort()).toEqual(['../evil.png', '__MACOSX/catalogue/._products.csv', 'notes.pdf']);
  });

  it('marks an image name found twice, so a row naming it is refused rather than guessed', async () => {
    const out = await extract({ 'a.csv': strToU8('x'), 'one/jar.png': new Uint8Array([1]), 'two/jar.png': new Uint8Array([2]) });
    expect(out.images['jar.png']).toBeNull();
  });

  it('refuses a zip bomb before it expands, and an archive with no data file or with two', async () => {
    await expect(extract({ 'bomb.csv': new Uint8Array(64 * 1024 * 1024) })).rejects.toThrow(/expands to more than it may/);
    await expect(extract({ 'a.png': new Uint8Array([1]) })).rejects.toThrow('The ZIP holds no CSV or XLSX file');
    await expect(extract({ 'a.csv': strToU8('x'), 'b.xlsx': strToU8('y') })).rejects.toThrow(/holds 2 CSV or XLSX files/);
    await expect(extractZip(Readable.from([Buffer.from('PK\u0003\u0004garbage')]), 11, store)).rejects.toThrow();
  });

  it('judges entry paths', () => {
    expect(safeBaseName('a/b/c.csv')).toBe('c.csv');
    expect(safeBaseName('/etc/passwd')).toBeNull();
    expect(safeBaseName('C:/x.csv')).toBeNull();
    expect(safeBaseName('a\\..\\x.csv')).toBeNull();
    expect(safeBaseName('dir/')).toBeNull();
    expect(safeBaseName('.hidden.csv')).toBeNull();
  });
});
