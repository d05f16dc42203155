import { and, asc, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { buckets, objects, vendorUsers } from '../../db/schema/index.js';
import { escapeLike } from '../../lib/like-pattern.js';

export type BucketRow = typeof buckets.$inferSelect;
export type ObjectRow = typeof objects.$inferSelect;
export type NewObject = typeof objects.$inferInsert;

/** null scope = every bucket (service key); otherwise only the organization's. */
export type Scope = { orgId: string } | null;

const inScope = (scope: Scope): SQL | undefined => (scope ? eq(buckets.orgId, scope.orgId) : undefined);

export async function findBucket(db: DbOrTx, id: string, scope: Scope): Promise<BucketRow | null> {
  const [row] = await db
    .select()
    .from(buckets)
    .where(and(eq(buckets.id, id), inScope(scope)))
    .limit(1);
  return row ?? null;
}

export async function findBucketById(db: DbOrTx, id: string): Promise<BucketRow | null> {
  return findBucket(db, id, null);
}

export interface BucketListOptions {
  limit: number;
  offset: number;
  search?: string;
  sortColumn: 'id' | 'name' | 'created_at' | 'updated_at';
  sortOrder: 'asc' | 'desc';
}

const BUCKET_SORT = { id: buckets.id, name: buckets.name, created_at: buckets.createdAt, updated_at: buckets.updatedAt } as const;

/** onlyIds: the buckets the caller may see at all (null for every bucket in scope). */
export async function listBuckets(db: DbOrTx, scope: Scope, o: BucketListOptions, onlyIds: string[] | null = null): Promise<BucketRow[]> {
  if (onlyIds && onlyIds.length === 0) return [];
  const escaped = o.search === undefined ? undefined : escapeLike(o.search);
  const col = BUCKET_SORT[o.sortColumn];
  return db
    .select()
    .from(buckets)
    .where(
      and(inScope(scope), onlyIds ? inArray(buckets.id, onlyIds) : undefined, escaped ? ilike(buckets.name, `%${escaped}%`) : undefined),
    )
    .orderBy(o.sortOrder === 'desc' ? desc(col) : asc(col), asc(buckets.id))
    .limit(o.limit)
    .offset(o.offset);
}

export async function insertBuckets(db: DbOrTx, rows: (typeof buckets.$inferInsert)[]): Promise<void> {
  await db.insert(buckets).values(rows).onConflictDoNothing({ target: buckets.id });
}

export async function insertBucket(db: DbOrTx, row: typeof buckets.$inferInsert): Promise<BucketRow> {
  const [created] = await db.insert(buckets).values(row).returning();
  return created!;
}

export async function findBucketsByIds(db: DbOrTx, ids: string[]): Promise<BucketRow[]> {
  return db.select().from(buckets).where(inArray(buckets.id, ids));
}

export async function updateBucket(db: DbOrTx, id: string, patch: Partial<typeof buckets.$inferInsert>): Promise<BucketRow | null> {
  const [row] = await db
    .update(buckets)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(buckets.id, id))
    .returning();
  return row ?? null;
}

export async function deleteBucket(db: DbOrTx, id: string): Promise<void> {
  await db.delete(buckets).where(eq(buckets.id, id));
}

export async function bucketHasObjects(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: objects.id }).from(objects).where(eq(objects.bucketId, id)).limit(1);
  return Boolean(row);
}

/** The vendor a user account acts for in the organization (vendor_users), or null. */
export async function vendorIdOfUser(db: DbOrTx, orgId: string, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ vendorId: vendorUsers.vendorId })
    .from(vendorUsers)
    .where(and(eq(vendorUsers.orgId, orgId), eq(vendorUsers.userId, userId)))
    .limit(1);
  return row?.vendorId ?? null;
}

