import { describe, expect, it } from 'vitest';
import { PdfChecker } from './file-sniff-pdf.js';
import { extensionOf, mimeMatches, normalizeDeclared, sniff, TextChecker, typeForExtension } from './file-sniff.js';

const feed = <T extends { update(c: Buffer): void }>(checker: T, data: Buffer, size: number): T => {
  for (let i = 0; i < data.length; i += size) checker.update(data.subarray(i, i + size));
  return checker;
};

describe('file sniffing', () => {
  it('types files by their first bytes, whatever they are called', () => {
    expect(sniff(Buffer.from('\x89PNG\r\n\x1a\n0000', 'latin1'))).toEqual({ kind: 'binary', type: 'image/png' });
    expect(sniff(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toEqual({ kind: 'binary', type: 'image/jpeg' });
    expect(sniff(Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 ', 'latin1'))).toEqual({ kind: 'binary', type: 'image/webp' });
    expect(sniff(Buffer.from('RIFF\x00\x00\x00\x00WAVEfmt ', 'latin1')).kind).toBe('text');
    expect(sniff(Buffer.from('%PDF-1.7\n'))).toEqual({ kind: 'binary', type: 'application/pdf' });
    expect(sniff(Buffer.from(' %PDF-1.7\n')).kind).toBe('text');
    expect(sniff(Buffer.from('name,price\nsoap,3\n'))).toEqual({ kind: 'text' });
    for (const markup of [
      '<svg onload=alert(1)>',
      '\ufeff  <!DOCTYPE html>',
      '<?xml version="1.0"?>',
      '<a href=x>',
      '<!-- x -->',
      'ok\n<ScRiPt>',
    ]) {
      expect(sniff(Buffer.from(markup)).kind, markup).toBe('refused');
    }
    expect(sniff(Buffer.from('a < b and <abbr> is fine? <table-less text')).kind).toBe('text');
    expect(sniff(Buffer.from('PK\x03\x04', 'latin1'))).toMatchObject({ kind: 'refused', type: 'application/zip' });
  });

  it('checks text as UTF-8 across chunk boundaries and refuses control characters', () => {
    const arabic = Buffer.from('سوق الجمعة,٣\n'.repeat(50));
    expect(feed(new TextChecker(), arabic, 7).done()).toBe(true);
    expect(feed(new TextChecker(), Buffer.concat([arabic, Buffer.from([0xd8])]), 7).done()).toBe(false);
    expect(feed(new TextChecker(), Buffer.from('tab\tok\r\nbell\x07'), 3).done()).toBe(false);
    expect(feed(new TextChecker(), Buffer.from([0xc0, 0xaf]), 1).done()).toBe(false);
  });

  it('finds active PDF content even when a name is split between chunks, but not inside streams', () => {
    const head = '%PDF-1.4\n1 0 obj << /Type /Catalog ';
    const js = Buffer.from(`${head}/OpenAction << /S /JavaScript >> >>\nendobj\n%%EOF\n`, 'latin1');
    for (const size of [1, 5, 13, 4096]) expect(feed(new PdfChecker(), js, size).done(), String(size)).toMatch(/active content/);
    const escaped = Buffer.from(`${head}/AA << /O << /S /L#61unch >> >> >>\n%%EOF`, 'latin1');
    expect(feed(new PdfChecker(), escaped, 9).done()).toMatch(/Launch/);
    const inStream = Buffer.from(`${head}>>\n2 0 obj << /Length 20 >>\nstream\n/JS junk /JavaScript\nendstream\nendobj\n%%EOF\n`, 'latin1');
    expect(feed(new PdfChecker(), inStream, 6).done()).toBeNull();
    expect(feed(new PdfChecker(), Buffer.from(`${head}>>\n%%EOF\n<html>`, 'latin1'), 8).done()).toMatch(/after its end-of-file/);
    expect(feed(new PdfChecker(), Buffer.from(`${head}>>\n`, 'latin1'), 8).done()).toMatch(/no end-of-file/);
  });

  it('maps names and declared types onto the allow list', () => {
    expect(extensionOf('a/b/Photo.JPEG')).toBe('jpeg');
    expect(extensionOf('a.b/c')).toBeNull();
    expect(extensionOf('.hidden')).toBeNull();
    expect(typeForExtension('jpeg')).toBe('image/jpeg');
    expect(typeForExtension('svg')).toBeNull();
    expect(normalizeDeclared('Image/JPG; q=1')).toBe('image/jpeg');
    expect(normalizeDeclared('application/vnd.ms-excel')).toBe('text/csv');
    expect(mimeMatches('image/png', 'image/*')).toBe(true);
    expect(mimeMatches('application/pdf', 'image/*')).toBe(false);
    expect(mimeMatches('image/jpeg', 'image/jpg')).toBe(true);
  });
});
