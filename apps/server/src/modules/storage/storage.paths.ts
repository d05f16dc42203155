import { invalidBucketName, invalidKey } from './storage.errors.js';

export const MAX_KEY_LENGTH = 1024;

/** Site-relative public URL of an object, in the form storage-js `getPublicUrl` builds (each segment encoded). */
export function publicObjectUrl(bucketId: string, path: string): string {
  return `/storage/v1/object/public/${[bucketId, ...path.split('/')].map(encodeURIComponent).join('/')}`;
}

/** Path segments of our own routes that a bucket may not be called (the URLs would be ambiguous). */
const RESERVED_BUCKETS = new Set(['public', 'authenticated', 'sign', 'info', 'list', 'list-v2', 'upload', 'move', 'copy', 'render']);

const BUCKET_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

export function checkBucketId(id: unknown): string {
  if (typeof id !== 'string' || id === '') throw invalidBucketName('a bucket id is required');
  if (!BUCKET_RE.test(id))
    throw invalidBucketName('use 1 to 100 letters, digits, dots, dashes or underscores, starting with a letter or digit');
  if (RESERVED_BUCKETS.has(id.toLowerCase())) throw invalidBucketName(`${id} is reserved`);
  return id;
}

// C0/C1 controls, DEL, and the bidirectional overrides used to disguise extensions ("gpj.exe").
const FORBIDDEN_CHARS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\\]/;

/**
 * An object key as stored: relative, slash-separated, no empty, "." or ".." segments, no
 * backslashes or control characters, at most 1024 characters. Refused, never repaired.
 */
export function checkObjectKey(key: unknown): string {
  if (typeof key !== 'string' || key === '') throw invalidKey('', 'the object path is empty');
  if (key.length > MAX_KEY_LENGTH) throw invalidKey(key, `the object path is longer than ${MAX_KEY_LENGTH} characters`);
  if (FORBIDDEN_CHARS.test(key)) throw invalidKey(key, 'the object path contains a backslash, a control character or a direction override');
  // Clients put paths into URLs without encoding them: these would become a query, a fragment or an escape.
  if (/[?#%]/.test(key)) throw invalidKey(key, 'the object path may not contain ?, # or %');
  if (key.startsWith('/')) throw invalidKey(key, 'the object path must be relative (no leading slash)');
  if (key.endsWith('/')) throw invalidKey(key, 'the object path must name a file, not a folder');
  for (const seg of key.split('/')) {
    if (seg === '') throw invalidKey(key, 'the object path has an empty segment (//)');
    if (seg === '.' || seg === '..') throw invalidKey(key, 'the object path has a "." or ".." segment');
    if (seg.trim() !== seg || seg.trim() === '') throw invalidKey(key, 'a path segment starts or ends with a space');
  }
  return key;
}

/** A list prefix: "" for the bucket's top level, otherwise a folder path ending with "/". */
export function normalizePrefix(prefix: unknown): string {
  if (prefix === undefined || prefix === null || prefix === '') return '';
  if (typeof prefix !== 'string') throw invalidKey('', 'prefix must be a string');
  const trimmed = prefix.replace(/^\/+/, '').replace(/\/+$/, '');
  if (trimmed === '') return '';
  checkObjectKey(trimmed);
  return `${trimmed}/`;
}

/** Splits the wildcard of /object/{bucket}/{path} into a checked bucket id and key. */
export function splitBucketPath(wildcard: string): { bucketId: string; key: string } {
  const slash = wildcard.indexOf('/');
  if (slash < 0) throw invalidKey(wildcard, 'expected {bucket}/{path}');
  return { bucketId: checkBucketId(wildcard.slice(0, slash)), key: checkObjectKey(wildcard.slice(slash + 1)) };
}