export async function findObject(db: DbOrTx, bucketId: string, name: string): Promise<ObjectRow | null> {
  const [row] = await db
    .select()
    .from(objects)
    .where(and(eq(objects.bucketId, bucketId), eq(objects.name, name)))
    .limit(1);
  return row ?? null;
}

export async function lockObject(db: DbOrTx, bucketId: string, name: string): Promise<ObjectRow | null> {
  const [row] = await db
    .select()
    .from(objects)
    .where(and(eq(objects.bucketId, bucketId), eq(objects.name, name)))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function insertObject(db: DbOrTx, row: NewObject): Promise<ObjectRow> {
  const [created] = await db.insert(objects).values(row).returning();
  return created!;
}

export async function updateObject(db: DbOrTx, id: string, patch: Partial<NewObject>): Promise<ObjectRow> {
  const [row] = await db.update(objects).set(patch).where(eq(objects.id, id)).returning();
  return row!;
}

export async function deleteObjects(db: DbOrTx, bucketId: string, names: string[]): Promise<ObjectRow[]> {
  if (names.length === 0) return [];
  return db
    .delete(objects)
    .where(and(eq(objects.bucketId, bucketId), inArray(objects.name, names)))
    .returning();
}

export async function deleteAllObjects(db: DbOrTx, bucketId: string): Promise<ObjectRow[]> {
  return db.delete(objects).where(eq(objects.bucketId, bucketId)).returning();
}

export interface ListEntry {
  name: string;
  id: string | null;
  created_at: Date | null;
  updated_at: Date | null;
  last_accessed_at: Date | null;
  metadata: Record<string, unknown> | null;
}

export interface ObjectListOptions {
  prefix: string;
  search: string;
  limit: number;
  offset: number;
  sortColumn: 'name' | 'created_at' | 'updated_at' | 'last_accessed_at';
  sortOrder: 'asc' | 'desc';
}

/**
 * One level of a bucket, as storage.search answers it: the folders directly under the prefix
 * (name only, everything else null) first, then the files, each sorted by the chosen column.
 * search matches the start of the entry's name, ignoring case.
 */
export async function listLevel(db: DbOrTx, bucketId: string, o: ObjectListOptions): Promise<ListEntry[]> {
  const dir = sql.raw(o.sortOrder === 'desc' ? 'desc' : 'asc');
  const col = sql.raw(o.sortColumn === 'name' ? 'name' : o.sortColumn);
  const result = await db.execute(sql`
    with matched as (
      select id, substr(name, ${o.prefix.length + 1}) as rest, created_at, updated_at, last_accessed_at, metadata
      from storage.objects
      where bucket_id = ${bucketId}
        and left(name, ${o.prefix.length}) = ${o.prefix}
        and starts_with(lower(substr(name, ${o.prefix.length + 1})), lower(${o.search}))
    ), entries as (
      select split_part(rest, '/', 1) as name, null::uuid as id, null::timestamptz as created_at,
             null::timestamptz as updated_at, null::timestamptz as last_accessed_at, null::jsonb as metadata, 0 as kind
      from matched where strpos(rest, '/') > 0
      group by split_part(rest, '/', 1)
      union all
      select rest, id, created_at, updated_at, last_accessed_at, metadata, 1 as kind
      from matched where strpos(rest, '/') = 0
    )
    select name, id, created_at, updated_at, last_accessed_at, metadata from entries
    order by kind, ${col} ${dir} nulls last, name ${dir}
    limit ${o.limit} offset ${o.offset}`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  const toDate = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v)));
  return rows.map((r) => ({
    name: String(r.name),
    id: (r.id as string | null) ?? null,
    created_at: toDate(r.created_at),
    updated_at: toDate(r.updated_at),
    last_accessed_at: toDate(r.last_accessed_at),
    metadata: (typeof r.metadata === 'string' ? JSON.parse(r.metadata) : r.metadata) as Record<string, unknown> | null,
  }));
}

/** Several audit rows in one statement (emptying a bucket removes many objects at once). */
