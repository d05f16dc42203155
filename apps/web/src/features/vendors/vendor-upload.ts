import { storageClient } from '../../lib/storage-upload';

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

/** Uploads a vendor document to the documents bucket through the storage service; resolves with its path. */
export async function uploadVendorFile(opts: {
  bucketId: string;
  vendorId: string;
  file: File;
  onProgress: (fraction: number) => void;
}): Promise<string> {
  const storage = await storageClient(opts.onProgress);
  const path = `vendors/${opts.vendorId}/${randomId()}-${safeFileName(opts.file.name)}`;
  const { error } = await storage.from(opts.bucketId).upload(path, opts.file, { contentType: opts.file.type || undefined, upsert: false });
  if (error) throw error;
  return path;
}
