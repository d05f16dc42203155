// Zod-free: the values forms need in the browser, reachable from `@market/contracts/plain`. The schemas use them.
export const ASSET_TYPES = ['image', 'pdf', 'other'] as const;
export type AssetType = (typeof ASSET_TYPES)[number];
export const ASSET_SORTS = ['created_desc', 'created_asc', 'name_asc', 'name_desc', 'size_desc', 'size_asc'] as const;
export type AssetSort = (typeof ASSET_SORTS)[number];
export const MAX_ASSET_TAGS = 20;
export const MAX_ASSET_TAG_LENGTH = 40;
export const MAX_ASSET_ALT_LENGTH = 500;
/** Largest file the library takes (the public bucket's limit applies when lower). */
export const ASSET_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
