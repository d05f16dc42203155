import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';

/**
 * Where object bytes live. Keys are chosen by the server (never from a user's path), and every
 * version of an object gets a new key, so a failed overwrite never touches the bytes in use.
 * Uploads are staged in a local file first (to inspect and re-encode them); put() takes that file.
 * Two stores exist: files in the data folder (default) and an S3-compatible bucket (S3BlobStore).
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
    checkKey(key);
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

const checkKey = (key: string): void => {
  if (!/^[a-z0-9][a-z0-9-]{7,80}$/.test(key)) throw new Error(`Invalid blob key ${key}`);
};

export interface S3Settings {
  /** e.g. https://s3.eu-central-1.amazonaws.com or http://127.0.0.1:9000 (MinIO); path-style URLs are used. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Optional key prefix inside the bucket, e.g. "market/" */
  prefix?: string;
}

/**
 * Blobs in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Garage...), signed with SigV4 and
 * addressed path-style (endpoint/bucket/key), which every S3-compatible server understands.
 * Uploads are still staged on the local disk (they are inspected and re-encoded there first).
 */
export class S3BlobStore implements BlobStore {
  private readonly client: AwsClient;
  private readonly base: string;

  constructor(
    private readonly s: S3Settings,
    private readonly stagingRoot: string,
  ) {
    this.client = new AwsClient({
      accessKeyId: s.accessKeyId,
      secretAccessKey: s.secretAccessKey,
      service: 's3',
      region: s.region,
      retries: 2,
    });
    this.base = `${s.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(s.bucket)}/`;
  }

  private urlOf(key: string): string {
    checkKey(key);
    return `${this.base}${this.s.prefix ?? ''}${key}`;
  }

  async stagingFile(): Promise<string> {
    const dir = path.join(this.stagingRoot, '.staging');
    await mkdir(dir, { recursive: true });
    return path.join(dir, randomUUID());
  }

  private async fail(what: string, res: Response): Promise<never> {
    const body = await res.text().catch(() => '');
    throw new Error(`S3 ${what} failed: HTTP ${res.status} ${body.slice(0, 300)}`);
  }

  async put(key: string, stagedFile: string): Promise<void> {
    const body = await readFile(stagedFile);
    const res = await this.client.fetch(this.urlOf(key), {
      method: 'PUT',
      body,
      headers: { 'content-length': String(body.length), 'content-type': 'application/octet-stream' },
    });
    if (!res.ok) await this.fail(`PUT ${key}`, res);
    await res.arrayBuffer();
    await rm(stagedFile, { force: true });
  }

  async get(key: string): Promise<{ stream: Readable; size: number } | null> {
    const res = await this.client.fetch(this.urlOf(key), { method: 'GET' });
    if (res.status === 404) {
      await res.arrayBuffer().catch(() => undefined);
      return null;
    }
    if (!res.ok || !res.body) await this.fail(`GET ${key}`, res);
    const size = Number(res.headers.get('content-length') ?? NaN);
    return { stream: Readable.fromWeb(res.body as unknown as WebReadableStream<Uint8Array>), size: Number.isFinite(size) ? size : 0 };
  }

  async copy(fromKey: string, toKey: string): Promise<void> {
    checkKey(fromKey);
    const source = `/${encodeURIComponent(this.s.bucket)}/${this.s.prefix ?? ''}${fromKey}`;
    const res = await this.client.fetch(this.urlOf(toKey), { method: 'PUT', headers: { 'x-amz-copy-source': source } });
    const text = await res.text();
    if (res.status === 404 || /<Code>NoSuchKey<\/Code>/.test(text)) throw new BlobMissingError(fromKey);
    // S3 may answer 200 and put the error in the body of a copy.
    if (!res.ok || /<Error>/.test(text)) throw new Error(`S3 COPY ${fromKey} -> ${toKey} failed: HTTP ${res.status} ${text.slice(0, 300)}`);
  }

  async delete(key: string): Promise<void> {
    const res = await this.client.fetch(this.urlOf(key), { method: 'DELETE' });
    if (!res.ok && res.status !== 404) await this.fail(`DELETE ${key}`, res);
    await res.arrayBuffer().catch(() => undefined);
  }
}

/** A new, never reused blob key. */
export const newBlobKey = (): string => randomUUID();

/** The store a configuration selects: its S3-compatible bucket, or files under <DATA_DIR>/storage (e.g. for seeding). */
export function blobStoreFromConfig(config: { dataDir: string; storageS3?: S3Settings | null }): BlobStore {
  const local = path.join(config.dataDir, 'storage');
  return config.storageS3 ? new S3BlobStore(config.storageS3, local) : new LocalBlobStore(local);
}
