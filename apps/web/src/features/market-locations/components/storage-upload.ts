import { storageClient } from '../../../lib/storage-upload';

/** Largest plan image accepted before upload; the storage service applies its own limit too. */
export const PLAN_IMAGE_MAX_MB = 10;
export const PLAN_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/** Uploads a site plan into the organization's public bucket and returns its object path and public URL. */
export async function uploadPlanImage(
  orgSlug: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<{ path: string; url: string }> {
  const client = await storageClient((fraction) => onProgress(Math.round(100 * fraction)), 'optional');
  const bucket = `${orgSlug}-public`;
  const ext = file.type === 'image/png' ? 'png' : file.type === 'image/webp' ? 'webp' : 'jpg';
  const path = `market-locations/${crypto.randomUUID()}.${ext}`;
  const res = await client.from(bucket).upload(path, file, { contentType: file.type, upsert: false, cacheControl: '3600' });
  if (res.error) throw res.error;
  return { path: res.data.path, url: new URL(client.from(bucket).getPublicUrl(res.data.path).data.publicUrl).pathname };
}
