import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import { visualPieces, type Dir, type FontFace } from './bidi.js';

// A4 documents with text in English and Arabic (statements, invoices). pdfkit writes the PDF and shapes Arabic
// with fontkit; fonts come from the Noto families shipped as npm packages (Noto Sans for Latin letters and digits,
// Noto Naskh Arabic), embedded as subsets. Lines are laid out by bidi.ts, one piece per font, never wrapped: a
// text longer than its box is cut with an ellipsis, so a table keeps its rows.

const require = createRequire(import.meta.url);
const fontFile = (pkg: string, file: string) => readFileSync(require.resolve(`${pkg}/files/${file}`));

let fonts: Record<`${FontFace}-${'regular' | 'bold'}`, Buffer> | null = null;
function loadFonts() {
  fonts ??= {
    'latin-regular': fontFile('@fontsource/noto-sans', 'noto-sans-latin-400-normal.woff'),
    'latin-bold': fontFile('@fontsource/noto-sans', 'noto-sans-latin-700-normal.woff'),
    'arabic-regular': fontFile('@fontsource/noto-naskh-arabic', 'noto-naskh-arabic-arabic-400-normal.woff'),
    'arabic-bold': fontFile('@fontsource/noto-naskh-arabic', 'noto-naskh-arabic-arabic-700-normal.woff'),
  };
  return fonts;
}

export interface TextStyle {
  size?: number;
  bold?: boolean;
  /** Grey (secondary text). */
  muted?: boolean;
}

export interface Box {
  x: number;
  width: number;
  /** Where the text sits in its box: 'start' is the left of an English line and the right of an Arabic one. */
  align?: 'start' | 'end' | 'center';
}

export const PAGE = { width: 595.28, height: 841.89, margin: 42 };

export class PdfWriter {
  readonly doc: PDFKit.PDFDocument;
  readonly dir: Dir;
  y = PAGE.margin;

  constructor(dir: Dir, info: { title: string }) {
    this.dir = dir;
    this.doc = new PDFDocument({ size: 'A4', margin: PAGE.margin, info: { Title: info.title }, autoFirstPage: true });
    for (const [name, data] of Object.entries(loadFonts())) this.doc.registerFont(name, data);
  }

  /** The usable width and the page's content box. */
  get contentWidth(): number {
    return PAGE.width - 2 * PAGE.margin;
  }

  private face(face: FontFace, style: TextStyle) {
    return this.doc.font(`${face}-${style.bold ? 'bold' : 'regular'}`).fontSize(style.size ?? 10);
  }

  /** Width of a line as drawn (pieces in their fonts). */
  measure(text: string, style: TextStyle = {}): number {
    return visualPieces(text, this.dir).reduce((w, p) => w + this.face(p.face, style).widthOfString(p.text), 0);
  }

  /** The line cut to `width` with an ellipsis when it is longer. */
  fit(text: string, width: number, style: TextStyle = {}): string {
    if (this.measure(text, style) <= width) return text;
    const chars = [...text];
    let lo = 0;
    let hi = chars.length;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (this.measure(`${chars.slice(0, mid).join('')}…`, style) <= width) lo = mid;
      else hi = mid - 1;
    }
    return `${chars.slice(0, lo).join('').trimEnd()}…`;
  }

  /** One line of text at `y` in a box; x runs left to right on the page whatever the language. */
  line(text: string, box: Box, y = this.y, style: TextStyle = {}): void {
    const fitted = this.fit(text, box.width, style);
    const width = this.measure(fitted, style);
    const align = box.align ?? 'start';
    const toLeft = align === 'center' ? 'center' : (align === 'start') === (this.dir === 'ltr') ? 'left' : 'right';
    let x = toLeft === 'left' ? box.x : toLeft === 'right' ? box.x + box.width - width : box.x + (box.width - width) / 2;
    this.doc.fillColor(style.muted ? '#555555' : '#111111');
    for (const p of visualPieces(fitted, this.dir)) {
      const font = this.face(p.face, style);
      font.text(p.text, x, y, { lineBreak: false });
      x += font.widthOfString(p.text);
    }
  }

  /** A box of the page's width, mirrored on a right-to-left page: `from` is measured from the start side. */
  column(from: number, width: number, align: Box['align'] = 'start'): Box {
    const x = this.dir === 'ltr' ? PAGE.margin + from : PAGE.width - PAGE.margin - from - width;
    return { x, width, align };
  }

  rule(y = this.y, weight = 0.5): void {
    this.doc
      .moveTo(PAGE.margin, y)
      .lineTo(PAGE.width - PAGE.margin, y)
      .lineWidth(weight)
      .strokeColor('#999999')
      .stroke();
  }

  /** Starts a new page when fewer than `needed` points are left; answers whether it did. */
  ensure(needed: number): boolean {
    if (this.y + needed <= PAGE.height - PAGE.margin) return false;
    this.doc.addPage();
    this.y = PAGE.margin;
    return true;
  }

  /** The finished PDF. */
  end(): Promise<Buffer> {
    const chunks: Buffer[] = [];
    return new Promise((resolve, reject) => {
      this.doc.on('data', (c: Buffer) => chunks.push(c));
      this.doc.on('end', () => resolve(Buffer.concat(chunks)));
      this.doc.on('error', reject);
      this.doc.end();
    });
  }
}
