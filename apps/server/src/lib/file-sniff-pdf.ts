/**
 * PDF checks beyond the header: active content (scripts, launch actions, embedded files) and data
 * after the end of the document (how PDF+ZIP and PDF+HTML polyglots are built) are refused.
 * This is a byte-level screen, not a parser: names inside compressed object streams are not seen,
 * which is why PDFs are also served with nosniff and their own Content-Type only.
 */
const ACTIVE_NAMES = new Set(['javascript', 'js', 'launch', 'embeddedfile', 'embeddedfiles', 'richmedia', 'submitform', 'importdata']);
const TAIL_BYTES = 65_536 + 22;
const CARRY = 256;

/** Decodes the #xx escapes PDF allows in names ("/J#61vaScript" is "/JavaScript"). */
function decodeName(raw: string): string {
  return raw.replace(/#([0-9a-fA-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
}

export class PdfChecker {
  private carry = '';
  private inStream = false;
  private tail = Buffer.alloc(0);
  private problem: string | null = null;

  update(chunk: Buffer): void {
    this.tail = Buffer.concat([this.tail, chunk]);
    if (this.tail.length > TAIL_BYTES) this.tail = this.tail.subarray(this.tail.length - TAIL_BYTES);
    if (this.problem) return;
    const text = this.carry + chunk.toString('latin1');
    let pos = 0;
    // Stream bodies (mostly compressed bytes) are skipped: random bytes would look like names now and then.
    while (pos < text.length && !this.problem) {
      if (this.inStream) {
        const end = text.indexOf('endstream', pos);
        if (end < 0) {
          this.carry = text.slice(Math.max(pos, text.length - 8));
          return;
        }
        pos = end + 9;
        this.inStream = false;
        continue;
      }
      const re = /(?<!end)stream(?:\r\n|\n|\r)/g;
      re.lastIndex = pos;
      const m = re.exec(text);
      if (!m) {
        this.scanNames(text.slice(pos));
        // Keep the end: a name or the stream keyword may continue in the next chunk.
        this.carry = text.slice(Math.max(pos, text.length - CARRY));
        return;
      }
      this.scanNames(text.slice(pos, m.index));
      pos = m.index + m[0].length;
      this.inStream = true;
    }
    this.carry = '';
  }

  private scanNames(text: string): void {
    // A name runs until whitespace or a delimiter.
    for (const m of text.matchAll(/\/([^\s/<>[\]()%{}]{1,127})/g)) {
      const name = decodeName(m[1]!);
      if (ACTIVE_NAMES.has(name.toLowerCase())) {
        this.problem = `PDF files with active content (/${name}) are not accepted`;
        return;
      }
    }
  }

  /** null when the document passed, otherwise why it is refused. */
  done(): string | null {
    if (this.problem) return this.problem;
    const tail = this.tail;
    // A ZIP's end-of-central-directory record sits in its last 64 KiB; a PDF has no reason to carry one.
    if (tail.includes(Buffer.from('PK\x05\x06', 'latin1'))) return 'PDF files that also contain a ZIP archive are not accepted';
    const text = tail.toString('latin1');
    const eof = text.lastIndexOf('%%EOF');
    if (eof < 0) return 'The PDF has no end-of-file marker';
    if (!/^[\s\x00]*$/.test(text.slice(eof + 5))) return 'The PDF has data after its end-of-file marker';
    return null;
  }
}
