import { publicConfig } from '../../lib/config';
import { auth } from '../../lib/supabase';

/** What the storage service accepts for documents (it checks the content again) and its default size limit. */
export const DOCUMENT_ACCEPT = 'application/pdf,image/png,image/jpeg,image/webp,image/gif';
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

/** The organization's private documents bucket, named by the storage service after the organization's slug. */
export const documentsBucketOf = (orgSlug: string) => `${orgSlug}-documents`;

/** A file name safe in a storage path: letters, digits, dot, dash and underscore; the rest becomes a dash. */
export function safeFileName(name: string): string {
  const dot = name.lastIndexOf('.');
  const base =
    (dot > 0 ? name.slice(0, dot) : name)
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'file';
  const ext =
    dot > 0
      ? name
          .slice(dot + 1)
          .toLowerCase()
          .replace(/[^a-z0-9]/g, '')
          .slice(0, 10)
      : '';
  return ext ? `${base}.${ext}` : base;
}

// crypto.randomUUID exists only in secure contexts; a plain-http intranet host must work too.
const randomId = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * fetch() reports no upload progress; storage-js takes a fetch of our own, so uploads go through
 * XMLHttpRequest, whose upload events give the progress.
 */
function progressFetch(onProgress: (fraction: number) => void): typeof fetch {
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(init.method ?? 'GET', typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      for (const [k, v] of Object.entries((init.headers ?? {}) as Record<string, string>)) xhr.setRequestHeader(k, v);
      xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
      xhr.onload = () => {
        const headers = new Headers();
        for (const line of xhr
          .getAllResponseHeaders()
          .trim()
          .split(/[\r\n]+/)) {
          const i = line.indexOf(':');
          if (i > 0) headers.append(line.slice(0, i).trim(), line.slice(i + 1).trim());
        }
        const empty = xhr.status === 204 || xhr.status === 304;
        resolve(new Response(empty ? null : xhr.responseText, { status: xhr.status, statusText: xhr.statusText, headers }));
      };
      xhr.onerror = () => reject(new TypeError('Network error while uploading'));
      xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
      init.signal?.addEventListener('abort', () => xhr.abort());
      xhr.send(init.body as XMLHttpRequestBodyInit | null);
    });
}

/** Uploads a vendor document to the documents bucket through the storage service; resolves with its path. */
export async function uploadVendorFile(opts: {
  bucketId: string;
  vendorId: string;
  file: File;
  onProgress: (fraction: number) => void;
}): Promise<string> {
  const { StorageClient } = await import('@supabase/storage-js');
  const { data } = await auth().getSession();
  const token = data.session?.access_token;
  if (!token) throw new Error('Your session has ended; sign in again');
  const storage = new StorageClient(
    `${window.location.origin}/storage/v1`,
    { apikey: publicConfig().anonKey, Authorization: `Bearer ${token}` },
    progressFetch(opts.onProgress),
  );
  const path = `vendors/${opts.vendorId}/${randomId()}-${safeFileName(opts.file.name)}`;
  const { error } = await storage.from(opts.bucketId).upload(path, opts.file, { contentType: opts.file.type || undefined, upsert: false });
  if (error) throw error;
  return path;
}
