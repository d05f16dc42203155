// Routes of the asset library: files of the organization's public bucket with alt text, tags and folders.
import { z } from 'zod';
import { defineRoute } from '../common/route.js';
import {
  assetDetailSchema,
  assetFolderCreateSchema,
  assetFolderDeleteQuery,
  assetFolderMoveSchema,
  assetFolderSchema,
  assetListQuery,
  assetPageSchema,
  assetSchema,
  assetTagSchema,
  assetUpdateSchema,
  assetUploadQuery,
} from './schemas.js';

export * from './schemas.js';

const idParams = z.object({ id: z.uuid() });
const access = { permission: 'assets' } as const;
const tag = 'assets';
const ok = z.object({ ok: z.literal(true) });

export const listAssets = defineRoute({
  method: 'GET',
  path: '/assets',
  tag,
  summary:
    'Assets, newest first by default, searched by file name, alt text (en/ar) or tag, filtered by folder (optionally with subfolders), tag and type; paged',
  access,
  query: assetListQuery,
  response: assetPageSchema,
});
export const listAssetFolders = defineRoute({
  method: 'GET',
  path: '/assets/folders',
  tag,
  summary: 'Every folder of the library with its asset counts (direct and with subfolders)',
  access,
  response: z.array(assetFolderSchema),
});
export const listAssetTags = defineRoute({
  method: 'GET',
  path: '/assets/tags',
  tag,
  summary: 'Tags in use with how many assets carry each',
  access,
  response: z.array(assetTagSchema),
});
export const createAssetFolder = defineRoute({
  method: 'POST',
  path: '/assets/folders',
  tag,
  summary: 'Create an empty folder (409 when it exists)',
  access,
  body: assetFolderCreateSchema,
  response: assetFolderSchema,
  status: 201,
});
export const moveAssetFolder = defineRoute({
  method: 'POST',
  path: '/assets/folders/move',
  tag,
  summary: 'Rename or move a folder with everything in it (the storage objects move; 409 when a file would land on an existing one)',
  access,
  body: assetFolderMoveSchema,
  response: ok,
});
export const deleteAssetFolder = defineRoute({
  method: 'DELETE',
  path: '/assets/folders',
  tag,
  summary: 'Remove an empty folder (409 while it holds assets)',
  access,
  query: assetFolderDeleteQuery,
  response: ok,
});
export const uploadAsset = defineRoute({
  method: 'POST',
  path: '/assets/upload',
  tag,
  summary:
    'Upload one file (multipart/form-data, field "file") into a folder; checked by content, size and pixels, images re-encoded without metadata, thumbnail made',
  access,
  query: assetUploadQuery,
  response: assetSchema,
  status: 201,
});
export const getAsset = defineRoute({
  method: 'GET',
  path: '/assets/:id',
  tag,
  summary: 'An asset with the products using it (as media or as a media attribute value)',
  access,
  params: idParams,
  response: assetDetailSchema,
});
export const updateAsset = defineRoute({
  method: 'PATCH',
  path: '/assets/:id',
  tag,
  summary: 'Change alt text, tags (lower-cased, at most 20 of 40 characters), file name or folder (the storage object moves)',
  access,
  params: idParams,
  body: assetUpdateSchema,
  response: assetSchema,
});
export const deleteAsset = defineRoute({
  method: 'DELETE',
  path: '/assets/:id',
  tag,
  summary: 'Remove an asset and its file; refused (409) while products use it',
  access,
  params: idParams,
  response: ok,
});
