/**
 * What a file really is, from its bytes: uploads are typed by content, never by the name or the
 * Content-Type the client chose (R12). Only the types below are stored; everything else is refused.
 */
export const ALLOWED_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf', 'text/plain', 'text/csv'] as const;
export type AllowedType = (typeof ALLOWED_TYPES)[number];

export const IMAGE_TYPES: readonly AllowedType[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** Extensions a stored name may end with, per type. */
const EXTENSIONS: Record<AllowedType, readonly string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg', 'jpe', 'jfif'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'application/pdf': ['pdf'],
  'text/plain': ['txt', 'text', 'log'],
  'text/csv': ['csv'],
};

/** Declared Content-Types that mean the same as one of ours (browsers and OSes disagree on names). */
const ALIASES: Record<string, AllowedType> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'image/x-png': 'image/png',
  'application/x-pdf': 'application/pdf',
  'application/csv': 'text/csv',
  'text/comma-separated-values': 'text/csv',
  'text/x-csv': 'text/csv',
  // Windows reports .csv files with the Excel type.
  'application/vnd.ms-excel': 'text/csv',
};

/** Declared types that say nothing about the content. */
const GENERIC = new Set(['', 'application/octet-stream', 'binary/octet-stream', 'application/unknown']);

export type Sniffed =
  | { kind: 'binary'; type: Exclude<AllowedType, 'text/plain' | 'text/csv'> }
  | { kind: 'text' }
  | { kind: 'refused'; type: string; reason: string };

const startsWith = (b: Buffer, sig: number[], at = 0) => b.length >= at + sig.length && sig.every((v, i) => b[at + i] === v);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** Script carriers and containers we refuse outright, so the message can name them. */
const REFUSED_SIGNATURES: { sig: number[]; at?: number; type: string }[] = [
  { sig: ascii('PK\x03\x04'), type: 'application/zip' },
  { sig: ascii('MZ'), type: 'application/x-msdownload' },
  { sig: [0x7f, ...ascii('ELF')], type: 'application/x-executable' },
  { sig: ascii('%!PS'), type: 'application/postscript' },
  { sig: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], type: 'application/x-ole-storage' },
  { sig: ascii('Rar!'), type: 'application/vnd.rar' },
  { sig: [0x1f, 0x8b], type: 'application/gzip' },
  { sig: ascii('II*\x00'), type: 'image/tiff' },
  { sig: ascii('MM\x00*'), type: 'image/tiff' },
  { sig: ascii('BM'), type: 'image/bmp' },
  { sig: ascii('ftyp'), at: 4, type: 'image/heic-or-video' },
];

/** Leading markup that makes a browser treat bytes as HTML, SVG or XML (WHATWG MIME sniffing, plus SVG). */
const MARKUP =
  /^<(?:!doctype\s+html|html|head|script|iframe|h1|div|font|table|a|style|title|b|body|br|p|svg|math|object|embed|meta|link|img|form|base|!--|\?xml)(?=[\s>/]|$)/i;

/** True when the start of a text looks like markup a browser could run. */
export function looksLikeMarkup(head: Buffer): boolean {
  // Skip a UTF-8 byte-order mark and leading whitespace, as browsers do before sniffing.
  const text = head
    .toString('latin1')
    .replace(/^\xef\xbb\xbf/, '')
    .replace(/^[\s\x00]+/, '');
  if (MARKUP.test(text)) return true;
  // A stray tag later in the first kilobyte is how many HTML/SVG polyglots start.
  return /<(?:script|svg|html|iframe|object|embed)[\s>/]/i.test(text.slice(0, 1024));
}

/** Identifies the type of a file from its first bytes (at least 16; 1 KiB for markup detection). */
export function sniff(head: Buffer): Sniffed {
  if (startsWith(head, [0x89, ...ascii('PNG\r\n\x1a\n')])) return { kind: 'binary', type: 'image/png' };
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { kind: 'binary', type: 'image/jpeg' };
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return { kind: 'binary', type: 'image/gif' };
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return { kind: 'binary', type: 'image/webp' };
  // The PDF header must be at the very start: bytes before it are how PDF polyglots hide another format.
  if (startsWith(head, ascii('%PDF-'))) return { kind: 'binary', type: 'application/pdf' };
  for (const r of REFUSED_SIGNATURES) {
    if (startsWith(head, r.sig, r.at ?? 0)) return { kind: 'refused', type: r.type, reason: `${r.type} files are not accepted` };
  }
  if (looksLikeMarkup(head)) return { kind: 'refused', type: 'text/html', reason: 'HTML, SVG and XML files are not accepted' };
  if (startsWith(head, [0xfe, 0xff]) || startsWith(head, [0xff, 0xfe])) {
    return { kind: 'refused', type: 'text/plain; charset=utf-16', reason: 'text files must be UTF-8' };
  }
  return { kind: 'text' };
}

/** The lower-cased type of a Content-Type header without its parameters, aliases resolved. */
export function normalizeDeclared(contentType: string | undefined | null): string {
  const base = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return ALIASES[base] ?? base;
}

export const isGenericType = (declared: string) => GENERIC.has(declared);

/** The extension of the last path segment, lower-cased, or null when the name has none. */
export function extensionOf(name: string): string | null {
  const last = name.split('/').pop() ?? '';
  const dot = last.lastIndexOf('.');
  if (dot <= 0 || dot === last.length - 1) return null;
  return last.slice(dot + 1).toLowerCase();
}

/** The allowed type an extension stands for, or null when it is not on the allow list. */
export function typeForExtension(ext: string): AllowedType | null {
  for (const [type, exts] of Object.entries(EXTENSIONS) as [AllowedType, readonly string[]][]) {
    if (exts.includes(ext)) return type;
  }
  return null;
}

export const isAllowedType = (t: string): t is AllowedType => (ALLOWED_TYPES as readonly string[]).includes(t);

/** Whether a type matches a bucket's allowed_mime_types entry (exact or "image/*"). */
export function mimeMatches(type: string, pattern: string): boolean {
  const p = pattern.trim().toLowerCase();
  if (p === '*/*' || p === '*') return true;
  if (p.endsWith('/*')) return type.startsWith(p.slice(0, -1));
  return normalizeDeclared(p) === type;
}

/**
 * Streaming text check: UTF-8 without control characters other than tab, line feed, form feed and
 * carriage return. Feed every chunk, then call done().
 */
export class TextChecker {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private ok = true;
  update(chunk: Buffer): void {
    if (!this.ok) return;
    for (const b of chunk) {
      if ((b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d) || b === 0x7f) {
        this.ok = false;
        return;
      }
    }
    try {
      this.decoder.decode(chunk, { stream: true });
    } catch {
      this.ok = false;
    }
  }
  done(): boolean {
    if (!this.ok) return false;
    try {
      this.decoder.decode();
      return true;
    } catch {
      return false;
    }
  }
}
