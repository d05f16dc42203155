import { bigint, boolean, index, jsonb, pgSchema, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Supabase-Storage-compatible metadata; the bytes live in the data folder or an S3-compatible store. */
export const storageSchema = pgSchema('storage');

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const buckets = storageSchema.table(
  'buckets',
  {
    /** Globally unique (it appears in public URLs); organizations get theirs prefixed by their slug. */
    id: text('id').primaryKey(),
    orgId: uuid('org_id'),
    name: text('name').notNull(),
    owner: uuid('owner'),
    public: boolean('public').notNull().default(false),
    fileSizeLimit: bigint('file_size_limit', { mode: 'number' }),
    allowedMimeTypes: text('allowed_mime_types').array(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('buckets_org_idx').on(t.orgId)],
);

export const objects = storageSchema.table(
  'objects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bucketId: text('bucket_id')
      .notNull()
      .references(() => buckets.id, { onDelete: 'restrict' }),
    orgId: uuid('org_id'),
    /** The object's path inside the bucket, e.g. "folder/file.png". */
    name: text('name').notNull(),
    owner: uuid('owner'),
    /** size, mimetype, cacheControl, eTag, lastModified, contentLength, httpStatusCode (as Supabase stores them). */
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    userMetadata: jsonb('user_metadata').$type<Record<string, unknown>>(),
    /** Key of the bytes in the blob store (changes on every overwrite). */
    blobKey: text('blob_key').notNull(),
    version: uuid('version').notNull().defaultRandom(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    lastAccessedAt: ts('last_accessed_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('objects_bucket_name_key').on(t.bucketId, t.name), index('objects_org_idx').on(t.orgId)],
);
