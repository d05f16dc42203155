import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import sharp, { type Metadata } from 'sharp';
import type { AllowedType } from '../../lib/file-sniff.js';
import { badContent } from './storage.errors.js';

/** Decoded size limit: a few kilobytes of PNG can claim billions of pixels (decompression bomb). */
export const MAX_PIXELS = 40_000_000;

// Inputs are staged files with unique names; libvips' operation cache would only hold memory.
sharp.cache(false);

const SHARP_FORMAT: Record<string, AllowedType> = { png: 'image/png', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

/**
 * Re-encodes an image (first frame only) into a new file: EXIF, XMP, ICC, comments and anything
 * appended after the image data are dropped, and the EXIF orientation is applied to the pixels.
 * Returns the new size and MD5.
 */
export async function reencodeImage(input: string, type: AllowedType, output: string): Promise<{ size: number; md5: string }> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw badContent('The image could not be read: the file is damaged or not really an image');
  }
  if (!meta.format || SHARP_FORMAT[meta.format] !== type) throw badContent(`The file content is not a valid ${type} image`);
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (width < 1 || height < 1) throw badContent('The image has no pixels');
  if (width * height > MAX_PIXELS) {
    throw badContent(`The image is ${width} x ${height} pixels; the limit is ${MAX_PIXELS / 1_000_000} megapixels`);
  }
  let pipeline = sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'error', pages: 1 }).rotate();
  if (type === 'image/png') pipeline = pipeline.png({ compressionLevel: 6 });
  else if (type === 'image/jpeg') pipeline = pipeline.jpeg({ quality: 88 });
  else if (type === 'image/webp') pipeline = pipeline.webp({ quality: 88 });
  else pipeline = pipeline.gif();
  let data: Buffer;
  try {
    data = await pipeline.toBuffer();
  } catch {
    throw badContent('The image could not be decoded: the file is damaged or truncated');
  }
  await writeFile(output, data, { flag: 'wx' });
  return { size: data.length, md5: createHash('md5').update(data).digest('hex') };
}
