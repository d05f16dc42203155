import { publicConfig } from './config';
import { auth } from './supabase';

/**
 * fetch over XMLHttpRequest, only to report upload progress (fetch cannot); storage-js accepts a
 * custom fetch, so the upload itself still goes through the library. `onProgress` gets the share
 * sent, 0..1.
 */
export function progressFetch(onProgress: (fraction: number) => void): typeof fetch {
  return (input, init) =>
    new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(init?.method ?? 'GET', typeof input === 'string' || input instanceof URL ? String(input) : input.url);
      new Headers(init?.headers).forEach((value, key) => xhr.setRequestHeader(key, value));
      xhr.responseType = 'blob';
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
        resolve(new Response(empty ? null : (xhr.response as Blob), { status: xhr.status, statusText: xhr.statusText, headers }));
      };
      xhr.onerror = () => reject(new TypeError('Network error during upload'));
      xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
      init?.signal?.addEventListener('abort', () => xhr.abort());
      xhr.send((init?.body ?? null) as XMLHttpRequestBodyInit | null);
    });
}

/**
 * A storage-js client for /storage/v1 as the signed-in user (the anon key when `session` is
 * 'optional' and nobody is signed in), reporting upload progress.
 */
export async function storageClient(onProgress: (fraction: number) => void, session: 'required' | 'optional' = 'required') {
  const { StorageClient } = await import('@supabase/storage-js');
  const { data } = await auth().getSession();
  const token = data.session?.access_token ?? (session === 'optional' ? publicConfig().anonKey : null);
  if (!token) throw new Error('Your session has ended; sign in again');
  return new StorageClient(
    `${window.location.origin}/storage/v1`,
    { apikey: publicConfig().anonKey, Authorization: `Bearer ${token}` },
    progressFetch(onProgress),
  );
}
