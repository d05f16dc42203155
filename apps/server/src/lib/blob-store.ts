import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where object bytes live. Keys are chosen by the server (never from a user's path), and every
 * version of an object gets a new key, so a failed overwrite never touches the bytes in use.
 * Uploads are staged in a local file first (to inspect and re-encode them); put() takes that file.
 * Only the local folder store exists today; an S3-compatible store implements the same four calls.
 */
export interface BlobStore {
  /** Stores a staged local file under key; the staged file is consumed. */
  put(key: string, stagedFile: string): Promise<void>;
  /** The bytes of key, or null when they are missing. */
  get(key: string): Promise<{ stream: Readable; size: number } | null>;
  copy(fromKey: string, toKey: string): Promise<void>;
  /** Removes key; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** A fresh path for staging an upload on the local disk. */
  stagingFile(): Promise<string>;
}

export class BlobMissingError extends Error {}

/** Blobs as files under root: root/objects/<2 chars>/<key>; staging in root/.staging (same file system, so put is a rename). */
export class LocalBlobStore implements BlobStore {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    if (!/^[a-z0-9][a-z0-9-]{7,80}$/.test(key)) throw new Error(`Invalid blob key ${key}`);
    return path.join(this.root, 'objects', key.slice(0, 2), key);
  }

  async stagingFile(): Promise<string> {
    const dir = path.join(this.root, '.staging');
    await mkdir(dir, { recursive: true });
    return path.join(dir, randomUUID());
  }

  async put(key: string, stagedFile: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Flush the bytes before the rename makes them visible, so a crash never leaves a short file under a key.
    const fh = await open(stagedFile, 'r');
    try {
      await fh.datasync();
    } finally {
      await fh.close();
    }
    await rename(stagedFile, target);
  }

  async get(key: string): Promise<{ stream: Readable; size: number } | null> {
    const file = this.pathOf(key);
    try {
      const s = await stat(file);
      return { stream: createReadStream(file), size: s.size };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async copy(fromKey: string, toKey: string): Promise<void> {
    const staged = await this.stagingFile();
    try {
      await copyFile(this.pathOf(fromKey), staged);
    } catch (err) {
      await rm(staged, { force: true });
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new BlobMissingError(fromKey);
      throw err;
    }
    await this.put(toKey, staged);
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}

/** A new, never reused blob key. */
export const newBlobKey = (): string => randomUUID();
