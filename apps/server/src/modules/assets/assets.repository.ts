import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { assets, objects } from '../../db/schema/index.js';
import { joinPath, RESERVED_FOLDERS, splitExtension } from './assets.paths.js';
import { escapeLike } from '../../lib/like-pattern.js';

export type AssetRow = typeof assets.$inferSelect;
export type NewAsset = typeof assets.$inferInsert;

export async function insertAsset(db: DbOrTx, row: NewAsset): Promise<AssetRow> {
  const [created] = await db.insert(assets).values(row).returning();
  return created!;
}

/** fileName when no object of the bucket has folder/fileName, otherwise the first free "name-2.ext", "name-3.ext"... */
export async function freeName(db: DbOrTx, bucketId: string, folder: string, fileName: string): Promise<string> {
  const [base, ext] = splitExtension(fileName);
  const stem = joinPath(folder, base);
  const rows = await db
    .select({ name: objects.name })
    .from(objects)
    .where(and(eq(objects.bucketId, bucketId), sql`left(${objects.name}, ${stem.length}) = ${stem}`));
  const taken = new Set(rows.map((r) => r.name));
  if (!taken.has(joinPath(folder, fileName))) return fileName;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}${ext}`;
    if (!taken.has(joinPath(folder, candidate))) return candidate;
  }
}

// ---------------------------------------------------------------- queries of the library

export interface ListOptions {
  orgId: string;
  q?: string;
  folder?: string;
  subfolders: boolean;
  tag?: string;
  type?: 'image' | 'pdf' | 'other';
  sort: 'created_desc' | 'created_asc' | 'name_asc' | 'name_desc' | 'size_desc' | 'size_asc';
  limit: number;
  offset: number;
}

function listWhere(o: ListOptions): SQL {
  const parts: SQL[] = [eq(assets.orgId, o.orgId)];
  if (o.folder !== undefined) {
    if (!o.subfolders) parts.push(eq(assets.folder, o.folder));
    else if (o.folder !== '')
      parts.push(sql`(${assets.folder} = ${o.folder} or left(${assets.folder}, ${o.folder.length + 1}) = ${`${o.folder}/`})`);
  }
  if (o.q) {
    const like = `%${escapeLike(o.q)}%`;
    parts.push(
      sql`(${assets.fileName} ilike ${like} or ${assets.altEn} ilike ${like} or ${assets.altAr} ilike ${like} or exists (select 1 from unnest(${assets.tags}) t where t ilike ${like}))`,
    );
  }
  if (o.tag) parts.push(sql`${assets.tags} @> array[${o.tag.toLowerCase()}]::text[]`);
  if (o.type === 'image') parts.push(sql`${assets.mimeType} like 'image/%'`);
  else if (o.type === 'pdf') parts.push(eq(assets.mimeType, 'application/pdf'));
  else if (o.type === 'other') parts.push(sql`${assets.mimeType} not like 'image/%' and ${assets.mimeType} <> 'application/pdf'`);
  return and(...parts)!;
}

const ORDER: Record<ListOptions['sort'], SQL[]> = {
  created_desc: [desc(assets.createdAt), desc(assets.id)],
  created_asc: [asc(assets.createdAt), asc(assets.id)],
  name_asc: [sql`lower(${assets.fileName}) asc`, asc(assets.id)],
  name_desc: [sql`lower(${assets.fileName}) desc`, desc(assets.id)],
  size_desc: [desc(assets.sizeBytes), desc(assets.id)],
  size_asc: [asc(assets.sizeBytes), asc(assets.id)],
};

export async function listAssets(db: DbOrTx, o: ListOptions): Promise<{ rows: AssetRow[]; total: number }> {
  const where = listWhere(o);
  const rows = await db
    .select()
    .from(assets)
    .where(where)
    .orderBy(...ORDER[o.sort])
    .limit(o.limit)
    .offset(o.offset);
  const [c] = await db.select({ n: count() }).from(assets).where(where);
  return { rows, total: Number(c?.n ?? 0) };
}

export async function findAsset(db: DbOrTx, orgId: string, id: string, forUpdate = false): Promise<AssetRow | null> {
  const q = db
    .select()
    .from(assets)
    .where(and(eq(assets.orgId, orgId), eq(assets.id, id)))
    .limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

export async function updateAsset(db: DbOrTx, id: string, patch: Partial<NewAsset>): Promise<AssetRow> {
  const [row] = await db
    .update(assets)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(assets.id, id))
    .returning();
  return row!;
}

export async function folderCounts(db: DbOrTx, orgId: string): Promise<{ folder: string; n: number }[]> {
  const rows = await db.select({ folder: assets.folder, n: count() }).from(assets).where(eq(assets.orgId, orgId)).groupBy(assets.folder);
  return rows.map((r) => ({ folder: r.folder, n: Number(r.n) }));
}

export const PLACEHOLDER = '.emptyFolderPlaceholder';

/** Folders kept alive by a placeholder object (empty folders, as Supabase Studio makes them). */
export async function placeholderFolders(db: DbOrTx, bucketId: string): Promise<string[]> {
  const rows = await db
    .select({ name: objects.name })
    .from(objects)
    .where(and(eq(objects.bucketId, bucketId), sql`right(${objects.name}, ${PLACEHOLDER.length + 1}) = ${`/${PLACEHOLDER}`}`));
  return rows.map((r) => r.name.slice(0, -(PLACEHOLDER.length + 1)));
}

export async function tagCounts(db: DbOrTx, orgId: string): Promise<{ tag: string; count: number }[]> {
  const result = await db.execute(sql`
    select t as tag, count(*)::int as count from assets, unnest(tags) t
    where org_id = ${orgId} group by t order by count(*) desc, t limit 500`);
  return rowsOf(result).map((r) => ({ tag: String(r.tag), count: Number(r.count) }));
}

/** Products that show the asset: as media, or as the value of an attribute (plain, localised or a list). */
export async function usageOf(
  db: DbOrTx,
  orgId: string,
  assetId: string,
): Promise<{ productId: string; sku: string; nameEn: string; nameAr: string; media: boolean; attribute: boolean }[]> {
  const result = await db.execute(sql`
    select p.id, p.sku, p.name_en, p.name_ar,
      exists (select 1 from product_media pm where pm.product_id = p.id and pm.asset_id = ${assetId}) as media,
      ${valueUses(assetId)} as attribute
    from products p
    where p.org_id = ${orgId}
      and (exists (select 1 from product_media pm where pm.product_id = p.id and pm.asset_id = ${assetId}) or ${valueUses(assetId)})
    order by p.sku limit 500`);
  return rowsOf(result).map((r) => ({
    productId: String(r.id),
    sku: String(r.sku),
    nameEn: String(r.name_en),
    nameAr: String(r.name_ar ?? ''),
    media: r.media === true || r.media === 't',
    attribute: r.attribute === true || r.attribute === 't',
  }));
}

const valueUses = (assetId: string): SQL => sql`exists (
  select 1 from jsonb_each(p.values) e
  where e.value = to_jsonb(${assetId}::text)
     or (jsonb_typeof(e.value) = 'array' and e.value @> jsonb_build_array(${assetId}::text))
     or (jsonb_typeof(e.value) = 'object' and exists (select 1 from jsonb_each(e.value) x where x.value = to_jsonb(${assetId}::text))))`;

export async function usageCount(db: DbOrTx, orgId: string, assetId: string): Promise<number> {
  const result = await db.execute(sql`
    select count(*)::int as n from products p
    where p.org_id = ${orgId}
      and (exists (select 1 from product_media pm where pm.product_id = p.id and pm.asset_id = ${assetId}) or ${valueUses(assetId)})`);
  return Number(rowsOf(result)[0]?.n ?? 0);
}

/** Assets in the folder or below it. */
export async function countInFolder(db: DbOrTx, orgId: string, folder: string): Promise<number> {
  const [c] = await db
    .select({ n: count() })
    .from(assets)
    .where(
      and(eq(assets.orgId, orgId), sql`(${assets.folder} = ${folder} or left(${assets.folder}, ${folder.length + 1}) = ${`${folder}/`})`),
    );
  return Number(c?.n ?? 0);
}

/** Objects of the bucket under folder/ (any depth). */
export async function objectsUnder(db: DbOrTx, bucketId: string, folder: string): Promise<{ id: string; name: string; blobKey: string }[]> {
  return db
    .select({ id: objects.id, name: objects.name, blobKey: objects.blobKey })
    .from(objects)
    .where(and(eq(objects.bucketId, bucketId), sql`left(${objects.name}, ${folder.length + 1}) = ${`${folder}/`}`));
}

/** Renames every object under from/ to to/ and the assets with them, in the caller's transaction. */
export async function moveFolder(db: DbOrTx, orgId: string, bucketId: string, from: string, to: string): Promise<number> {
  const n = from.length + 1;
  const moved = await db
    .update(objects)
    .set({ name: sql`${to} || substr(${objects.name}, ${n})`, updatedAt: new Date() })
    .where(and(eq(objects.bucketId, bucketId), sql`left(${objects.name}, ${n}) = ${`${from}/`}`))
    .returning({ id: objects.id });
  await db
    .update(assets)
    .set({
      path: sql`${to} || substr(${assets.path}, ${n})`,
      folder: sql`case when ${assets.folder} = ${from} then ${to} else ${to} || substr(${assets.folder}, ${n}) end`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(assets.orgId, orgId),
        eq(assets.bucketId, bucketId),
        sql`(${assets.folder} = ${from} or left(${assets.folder}, ${n}) = ${`${from}/`})`,
      ),
    );
  return moved.length;
}

/** Names that moving from/ to to/ would collide with. */
export async function moveCollisions(db: DbOrTx, bucketId: string, from: string, to: string): Promise<number> {
  const n = from.length + 1;
  const result = await db.execute(sql`
    select count(*)::int as n from storage.objects s
    where s.bucket_id = ${bucketId} and left(s.name, ${n}) = ${`${from}/`}
      and exists (select 1 from storage.objects d where d.bucket_id = ${bucketId} and d.name = ${to} || substr(s.name, ${n}))`);
  return Number(rowsOf(result)[0]?.n ?? 0);
}

// ---------------------------------------------------------------- lazy sync with storage

/** Objects of the public bucket without an asset row (uploaded through /storage/v1); hidden names and thumbnails are skipped. */
export async function unsyncedObjects(db: DbOrTx, bucketId: string, limit: number) {
  return db
    .select()
    .from(objects)
    .where(
      and(
        eq(objects.bucketId, bucketId),
        sql`not exists (select 1 from assets a where a.object_id = ${objects.id})`,
        sql`${objects.name} !~ '(^|/)\\.'`,
        ...RESERVED_FOLDERS.map((f) => sql`not starts_with(${objects.name}, ${`${f}/`})`),
      ),
    )
    .limit(limit);
}

/** Follows renames and overwrites made through /storage/v1: path, folder, name, size and type come from the object. */
export async function refreshFromObjects(db: DbOrTx, orgId: string, bucketId: string): Promise<void> {
  await db.execute(sql`
    update assets a set
      path = o.name,
      folder = case when strpos(o.name, '/') > 0 then regexp_replace(o.name, '/[^/]*$', '') else '' end,
      file_name = regexp_replace(o.name, '^.*/', ''),
      size_bytes = coalesce((o.metadata->>'size')::bigint, a.size_bytes),
      mime_type = coalesce(o.metadata->>'mimetype', a.mime_type),
      updated_at = now()
    from storage.objects o
    where a.org_id = ${orgId} and a.bucket_id = ${bucketId} and o.id = a.object_id
      and (o.name <> a.path or coalesce((o.metadata->>'size')::bigint, a.size_bytes) <> a.size_bytes)`);
}

function rowsOf(result: unknown): Record<string, unknown>[] {
  return (result as { rows: Record<string, unknown>[] }).rows;
}
