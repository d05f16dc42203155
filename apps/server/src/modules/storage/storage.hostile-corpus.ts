import zlib from 'node:zlib';
import sharp from 'sharp';
import { jpeg, pdf, png } from './storage.test-support.js';

/** The R12 corpus, shared by the storage and asset-library upload tests. */
function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}

/** A few hundred bytes whose header claims 60000 x 60000 pixels (3.6 gigapixels once decoded). */
export function pixelBomb(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(60_000, 0);
  ihdr.writeUInt32BE(60_000, 4);
  ihdr[8] = 8;
  const idat = zlib.deflateSync(Buffer.alloc(60_001 * 4));
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([sig, pngChunk('IHDR', ihdr), pngChunk('IDAT', idat), pngChunk('IEND', Buffer.alloc(0))]);
}

/** Real images carrying what must not survive an upload (a script chunk, EXIF data) and a plain PNG. */
export async function trickyImages(): Promise<{ plainPng: Buffer; gif: Buffer; exifJpeg: Buffer; scriptPng: Buffer }> {
  const plainPng = await png();
  const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: 'red' } })
    .gif()
    .toBuffer();
  const exifJpeg = await sharp(await jpeg(16, 16))
    .jpeg()
    .withExif({ IFD0: { Copyright: 'secret-gps-52.52N', ImageDescription: '<script>alert(1)</script>' } })
    .toBuffer();
  const scriptPng = Buffer.concat([
    plainPng.subarray(0, 33),
    pngChunk('tEXt', Buffer.from('Comment\0<script>alert(1)</script>', 'latin1')),
    plainPng.subarray(33),
  ]);
  return { plainPng, gif, exifJpeg, scriptPng };
}

export const zip = () =>
  Buffer.concat([
    Buffer.from('PK\x03\x04\x14\x00\x00\x00\x00\x00', 'latin1'),
    Buffer.alloc(30),
    Buffer.from('PK\x05\x06', 'latin1'),
    Buffer.alloc(18),
  ]);
export const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>';

export interface HostileCase {
  label: string;
  path: string;
  body: Buffer;
  type: string;
  /** The status it is refused with; or neutralise: stored, but only re-encoded. */
  refuse?: 400 | 413 | 415 | 422;
  neutralise?: boolean;
}

/** Hostile files: each is refused with the given status, or stored only re-encoded (neutralise). */
export async function hostileCorpus(): Promise<HostileCase[]> {
  const { plainPng, gif, exifJpeg, scriptPng: pngWithScript } = await trickyImages();
  return [
    { label: 'PNG bytes named .jpg', path: 'h/photo.jpg', body: plainPng, type: 'image/jpeg', refuse: 422 },
    { label: 'PNG bytes named .pdf, type unknown', path: 'h/scan.pdf', body: plainPng, type: 'application/octet-stream', refuse: 422 },
    { label: 'JPEG bytes declared PNG', path: 'h/photo.png', body: await jpeg(), type: 'image/png', refuse: 422 },
    { label: 'PNG declared as SVG', path: 'h/logo.png', body: plainPng, type: 'image/svg+xml', refuse: 415 },
    { label: 'SVG with script', path: 'h/logo.svg', body: Buffer.from(svg), type: 'image/svg+xml', refuse: 415 },
    { label: 'SVG named .png', path: 'h/logo2.png', body: Buffer.from(svg), type: 'image/png', refuse: 415 },
    {
      label: 'SVG with XML declaration as text',
      path: 'h/logo.txt',
      body: Buffer.from(`<?xml version="1.0"?>${svg}`),
      type: 'text/plain',
      refuse: 415,
    },
    { label: 'HTML', path: 'h/page.html', body: Buffer.from('<!doctype html><script>alert(1)</script>'), type: 'text/html', refuse: 415 },
    { label: 'HTML as text', path: 'h/notes.txt', body: Buffer.from(' \n<html><body onload="alert(1)">'), type: 'text/plain', refuse: 415 },
    {
      label: 'text with a script tag',
      path: 'h/notes2.txt',
      body: Buffer.from('hello\n<script>alert(1)</script>'),
      type: 'text/plain',
      refuse: 415,
    },
    {
      label: 'GIF header + JavaScript polyglot',
      path: 'h/poly.gif',
      body: Buffer.from('GIF89a=1;alert(document.domain)//' + 'A'.repeat(64)),
      type: 'image/gif',
      refuse: 422,
    },
    {
      label: 'GIF + appended script',
      path: 'h/appended.gif',
      body: Buffer.concat([gif, Buffer.from('<script>alert(1)</script>')]),
      type: 'image/gif',
      neutralise: true,
    },
    { label: 'PDF + ZIP polyglot', path: 'h/poly.pdf', body: Buffer.concat([pdf(), zip()]), type: 'application/pdf', refuse: 422 },
    {
      label: 'ZIP inside a PDF',
      path: 'h/poly2.pdf',
      body: Buffer.from(
        pdf()
          .toString('latin1')
          .replace('%%EOF', `%${zip().toString('latin1')}\n%%EOF`),
        'latin1',
      ),
      type: 'application/pdf',
      refuse: 422,
    },
    {
      label: 'PDF with JavaScript',
      path: 'h/js.pdf',
      body: pdf('/OpenAction << /S /JavaScript /JS (app.alert(1)) >>'),
      type: 'application/pdf',
      refuse: 422,
    },
    {
      label: 'PDF with hex-escaped JavaScript',
      path: 'h/js2.pdf',
      body: pdf('/OpenAction << /S /J#61vaScript /J#53 (app.alert(1)) >>'),
      type: 'application/pdf',
      refuse: 422,
    },
    {
      label: 'HTML before a PDF header',
      path: 'h/pre.pdf',
      body: Buffer.concat([Buffer.from('<html><script>alert(1)</script>'), pdf()]),
      type: 'application/pdf',
      refuse: 415,
    },
    { label: 'pixel bomb PNG', path: 'h/bomb.png', body: pixelBomb(), type: 'image/png', refuse: 422 },
    {
      label: 'executable named .pdf',
      path: 'h/setup.pdf',
      body: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]),
      type: 'application/pdf',
      refuse: 415,
    },
    { label: 'ZIP archive', path: 'h/files.zip', body: zip(), type: 'application/zip', refuse: 415 },
    {
      label: 'binary named .txt',
      path: 'h/bin.txt',
      body: Buffer.from([0x00, 0x01, 0x02, 0x41, 0x42, 0x00, 0xff]),
      type: 'text/plain',
      refuse: 415,
    },
    { label: 'UTF-16 text', path: 'h/utf16.txt', body: Buffer.from('\ufeffhello', 'utf16le'), type: 'text/plain', refuse: 415 },
    { label: 'double extension .png.html', path: 'h/x.png.html', body: plainPng, type: 'image/png', refuse: 415 },
    { label: 'direction override in the name', path: 'h/invoice\u202Efdp.png', body: plainPng, type: 'image/png', refuse: 400 },
    { label: 'JPEG with EXIF', path: 'h/exif.jpg', body: exifJpeg, type: 'image/jpeg', neutralise: true },
    { label: 'PNG with a script in a text chunk', path: 'h/text-chunk.png', body: pngWithScript, type: 'image/png', neutralise: true },
  ];
}
