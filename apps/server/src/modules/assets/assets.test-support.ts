import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { App } from '../../app.js';
import { products, productMedia } from '../../db/schema/index.js';

/** A multipart/form-data body with one file in the field "file" (or another field name). */
export function multipart(
  file: Buffer,
  filename: string,
  type: string,
  field = 'file',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----test${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    'utf8',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, file, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const pngOf = (w = 40, h = 20, color = 'red') =>
  sharp({ create: { width: w, height: h, channels: 3, background: color } })
    .png()
    .toBuffer();

/** A bare product row (the asset tests only need something that refers to an asset). */
export async function productUsing(app: App, orgId: string, o: { media?: string; value?: unknown }) {
  const [p] = await app.ctx.db
    .insert(products)
    .values({
      orgId,
      sku: `SKU-${randomUUID().slice(0, 8)}`,
      nameEn: 'Honey jar',
      nameAr: 'جرة عسل',
      values: o.value === undefined ? {} : { [randomUUID()]: o.value },
      completeness: { en: { score: 0, missing: [] }, ar: { score: 0, missing: [] } } as never,
    })
    .returning();
  if (o.media) await app.ctx.db.insert(productMedia).values({ orgId, productId: p!.id, assetId: o.media, position: 0 });
  return p!;
}
