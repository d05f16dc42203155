import { z } from 'zod';
import { concurrencyShape } from '../common/concurrency.js';
import { pageLimitQuery } from '../common/paging.js';
import { ASSET_SORTS, ASSET_TYPES, MAX_ASSET_ALT_LENGTH, MAX_ASSET_TAGS, MAX_ASSET_TAG_LENGTH } from './constants.js';

export * from './constants.js';

const uuid = z.uuid();

// A folder path: "" is the top level; otherwise segments joined by "/", none starting with a dot.
const folderPath = z
  .string()
  .trim()
  .max(500, 'at most 500 characters')
  .regex(
    /^(?:[^/.\\?#%\u0000-\u001f\u007f][^/\\?#%\u0000-\u001f\u007f]*(?:\/[^/.\\?#%\u0000-\u001f\u007f][^/\\?#%\u0000-\u001f\u007f]*)*)?$/,
    'folder names separated by /, none empty or starting with a dot, without \\ ? # % or control characters',
  );
const requiredFolder = folderPath.refine((v) => v !== '', 'is required');
const fileName = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(200, 'at most 200 characters')
  .regex(
    /^[^/.\\?#%\u0000-\u001f\u007f][^/\\?#%\u0000-\u001f\u007f]*$/,
    'a file name without / \\ ? # % or control characters, not starting with a dot',
  );
const alt = z.string().trim().max(MAX_ASSET_ALT_LENGTH, `at most ${MAX_ASSET_ALT_LENGTH} characters`);
const tag = z.string().trim().min(1, 'must not be empty').max(MAX_ASSET_TAG_LENGTH, `each at most ${MAX_ASSET_TAG_LENGTH} characters`);
const tags = z.array(tag).max(MAX_ASSET_TAGS, `at most ${MAX_ASSET_TAGS} tags`);

const page = z
  .string()
  .regex(/^\d{1,6}$/, 'must be a whole number from 1')
  .transform(Number)
  .pipe(z.number().int().min(1, 'must be at least 1'));
const bool = z.enum(['true', 'false'], 'must be true or false').transform((v) => v === 'true');

export const assetListQuery = z
  .object({
    q: z.string().trim().max(200, 'at most 200 characters').optional(),
    folder: folderPath.optional(),
    subfolders: bool.optional(),
    tag: tag.optional(),
    type: z.enum(ASSET_TYPES, 'must be image, pdf or other').optional(),
    sort: z.enum(ASSET_SORTS, `must be one of ${ASSET_SORTS.join(', ')}`).optional(),
    page: page.optional(),
    limit: pageLimitQuery.optional(),
  })
  .strict();
export type AssetListQuery = z.input<typeof assetListQuery>;

export const assetUploadQuery = z.object({ folder: folderPath.optional() }).strict();

export const assetSchema = z.object({
  id: uuid,
  bucketId: z.string(),
  path: z.string(),
  folder: z.string(),
  fileName: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  checksum: z.string(),
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
  altEn: z.string(),
  altAr: z.string(),
  tags: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Asset = z.infer<typeof assetSchema>;

export const assetPageSchema = z.object({
  items: z.array(assetSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type AssetPage = z.infer<typeof assetPageSchema>;

export const assetUsageSchema = z.object({
  productId: uuid,
  sku: z.string(),
  nameEn: z.string(),
  nameAr: z.string(),
  /** As product media, as the value of a media attribute, or both. */
  usedAs: z.array(z.enum(['media', 'attribute'])),
});
export type AssetUsage = z.infer<typeof assetUsageSchema>;

export const assetDetailSchema = assetSchema.extend({ usedBy: z.array(assetUsageSchema) });
export type AssetDetail = z.infer<typeof assetDetailSchema>;

export const assetUpdateSchema = z
  .object({
    altEn: alt.optional(),
    altAr: alt.optional(),
    tags: tags.optional(),
    fileName: fileName.optional(),
    folder: folderPath.optional(),
    ...concurrencyShape,
  })
  .strict();
export type AssetUpdate = z.infer<typeof assetUpdateSchema>;

export const assetFolderSchema = z.object({
  path: z.string(),
  name: z.string(),
  parent: z.string().nullable(),
  /** Assets directly in the folder, and with its subfolders. */
  count: z.number().int(),
  total: z.number().int(),
});
export type AssetFolder = z.infer<typeof assetFolderSchema>;

export const assetFolderCreateSchema = z.object({ path: requiredFolder }).strict();
export const assetFolderMoveSchema = z.object({ from: requiredFolder, to: requiredFolder }).strict();
export const assetFolderDeleteQuery = z.object({ path: requiredFolder }).strict();
export const assetTagSchema = z.object({ tag: z.string(), count: z.number().int() });
