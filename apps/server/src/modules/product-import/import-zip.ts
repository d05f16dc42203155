import { randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { Unzip, UnzipInflate, type UnzipFile } from 'fflate';
import { ASSET_UPLOAD_MAX_BYTES, IMPORT_LIMITS } from '@market/contracts/plain';
import type { BlobStore } from '../../lib/blob-store.js';
import { AppError } from '../../lib/errors.js';

// A ZIP upload: one CSV or XLSX file and the images its rows name by file name. Entries are read as a stream and
// written to staging files; nothing of an entry's path is ever used on the disk (only its base name, to match the
// rows), and the expansion is bounded in total and against the compressed size (a zip bomb stops early).

export interface ZipImage {
  /** The base name as written in the archive. */
  name: string;
  key: string;
  size: number;
}

export interface ZipContents {
  /** The staged data file and its name in the archive. */
  data: { file: string; name: string; xlsx: boolean };
  /** Images by lower-case base name; a name found twice maps to null (a row naming it is an error). */
  images: Record<string, ZipImage | null>;
  /** Entries left out: other file types, system folders, unsafe paths, images over the size limit. */
  skipped: string[];
}

const IMAGE = /\.(jpe?g|png|webp|gif)$/i;
const DATA = /\.(csv|txt|xlsx)$/i;
/** Expansion allowed per byte of the archive (text compresses about 10:1; a zip bomb 1000:1 and more). */
const MAX_RATIO = 100;
const MAX_ENTRIES = 20_000;

const refused = (message: string) => new AppError(422, 'validation_failed', message, [{ field: 'file', message }]);

/** The base name of a safe entry path, or null for a directory, a system file or a path that tries to leave the archive. */
export function safeBaseName(path: string): string | null {
  if (!path || path.endsWith('/') || path.includes('\0')) return null;
  const parts = path.split(/[\\/]/);
  if (/^[a-z]:$/i.test(parts[0] ?? '') || path.startsWith('/') || path.startsWith('\\') || parts.includes('..')) return null;
  if (parts.some((p) => p === '__MACOSX' || p.startsWith('.'))) return null;
  const base = parts[parts.length - 1]!;
  return base.trim() ? base : null;
}

/** Extracts a ZIP upload: the data file and the images, each into a staging file (images then into the blob store). */
export async function extractZip(stream: Readable, compressedSize: number, store: BlobStore): Promise<ZipContents> {
  let expanded = 0;
  let entries = 0;
  let failure: Error | null = null;
  const pending: Promise<void>[] = [];
  const staged: { file: string; name: string; base: string; kind: 'data' | 'image'; size: number; done: Promise<void> }[] = [];
  const skipped: string[] = [];
  const limit = Math.min(IMPORT_LIMITS.expandedBytes, Math.max(compressedSize * MAX_RATIO, 16 * 1024 * 1024));

  const unzip = new Unzip((entry: UnzipFile) => {
    if (failure) return;
    if (++entries > MAX_ENTRIES) {
      failure = refused(`The ZIP holds more than ${MAX_ENTRIES} entries`);
      return;
    }
    const base = safeBaseName(entry.name);
    const kind = base && DATA.test(base) ? 'data' : base && IMAGE.test(base) ? 'image' : null;
    if (!base || !kind) {
      skipped.push(entry.name);
      return;
    }
    const target = { file: '', name: entry.name, base, kind, size: 0, done: Promise.resolve() } as (typeof staged)[number];
    staged.push(target);
    let out: WriteStream | null = null;
    let resolveDone!: () => void;
    let rejectDone!: (e: Error) => void;
    target.done = new Promise<void>((res, rej) => {
      resolveDone = res;
      rejectDone = rej;
    });
    const opened = store.stagingFile().then((file) => {
      target.file = file;
      out = createWriteStream(file);
      out.on('error', rejectDone);
    });
    pending.push(opened);
    entry.ondata = (err, chunk, final) => {
      if (err) {
        failure = refused(`The entry ${entry.name} of the ZIP cannot be read`);
        return;
      }
      expanded += chunk.length;
      target.size += chunk.length;
      if (expanded > limit) {
        failure = refused('The ZIP expands to more than it may (a file this compressed is refused)');
        return;
      }
      if (kind === 'image' && target.size > ASSET_UPLOAD_MAX_BYTES) {
        target.kind = 'image';
        target.size = Number.POSITIVE_INFINITY;
      }
      const copy = Buffer.from(chunk);
      pending.push(
        opened.then(
          () =>
            new Promise<void>((res) => {
              if (Number.isFinite(target.size)) out!.write(copy, () => res());
              else res();
              if (final) out!.end(() => resolveDone());
            }),
        ),
      );
    };
    entry.start();
  });
  unzip.register(UnzipInflate);
  try {
    for await (const chunk of stream) {
      if (failure) break;
      try {
        unzip.push(chunk as Uint8Array);
      } catch {
        failure = refused('The file is not a valid ZIP archive');
      }
      // Writing keeps pace with reading, so memory holds about one chunk per entry.
      await Promise.all(pending.splice(0));
    }
    if (!failure) unzip.push(new Uint8Array(0), true);
    await Promise.all(pending.splice(0));
    if (!failure) await Promise.all(staged.map((s) => s.done));
  } catch (err) {
    failure ??= err instanceof Error ? err : new Error(String(err));
  } finally {
    stream.destroy();
  }
  const cleanup = async () => Promise.all(staged.filter((s) => s.file).map((s) => rm(s.file, { force: true })));
  if (failure) {
    await cleanup();
    throw failure;
  }
  const data = staged.filter((s) => s.kind === 'data');
  if (data.length !== 1) {
    await cleanup();
    throw refused(
      data.length ? `The ZIP holds ${data.length} CSV or XLSX files; put exactly one in it` : 'The ZIP holds no CSV or XLSX file',
    );
  }
  const images: Record<string, ZipImage | null> = {};
  const fit = staged.filter((x) => x.kind === 'image' && Number.isFinite(x.size));
  const count = new Map<string, number>();
  for (const s of fit) count.set(s.base.toLowerCase(), (count.get(s.base.toLowerCase()) ?? 0) + 1);
  for (const s of staged.filter((x) => x.kind === 'image')) {
    const k = s.base.toLowerCase();
    if (!Number.isFinite(s.size) || (count.get(k) ?? 0) > 1) {
      // Over the size limit, or a name found twice (a row naming it cannot tell which is meant).
      if (!Number.isFinite(s.size)) skipped.push(s.name);
      else images[k] = null;
      await rm(s.file, { force: true });
      continue;
    }
    const key = `import-${randomUUID()}`;
    await store.put(key, s.file);
    images[k] = { name: s.base, key, size: s.size };
  }
  return { data: { file: data[0]!.file, name: data[0]!.base, xlsx: /\.xlsx$/i.test(data[0]!.base) }, images, skipped };
}
