// What other modules use of storage (/storage/v1): the blob store, the organization's standard
// buckets, objects by bucket and path, signed and public URLs, and the upload intake (staging, checks,
// metadata) that asset and application uploads share with storage's own, and the one-file form both
// of them read.
export { storageRoutes } from './storage.routes.js';
export { blobStoreFor, findObject, mimetypeOf, signedObjectUrl, signObjectToken } from './storage.service.js';
export { ensureOrgBuckets, orgBucketIds } from './storage.access.js';
export { StorageError } from './storage.errors.js';
export { acceptStaged, DEFAULT_FILE_SIZE_LIMIT, MAX_FILE_SIZE_LIMIT, stageUpload, type Accepted, type Staged } from './storage.intake.js';
export { removeObjects, systemMetadata, writeObject } from './storage.objects.js';
export { DEFAULT_CACHE_CONTROL } from './storage.receive.js';
export { fileError, formError, receiveFormFile, splitFileName, type FormFile } from './storage.form-file.js';
export { checkObjectKey, publicObjectUrl } from './storage.paths.js';
export { SITE_PLAN_FOLDER } from './storage.rules.js';
export {
  deleteObjects,
  findBucket,
  findBucketById,
  insertObject,
  updateObject,
  type BucketRow,
  type ObjectRow,
} from './storage.repository.js';
