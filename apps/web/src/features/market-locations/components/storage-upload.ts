import { publicConfig } from '../../../lib/config';
import { auth } from '../../../lib/supabase';

/** Largest plan image accepted before upload; the storage service applies its own limit too. */
export const PLAN_IMAGE_MAX_MB = 10;
export const PLAN_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/**
 * fetch over XMLHttpRequest, only to report upload progress (fetch cannot); storage-js accepts a
 * custom fetch, so the upload itself still goes through the library.
 */
function progressFetch(onProgress: (percent: number) => void): typeof fetch {
  return (input, init) =>
    new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(init?.method ?? 'GET', typeof input === 'string' || input instanceof URL ? String(input) : input.url);
      new Headers(init?.headers).forEach((value, key) => xhr.setRequestHeader(key, value));
      xhr.responseType = 'blob';
      xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((100 * e.loaded) / e.total));
      xhr.onload = () => {
        const headers = new Headers();
        for (const line of xhr
          .getAllResponseHeaders()
          .trim()
          .split(/[\r\n]+/)) {
          const i = line.indexOf(':');
          if (i > 0) headers.append(line.slice(0, i).trim(), line.slice(i + 1).trim());
        }
        resolve(
          new Response(xhr.status === 204 ? null : (xhr.response as Blob), { status: xhr.status, statusText: xhr.statusText, headers }),
        );
      };
      xhr.onerror = () => reject(new TypeError('Network error during upload'));
      xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
      init?.signal?.addEventListener('abort', () => xhr.abort());
      xhr.send((init?.body ?? null) as XMLHttpRequestBodyInit | null);
    });
}

/** Uploads a site plan into the organization's public bucket and returns its object path and public URL. */
export async function uploadPlanImage(
  orgSlug: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<{ path: string; url: string }> {
  const { StorageClient } = await import('@supabase/storage-js');
  const { data } = await auth().getSession();
  const token = data.session?.access_token ?? publicConfig().anonKey;
  const client = new StorageClient(
    `${window.location.origin}/storage/v1`,
    { apikey: publicConfig().anonKey, Authorization: `Bearer ${token}` },
    progressFetch(onProgress),
  );
  const bucket = `${orgSlug}-public`;
  const ext = file.type === 'image/png' ? 'png' : file.type === 'image/webp' ? 'webp' : 'jpg';
  const path = `market-locations/${crypto.randomUUID()}.${ext}`;
  const res = await client.from(bucket).upload(path, file, { contentType: file.type, upsert: false, cacheControl: '3600' });
  if (res.error) throw res.error;
  return { path: res.data.path, url: new URL(client.from(bucket).getPublicUrl(res.data.path).data.publicUrl).pathname };
}
