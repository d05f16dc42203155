import { createHash } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import type { BlobStore } from '../../lib/blob-store.js';
import { PdfChecker } from '../../lib/file-sniff-pdf.js';
import {
  extensionOf,
  IMAGE_TYPES,
  isAllowedType,
  isGenericType,
  mimeMatches,
  sniff,
  TextChecker,
  typeForExtension,
  type AllowedType,
  type Sniffed,
} from '../../lib/file-sniff.js';
import { badContent, invalidRequest, mimeNotAllowed, tooLarge } from './storage.errors.js';
import { reencodeImage } from './storage.images.js';

/** Default and largest upload size; a bucket's file_size_limit can lower the default or raise it up to the maximum. */
export const DEFAULT_FILE_SIZE_LIMIT = 10 * 1024 * 1024;
export const MAX_FILE_SIZE_LIMIT = 50 * 1024 * 1024;

const HEAD_BYTES = 1024;

export interface Staged {
  file: string;
  size: number;
  md5: string;
  sniffed: Sniffed;
  /** Text validity or PDF problem, decided while the bytes streamed by. */
  textOk: boolean;
  pdfProblem: string | null;
}

/** Streams an upload into a staging file, counting, hashing and screening it; over the limit it stops with 413. */
export async function stageUpload(store: BlobStore, source: AsyncIterable<Buffer | Uint8Array | string>, limit: number): Promise<Staged> {
  const file = await store.stagingFile();
  const fh = await open(file, 'wx');
  const hash = createHash('md5');
  const headParts: Buffer[] = [];
  let size = 0;
  let sniffed: Sniffed | null = null;
  const text = new TextChecker();
  const pdf = new PdfChecker();
  const feed = (chunk: Buffer) => {
    if (sniffed?.kind === 'text') text.update(chunk);
    else if (sniffed?.kind === 'binary' && sniffed.type === 'application/pdf') pdf.update(chunk);
  };
  try {
    for await (const c of source) {
      const chunk = typeof c === 'string' ? Buffer.from(c) : Buffer.isBuffer(c) ? c : Buffer.from(c.buffer, c.byteOffset, c.byteLength);
      size += chunk.length;
      if (size > limit) throw tooLarge(limit);
      hash.update(chunk);
      await fh.write(chunk);
      if (sniffed) feed(chunk);
      else {
        headParts.push(chunk);
        if (size >= HEAD_BYTES) {
          sniffed = sniff(Buffer.concat(headParts));
          feed(Buffer.concat(headParts));
        }
      }
    }
    if (!sniffed) {
      sniffed = sniff(Buffer.concat(headParts));
      feed(Buffer.concat(headParts));
    }
    await fh.close();
  } catch (err) {
    await fh.close().catch(() => undefined);
    await rm(file, { force: true });
    throw err;
  }
  const isPdf = sniffed.kind === 'binary' && sniffed.type === 'application/pdf';
  return {
    file,
    size,
    md5: hash.digest('hex'),
    sniffed,
    textOk: sniffed.kind === 'text' && text.done(),
    pdfProblem: isPdf ? pdf.done() : null,
  };
}

export interface Accepted {
  file: string;
  size: number;
  md5: string;
  mimetype: AllowedType;
  reencoded: boolean;
}

/**
 * Decides what the staged bytes are and whether they may be stored under key: the type comes from
 * the content and must agree with the declared type and the name's extension; images are re-encoded.
 * The staged file is consumed (removed or replaced) in every case.
 */
export async function acceptStaged(
  store: BlobStore,
  staged: Staged,
  o: { key: string; declared: string; allowedMimeTypes: string[] | null },
): Promise<Accepted> {
  try {
    const type = decideType(staged, o.key, o.declared);
    if (o.allowedMimeTypes && o.allowedMimeTypes.length > 0 && !o.allowedMimeTypes.some((p) => mimeMatches(type, p))) {
      throw mimeNotAllowed(type, 'this bucket does not accept it');
    }
    if (!IMAGE_TYPES.includes(type)) return { file: staged.file, size: staged.size, md5: staged.md5, mimetype: type, reencoded: false };
    const out = await store.stagingFile();
    try {
      const { size, md5 } = await reencodeImage(staged.file, type, out);
      await rm(staged.file, { force: true });
      return { file: out, size, md5, mimetype: type, reencoded: true };
    } catch (err) {
      await rm(out, { force: true });
      throw err;
    }
  } catch (err) {
    await rm(staged.file, { force: true });
    throw err;
  }
}

function decideType(staged: Staged, key: string, declared: string): AllowedType {
  if (staged.size === 0) throw invalidRequest('The file is empty');
  const s = staged.sniffed;
  if (s.kind === 'refused') throw mimeNotAllowed(s.type, s.reason);
  if (!isGenericType(declared) && !isAllowedType(declared)) throw mimeNotAllowed(declared);
  const ext = extensionOf(key);
  const extType = ext === null ? null : typeForExtension(ext);
  if (ext !== null && extType === null) throw mimeNotAllowed(`.${ext}`, 'files with this extension are not accepted');

  let type: AllowedType;
  if (s.kind === 'binary') {
    type = s.type;
    if (s.type === 'application/pdf' && staged.pdfProblem) throw badContent(staged.pdfProblem);
  } else {
    if (!staged.textOk)
      throw mimeNotAllowed(
        'application/octet-stream',
        'the content is not an accepted file type (PNG, JPEG, GIF, WebP, PDF, UTF-8 text or CSV)',
      );
    type = declared === 'text/csv' || extType === 'text/csv' ? 'text/csv' : 'text/plain';
  }
  const isText = (t: string | null) => t === 'text/plain' || t === 'text/csv';
  if (!isGenericType(declared) && declared !== type && !(isText(declared) && isText(type))) {
    throw badContent(`The file content is ${type} but it was declared as ${declared}`);
  }
  if (extType !== null && extType !== type && !(isText(extType) && isText(type))) {
    throw badContent(`The file content is ${type} but its name ends with .${ext}`);
  }
  return type;
}
