import { invalid } from '../../lib/errors.js';
import { checkObjectKey, SITE_PLAN_FOLDER, StorageError } from '../storage/index.js';

/** Thumbnails live in the public bucket under this folder; it is not part of the library. */
export const THUMBNAIL_FOLDER = '.thumbnails';

/**
 * Top-level folders of the public bucket that are not the library's: their own storage rule decides
 * who writes them, so the library neither adopts, shows, moves nor deletes anything there.
 */
export const RESERVED_FOLDERS = [SITE_PLAN_FOLDER] as const;
export const isReservedFolder = (folder: string): boolean => RESERVED_FOLDERS.some((r) => folder === r || folder.startsWith(`${r}/`));

export const MAX_FILE_NAME = 200;
export const MAX_FOLDER = 500;

function keyProblem(key: string): string | null {
  try {
    checkObjectKey(key);
    return null;
  } catch (err) {
    if (err instanceof StorageError) return err.message.replace(/^Invalid key: /, '').replace(/ \(.*\)$/s, '');
    throw err;
  }
}

/** A folder path: "" (top level) or "a/b"; surrounding slashes are dropped; the thumbnail folder is reserved. */
export function checkFolder(folder: string | undefined | null): string {
  const f = (folder ?? '').trim().replace(/^\/+/, '').replace(/\/+$/, '');
  if (f === '') return '';
  if (f.length > MAX_FOLDER) throw invalid('folder', `at most ${MAX_FOLDER} characters`);
  const problem = keyProblem(f);
  if (problem) throw invalid('folder', problem);
  if (f.split('/').some((s) => s.startsWith('.'))) throw invalid('folder', 'a folder name may not start with a dot');
  if (isReservedFolder(f)) throw invalid('folder', `${f.split('/')[0]} holds the site plans of market locations, not library files`);
  return f;
}

/** A file name: one path segment, no slash. */
export function checkFileName(name: string | undefined | null): string {
  const n = (name ?? '').trim();
  if (n === '') throw invalid('fileName', 'is required');
  if (n.length > MAX_FILE_NAME) throw invalid('fileName', `at most ${MAX_FILE_NAME} characters`);
  if (n.includes('/')) throw invalid('fileName', 'may not contain a slash');
  if (n.startsWith('.')) throw invalid('fileName', 'may not start with a dot');
  const problem = keyProblem(n);
  if (problem) throw invalid('fileName', problem);
  return n;
}

export const joinPath = (folder: string, name: string): string => (folder === '' ? name : `${folder}/${name}`);

/** "photo.jpg" -> ["photo", ".jpg"]. */
export function splitExtension(name: string): [string, string] {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
}

/** The folder and file name of an object path. */
export function splitPath(path: string): { folder: string; fileName: string } {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? { folder: '', fileName: path } : { folder: path.slice(0, slash), fileName: path.slice(slash + 1) };
}
